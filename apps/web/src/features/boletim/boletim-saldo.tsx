import { formatDate, formatKg, type Boletim } from '@ceasa/shared';
import { DadosImpressos } from '../../components/print/dados-impressos';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';

/** Zero quantities are shown blank on the balance report (docs/produto/dados.md); the others in kg, with their unit. */
const qtd = (v: number) => (Number(v) === 0 ? '' : formatKg(v));

/** Whose and where a bulletin is, the first heading data of its balance and of its items' notebooks. */
export const dadosDoBoletim = (x: Pick<Boletim, 'produtorNome' | 'propriedadeNome' | 'propriedadeMunicipioNome' | 'tecnicoNome'>): [string, string][] => [
  ['Produtor', x.produtorNome],
  ['Propriedade', x.propriedadeNome],
  ['Município', x.propriedadeMunicipioNome],
  ['Técnico', x.tecnicoNome],
];

/** The printed bulletin balance: per item estimated, commercialised and balance (kg), with the property's municipality. */
export function BoletimSaldo({ boletim, onHide }: { boletim: Boletim | null; onHide: () => void }) {
  const b = boletim;
  return (
    <PrintDialog visible={!!b} onHide={onHide} titulo={b ? `Saldo do Boletim ${b.id}` : 'Saldo do Boletim'}>
      {b && (
        <>
          <DadosImpressos
            dados={[
              ...dadosDoBoletim(b),
              ['Data Visita', formatDate(b.dataVisita)],
              ['Data Emissão', formatDate(b.dataEmissao)],
              ['Vigência', formatDate(b.dataVigencia)],
            ]}
          />
          <PrintTable
            rows={b.itens}
            vazio="Nenhum item no boletim"
            columns={[
              { header: 'Produto', cell: (i) => i.produtoNome },
              { header: 'Embalagem', cell: (i) => i.produtoEmbalagem },
              { header: 'Início Colheita', cell: (i) => formatDate(i.inicioColheita) },
              { header: 'Fim Colheita', cell: (i) => formatDate(i.fimColheita) },
              { header: 'Qtd. Estimada (kg)', cell: (i) => qtd(i.producaoEstimada), className: 'num' },
              { header: 'Qtd. Comercializada (kg)', cell: (i) => qtd(i.producaoComercializada), className: 'num' },
              { header: 'Saldo (kg)', cell: (i) => qtd(i.saldoQtde), className: 'num' },
            ]}
          />
        </>
      )}
    </PrintDialog>
  );
}
