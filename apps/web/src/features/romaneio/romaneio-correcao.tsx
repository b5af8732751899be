import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { InputText } from 'primereact/inputtext';
import type { Dispatch, SetStateAction } from 'react';
import { formatDate, type RomaneioItem } from '@ceasa/shared';
import { PrintDialog } from '../../components/print/print-dialog';
import { BUSCA_DA_PORTARIA } from './busca';
import { CampoBusca } from '../../components/form/campo-busca';
import { CampoPedras } from './campo-pedras';
import { AvisoQrLocal, EtiquetasRomaneio } from './romaneio-etiquetas';
import { useCorrecaoRomaneio, type Inclusao, type PropsDaCorrecao } from './use-correcao-romaneio';

/**
 * A saved romaneio's correction, on its edit page: products added (the producer's bulletin items
 * harvestable on its date) or removed, its stalls changed to others free on its date, and the reason, all saved in one
 * PUT romaneio with the romaneio's `versao`; the audit log keeps the reason with the before and after. Then the labels
 * of the products added (the only labels a correction changes) are offered for printing.
 */
export function CorrecaoRomaneio(p: PropsDaCorrecao) {
  const r = p.registro;
  const c = useCorrecaoRomaneio(p);
  return (
    <fieldset className="romaneio-correcao form-largo" aria-describedby="correcao-ajuda">
      <legend>Correção</legend>
      <p id="correcao-ajuda" className="muted">
        Inclua ou remova produtos e troque as pedras (livres em {formatDate(r.dataEmissao)}); informe o motivo e clique em Corrigir romaneio.
      </p>
      <ProdutosARemover itens={r.itens} removidos={c.removidos} setRemovidos={c.setRemovidos} />
      <IncluirProduto inc={c.inc} />
      <ListaDeInclusoes inclusoes={c.inc.inclusoes} setInclusoes={c.inc.setInclusoes} />
      <div className="field">
        <label htmlFor="correcao-pedras">Pedras corrigidas</label>
        <CampoPedras id="correcao-pedras" livres={c.livres.lista} carregando={c.livres.carregando} temDatas value={c.pedras} onChange={c.setPedras} />
      </div>
      <MotivoDaCorrecao motivo={c.motivo} mudar={c.mudarMotivo} erro={c.erroMotivo} />
      <Button type="button" label="Corrigir romaneio" icon="pi pi-check" loading={c.salvando} onClick={c.salvar} />
      {c.etiquetas && (
        <PrintDialog visible onHide={() => c.setEtiquetas(null)} titulo="Etiquetas alteradas" header={false}>
          <AvisoQrLocal />
          <EtiquetasRomaneio romaneios={[c.etiquetas]} />
        </PrintDialog>
      )}
    </fieldset>
  );
}

/** One checkbox per saved product: ticked, the correction removes it. */
function ProdutosARemover(p: { itens: RomaneioItem[]; removidos: Set<number>; setRemovidos: Dispatch<SetStateAction<Set<number>>> }) {
  const marcar = (id: number, marcado: boolean | undefined) =>
    p.setRemovidos((s) => {
      const n = new Set(s);
      if (marcado) n.add(id);
      else n.delete(id);
      return n;
    });
  return (
    <div className="romaneio-correcao-remover" role="group" aria-label="Produtos a remover">
      {p.itens.map((i) => (
        <div key={i.id} className="field-checkbox">
          <Checkbox inputId={`correcao-remover-${i.id}`} checked={p.removidos.has(i.id)} onChange={(e) => marcar(i.id, e.checked)} />
          <label htmlFor={`correcao-remover-${i.id}`}>Remover {i.produtoNome}</label>
        </div>
      ))}
    </div>
  );
}

/** The product and quantity to add; Enter in the quantity adds it. */
function IncluirProduto({ inc }: { inc: ReturnType<typeof useCorrecaoRomaneio>['inc'] }) {
  return (
    <div
      className="romaneio-correcao-incluir"
      onKeyDown={(e) => {
        if (e.key !== 'Enter' || e.ctrlKey || e.metaKey || (e.target as HTMLElement).tagName !== 'INPUT') return;
        e.preventDefault();
        if ((e.target as HTMLElement).id === 'correcao-quantidade') inc.incluir();
      }}
    >
      <div className="field">
        <label htmlFor="correcao-produto">Produto a incluir</label>
        <CampoBusca
          id="correcao-produto"
          {...BUSCA_DA_PORTARIA}
          rotulo="Produtos a incluir"
          opcoes={inc.opcoes}
          value={inc.produto}
          onChange={inc.setProduto}
          aoEscolher={() => document.getElementById('correcao-quantidade')?.focus()}
          carregando={inc.carregando}
          placeholder="Digite o produto e Enter"
          vazio="Nenhum produto do produtor colhível nesta data"
        />
      </div>
      <div className="field">
        <label htmlFor="correcao-quantidade">Quantidade a incluir</label>
        <InputText
          id="correcao-quantidade"
          inputMode="decimal"
          autoComplete="off"
          value={inc.quantidade}
          onChange={(e) => inc.setQuantidade(e.target.value.replace(/[^\d.,]/g, ''))}
        />
      </div>
      <Button type="button" label="Incluir produto" icon="pi pi-plus" outlined onClick={inc.incluir} />
      {inc.erroInclusao && (
        <small className="p-error" role="alert">
          {inc.erroInclusao}
        </small>
      )}
    </div>
  );
}

/** The products added so far, each with its button to take it back. */
function ListaDeInclusoes(p: { inclusoes: Inclusao[]; setInclusoes: Dispatch<SetStateAction<Inclusao[]>> }) {
  if (p.inclusoes.length === 0) return null;
  return (
    <ul className="romaneio-correcao-inclusoes" aria-label="Produtos a incluir na correção">
      {p.inclusoes.map((i) => (
        <li key={i.item.id}>
          {i.item.produtoNome}: {String(i.quantidade).replace('.', ',')} {i.item.produtoEmbalagem}
          <Button
            type="button"
            icon="pi pi-times"
            text
            size="small"
            aria-label={`Não incluir ${i.item.produtoNome}`}
            onClick={() => p.setInclusoes((l) => l.filter((x) => x !== i))}
          />
        </li>
      ))}
    </ul>
  );
}

function MotivoDaCorrecao(p: { motivo: string; mudar: (v: string) => void; erro?: string }) {
  return (
    <div className="field">
      <label htmlFor="correcao-motivo">Motivo da correção</label>
      <InputText
        id="correcao-motivo"
        value={p.motivo}
        maxLength={500}
        onChange={(e) => p.mudar(e.target.value)}
        aria-invalid={p.erro ? true : undefined}
        aria-describedby={p.erro ? 'correcao-motivo-erro' : undefined}
        className={p.erro ? 'p-invalid' : undefined}
      />
      {p.erro && (
        <small id="correcao-motivo-erro" className="p-error" role="alert">
          {p.erro}
        </small>
      )}
    </div>
  );
}
