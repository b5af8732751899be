import { InputText } from 'primereact/inputtext';
import type { EditorDeItem } from '../../components/form/items-field';
import { CampoBusca, type OpcaoBusca } from '../../components/form/campo-busca';
import { BUSCA_DA_PORTARIA } from './busca';
import type { NovoItemForm } from './romaneio-lote';

/**
 * The gate's product editor (new item): a search over the producer's items harvestable on the dates chosen. Enter picks
 * the first match and the focus goes to the quantity; a text typed while the items load (or matching nothing) is left
 * to the form (`aoDigitar`), which adds it when they arrive or says why it was not added.
 */
export const editorProduto =
  (o: {
    /** A fresh box after an entry was queued (its text went to the queue). */
    chave: number;
    opcoes: OpcaoBusca<number>[];
    aoDigitar: (texto: string | null) => void;
    esperando: boolean;
    placeholder: string;
    vazio: (texto: string) => string;
  }): EditorDeItem<NovoItemForm> =>
  (e) => (
    <CampoBusca
      key={o.chave}
      id={e.id}
      {...BUSCA_DA_PORTARIA}
      rotulo="Produtos"
      opcoes={o.opcoes}
      value={e.valor}
      onChange={e.mudar}
      aoEscolher={e.seguir}
      aoDigitar={o.aoDigitar}
      carregando={o.esperando}
      seguirSemEscolha
      placeholder={o.placeholder}
      vazio={o.vazio}
      aria-invalid={e.erro ? true : undefined}
      aria-describedby={e.descritoPor}
      className={e.erro ? 'p-invalid' : undefined}
    />
  );

/**
 * The new item's quantity: a plain input taking digits, '.' and ',' (pt-BR: '60', '120,5', '1.250'); the draft keeps
 * the text as typed, and adding reads its number from it (lerQuantidade), so Enter adds exactly what was typed.
 */
export const editorQuantidadeDigitada: EditorDeItem<NovoItemForm> = (p) => (
  <InputText
    id={p.id}
    inputMode="decimal"
    autoComplete="off"
    value={(p.valor as string | null) ?? ''}
    onChange={(e) => p.mudar(e.target.value.replace(/[^\d.,]/g, ''))}
    aria-invalid={p.erro ? true : undefined}
    aria-describedby={p.descritoPor}
    className={p.erro ? 'p-invalid' : undefined}
  />
);
