import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import type { Page, PrecoResumo } from '@ceasa/shared';
// Subpath imports on purpose: the package's index pulls zod (schemas), which /home does not need.
import { formatDate } from '@ceasa/shared/format';
import { LINHAS_PRECOS } from './constantes';
import { useCarga } from '../../lib/use-carga';
import { buscarPrecos, Valor } from './dados-precos';
import { CHAVE_DOS_FILTROS as CHAVE, ESTADO_PADRAO as PADRAO, type CampoPrecos, type EstadoPrecos, type FiltrosPrecos } from './pedido-de-precos';
import { quebraLonga } from '../../components/texto-longo';
import { FiltroData } from './filtro-data';
import { PaginadorPrecos } from './paginador-precos';

// Loaded only when asked for, so the public page stays small (no DataTable, no back office).
const RelatorioPrecos = lazy(() => import('./relatorio-precos'));
const HistoricoDialog = lazy(() => import('./historico-dialog'));

function lerEstado(): EstadoPrecos {
  try {
    const raw = localStorage.getItem(CHAVE);
    return raw ? { ...PADRAO, ...JSON.parse(raw) } : PADRAO;
  } catch {
    return PADRAO;
  }
}

declare global {
  interface Window {
    /** The first page requested by precos-iniciais.js (vite.config.ts) before the page's code arrived (default view only). */
    __precosIniciais?: Promise<Page<PrecoResumo> | null>;
    /** That page once it arrived (null: it failed). */
    __precosIniciaisDados?: Page<PrecoResumo> | null;
  }
}

/** The early answer, when it already arrived for the view `e` (the default one): taken once. */
function jaChegou(e: EstadoPrecos): Page<PrecoResumo> | undefined {
  const d = window.__precosIniciaisDados;
  if (!d || JSON.stringify(e) !== JSON.stringify(PADRAO)) return undefined;
  window.__precosIniciais = undefined;
  window.__precosIniciaisDados = undefined;
  return d;
}

/** The default view's first page: the early answer when precos-iniciais.js asked for it, otherwise a request. */
async function primeiraOuBusca(e: EstadoPrecos, size: number) {
  const cedo = window.__precosIniciais;
  window.__precosIniciais = undefined;
  if (cedo && JSON.stringify(e) === JSON.stringify(PADRAO) && size === LINHAS_PRECOS) {
    const r = await cedo;
    if (r) return r;
  }
  return buscarPrecos(e, e.page, size);
}

const COLUNAS: { field: CampoPrecos; header: string; num?: boolean; cell: (r: PrecoResumo) => ReactNode }[] = [
  { field: 'produtoGrupoNome', header: 'Nome', cell: (r) => r.produtoGrupoNome },
  { field: 'produtoGrupoUn', header: 'Un Padrão', cell: (r) => r.produtoGrupoUn },
  { field: 'valorMinimo', header: 'Valor Mínimo', num: true, cell: (r) => <Valor valor={r.valorMinimo} kg={r.valorKgMinimo} /> },
  { field: 'valorMedio', header: 'Valor Médio', num: true, cell: (r) => <Valor valor={r.valorMedio} kg={r.valorKgMedio} /> },
  { field: 'valorMaximo', header: 'Valor Máximo', num: true, cell: (r) => <Valor valor={r.valorMaximo} kg={r.valorKgMaximo} /> },
  { field: 'precoData', header: 'Data Cotação', cell: (r) => formatDate(r.precoData) },
];

/** PrimeReact's outlined Button, as markup (the public page loads no PrimeReact). */
function Botao({ rotulo, icone, onClick }: { rotulo: string; icone: string; onClick: () => void }) {
  return (
    <button type="button" className="p-button p-component p-button-outlined" onClick={onClick}>
      <span className={`p-button-icon p-c p-button-icon-left pi ${icone}`} aria-hidden />
      <span className="p-button-label p-c">{rotulo}</span>
    </button>
  );
}

/** The table's state: the view kept in localStorage, the name being typed, the dialogs, and its handlers. */
function useTabelaPrecos() {
  const [estado, setEstado] = useState<EstadoPrecos>(lerEstado);
  const [nome, setNome] = useState(estado.filtros.produtoGrupoNome ?? '');
  const [imprimir, setImprimir] = useState(false);
  const [grafico, setGrafico] = useState<PrecoResumo | null>(null);
  const [limpezas, setLimpezas] = useState(0);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const size = LINHAS_PRECOS;

  useEffect(() => {
    localStorage.setItem(CHAVE, JSON.stringify(estado));
  }, [estado]);
  useEffect(() => () => clearTimeout(debounce.current), []);

  const [inicial] = useState(() => jaChegou(estado));
  const q = useCarga(JSON.stringify(estado), () => primeiraOuBusca(estado, size), inicial);
  const page = q.data;
  const rows = page?.content ?? [];
  const total = page?.totalElements ?? 0;
  const totalPages = Math.max(1, Math.ceil(total / size));
  const first = rows.length ? estado.page * size + 1 : 0;
  const last = rows.length ? first + rows.length - 1 : 0;

  const setFiltro = (campo: keyof FiltrosPrecos, valor: string | null, imediato = false) => {
    clearTimeout(debounce.current);
    const aplicar = () => setEstado((e) => ({ ...e, page: 0, filtros: { ...e.filtros, [campo]: valor || null } }));
    if (imediato) aplicar();
    else debounce.current = setTimeout(aplicar, 400);
  };
  const limpar = () => {
    clearTimeout(debounce.current);
    setNome('');
    setLimpezas((n) => n + 1);
    setEstado(PADRAO);
  };
  const ordenar = (field: CampoPrecos) =>
    setEstado((e) => ({ ...e, page: 0, sortField: field, sortOrder: e.sortField === field ? (e.sortOrder === 1 ? -1 : 1) : 1 }));
  const irPara = (p: number) => setEstado((e) => ({ ...e, page: Math.max(0, Math.min(p, totalPages - 1)) }));
  const digitarNome = (valor: string) => {
    setNome(valor);
    setFiltro('produtoGrupoNome', valor);
  };

  return {
    estado,
    nome,
    imprimir,
    setImprimir,
    grafico,
    setGrafico,
    limpezas,
    q,
    rows,
    total,
    totalPages,
    first,
    last,
    setFiltro,
    limpar,
    ordenar,
    irPara,
    digitarNome,
  };
}

/** The column titles (each one sorts) and the filter row: the name and the quotation date. */
function CabecalhoPrecos({
  estado,
  nome,
  limpezas,
  ordenar,
  digitarNome,
  setFiltro,
}: Pick<ReturnType<typeof useTabelaPrecos>, 'estado' | 'nome' | 'limpezas' | 'ordenar' | 'digitarNome' | 'setFiltro'>) {
  return (
    <thead className="p-datatable-thead">
      <tr>
        {COLUNAS.map((c) => {
          const ativo = estado.sortField === c.field;
          return (
            <th
              key={c.field}
              scope="col"
              className={`p-sortable-column${ativo ? ' p-highlight' : ''}${c.num ? ' num' : ''}`}
              aria-sort={ativo ? (estado.sortOrder === 1 ? 'ascending' : 'descending') : 'none'}
            >
              <button type="button" className="th-sort" onClick={() => ordenar(c.field)}>
                <span className="p-column-title">{c.header}</span>
                <i
                  className={`p-sortable-column-icon pi ${ativo ? (estado.sortOrder === 1 ? 'pi-sort-amount-up-alt' : 'pi-sort-amount-down') : 'pi-sort-alt'}`}
                  aria-hidden
                />
              </button>
            </th>
          );
        })}
        <th scope="col" className="col-grafico">
          <span className="p-column-title">Histórico</span>
        </th>
      </tr>
      <tr className="p-filter-row">
        <th>
          <input
            type="text"
            value={nome}
            onChange={(e) => digitarNome(e.target.value)}
            placeholder="Pesquisar"
            aria-label="Filtrar por Nome"
            className="p-inputtext p-component p-inputtext-sm w-full"
          />
        </th>
        <th />
        <th />
        <th />
        <th />
        <th>
          <FiltroData key={limpezas} valor={estado.filtros.precoData} onChange={(iso) => setFiltro('precoData', iso, true)} rotulo="Filtrar por Data Cotação" />
        </th>
        <th />
      </tr>
    </thead>
  );
}

/** The page's rows (a click on a row or its chart button opens the group's history), or the empty/loading line. */
function LinhasPrecos({ rows, carregando, onGrafico }: { rows: PrecoResumo[]; carregando: boolean; onGrafico: (r: PrecoResumo) => void }) {
  return (
    <tbody className="p-datatable-tbody">
      {rows.length === 0 ? (
        <tr className="p-datatable-emptymessage">
          <td colSpan={COLUNAS.length + 1}>{carregando ? 'Carregando...' : 'Nenhuma cotação encontrada'}</td>
        </tr>
      ) : (
        rows.map((r, i) => (
          <tr key={`${r.produtoGrupoId}-${r.precoData}`} className={`linha-clicavel${i % 2 ? ' p-row-odd' : ''}`} onClick={() => onGrafico(r)}>
            {COLUNAS.map((c) => (
              <td key={c.field} data-label={c.header} className={c.num ? 'num' : undefined}>
                {quebraLonga(c.cell(r))}
              </td>
            ))}
            <td className="col-grafico" data-label="Histórico">
              <button
                type="button"
                className="p-button p-component p-button-icon-only p-button-rounded p-button-text"
                aria-label={`Ver histórico de preços de ${r.produtoGrupoNome}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onGrafico(r);
                }}
              >
                <span className="p-button-icon p-c pi pi-chart-line" aria-hidden />
              </button>
            </td>
          </tr>
        ))
      )}
    </tbody>
  );
}

/**
 * The public quotation table: server-paged (20 rows) and sorted, a name filter, a date filter,
 * 'Limpar Filtros', a print report and each group's price history. A light table on purpose:
 * everything /home loads stays small (see
 * docs/decisions/0029-pagina-publica-de-cotacao-com-tabela-leve.md).
 */
export function TabelaPrecos() {
  const t = useTabelaPrecos();
  const { estado, q } = t;

  return (
    <section className="card precos-publicos">
      <div className="list-header">
        <h1>Cotação de Preços</h1>
        <div className="list-actions">
          <Botao rotulo="Limpar Filtros" icone="pi-filter-slash" onClick={t.limpar} />
          <Botao rotulo="Imprimir" icone="pi-print" onClick={() => t.setImprimir(true)} />
        </div>
      </div>
      <p className="muted precos-publicos-ajuda">
        Valores no atacado por grupo de produto: mínimo, médio e máximo do dia, com o preço por quilo abaixo. Clique em uma linha para ver o histórico de
        preços.
      </p>
      {q.error && (
        <p role="alert" className="p-error">
          Erro ao obter a cotação: {(q.error as Error).message}
        </p>
      )}
      <div className="p-datatable p-component p-datatable-sm p-datatable-striped precos-publicos-tabela" aria-busy={q.isFetching}>
        <div className="p-datatable-wrapper">
          <table className="p-datatable-table">
            <CabecalhoPrecos {...t} />
            <LinhasPrecos rows={t.rows} carregando={q.isLoading} onGrafico={t.setGrafico} />
          </table>
        </div>
        {/* Shown once the first page arrives, so nothing below the rows jumps while they load. */}
        {!q.isLoading && <PaginadorPrecos pagina={estado.page} totalPages={t.totalPages} first={t.first} last={t.last} total={t.total} irPara={t.irPara} />}
      </div>
      <Suspense fallback={null}>
        {t.imprimir && <RelatorioPrecos estado={estado} onHide={() => t.setImprimir(false)} />}
        {t.grafico && <HistoricoDialog grupo={t.grafico} onHide={() => t.setGrafico(null)} />}
      </Suspense>
    </section>
  );
}
