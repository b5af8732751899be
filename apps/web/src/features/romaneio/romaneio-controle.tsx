import { formatChaveNfe, notaDaChave, type Romaneio, type RomaneioItem } from '@ceasa/shared';
import { TEXTOS_CARENCIA } from '@ceasa/shared/resources/carencia';
import { formatCpfCnpj, formatDate, formatDateTime, formatQuantidadeEmbalagens } from '@ceasa/shared/format';
import { DadosImpressos } from '../../components/print/dados-impressos';
import { PrintHeader, PrintTable, type PrintColumn } from '../../components/print/print-dialog';
import './romaneio-report.css';

/** docs/produto/telas.md: the control sheet breaks the page after every 10 item rows (the header repeats on each page). */
export const ITENS_POR_PAGINA = 10;
const TITULO_CONTROLE = 'CONTROLE ENTRADA DE MERCADORIA';

/** The items in pages of `n` rows; a romaneio without items still gets its one page. */
export function paginar<T>(itens: T[], n = ITENS_POR_PAGINA): T[][] {
  if (!itens.length) return [[]];
  const paginas: T[][] = [];
  for (let i = 0; i < itens.length; i += n) paginas.push(itens.slice(i, i + n));
  return paginas;
}

/** 'Propriedade - Município' of an item (what is known of it). */
const origemDoItem = (i: Pick<RomaneioItem, 'boletimItensBoletimPropriedadeNome' | 'boletimItensBoletimPropriedadeMunicipioNome'>) =>
  [i.boletimItensBoletimPropriedadeNome, i.boletimItensBoletimPropriedadeMunicipioNome].filter(Boolean).join(' - ');

const pedrasDoRomaneio = (r: Pick<Romaneio, 'pedras'>) =>
  r.pedras
    .map((p) => p.pedrasNumero)
    .sort((a, b) => Number(a) - Number(b) || a.localeCompare(b))
    .join(', ');

/** The romaneio's fields on every page of its sheet (docs/produto/telas.md). */
const dadosDoRomaneio = (r: Romaneio, impressoEm: Date): [string, string][] => [
  ['CPF/CNPJ', formatCpfCnpj(r.pessoa.cpfcnpj)],
  ['Produtor', r.pessoa.nome || r.produtorNome],
  ['Número', String(r.id)],
  ['Dívida', String(r.divida)],
  ['Pedras', pedrasDoRomaneio(r) || '-'],
  ['Data de impressão', formatDateTime(impressoEm)],
  ['Data de comercialização', formatDate(r.dataEmissao)],
  // The producer's invoices, each with its access key; only when the romaneio has keys.
  ...(r.chavesNfe?.length
    ? [['NF-e', r.chavesNfe.map((c) => `${notaDaChave(c).replace(/^NF-e /, '')} — chave ${formatChaveNfe(c)}`).join('; ')] as [string, string]]
    : []),
];

const COLUNAS: PrintColumn<RomaneioItem>[] = [
  // Packages of the product's embalagem (the 'Unidade' beside it) with their weight (docs/produto/dados.md 'Derived values'): '300 (6.000 kg)'.
  { header: 'Qtde', cell: (i) => formatQuantidadeEmbalagens(i.quantidade, null, i.produtoPesoEmKg), className: 'num controle-qtde' },
  { header: 'Unidade', cell: (i) => i.produtoEmbalagem },
  // An item whose bulletin item has no field notebook (no withdrawal period to check) is marked 'sem caderno'.
  {
    header: 'Produto',
    cell: (i) =>
      i.temCaderno === false ? (
        <>
          {i.produtoNome} <em className="controle-sem-caderno">({TEXTOS_CARENCIA.semCadernoCurto})</em>
        </>
      ) : (
        i.produtoNome
      ),
  },
  { header: 'Início', cell: (i) => formatDate(i.boletimItensInicioColheita) },
  { header: 'Fim', cell: (i) => formatDate(i.boletimItensFimColheita) },
  { header: 'Propriedade - Município', cell: origemDoItem },
];

/**
 * The control sheet of goods entering the market (docs/produto/telas.md), one per romaneio: the municipal
 * header, the romaneio's data, its items 10 to a page (header and data repeated on every page) and the
 * producer's signature and arrival time at the end. For one romaneio or all of a debt.
 */
export function ControleRomaneio({ romaneios, impressoEm = new Date() }: { romaneios: Romaneio[]; impressoEm?: Date }) {
  const paginas = romaneios.flatMap((r) => paginar(r.itens).map((itens, i, todas) => ({ r, itens, pagina: i + 1, total: todas.length })));
  return (
    <div className="controle-romaneio">
      {paginas.map(({ r, itens, pagina, total }, n) => (
        <section
          key={`${r.id}-${pagina}`}
          className={`controle-pagina${n < paginas.length - 1 ? ' page-break' : ''}`}
          aria-label={`Romaneio ${r.id}, página ${pagina} de ${total}`}
        >
          <PrintHeader titulo={TITULO_CONTROLE} />
          <DadosImpressos dados={dadosDoRomaneio(r, impressoEm)} className="controle-dados" />
          <PrintTable columns={COLUNAS} rows={itens} vazio="Nenhum produto" />
          {total > 1 && (
            <p className="controle-folha">
              Folha {pagina} de {total}
            </p>
          )}
          {pagina === total && (
            <footer className="controle-rodape">
              <div>
                <span className="controle-linha" />
                Assinatura do produtor
              </div>
              <div>
                <span className="controle-linha" />
                Horário de chegada
              </div>
            </footer>
          )}
        </section>
      ))}
    </div>
  );
}
