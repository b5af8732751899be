import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { relerListas } from '../../lib/listas';
import { confirmarRemocao } from '../confirmar-remocao';
import { caminhoDeEdicao, MAX_PAGE_SIZE, PAGE_SIZE, type Page, type Recurso } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { DURACAO, useToast } from '../../lib/toast';
import { EntradaData } from '../form/entrada-data';
import { quebraLonga } from '../texto-longo';
import { ehDataIso } from '../form/mascaras';
import { PrintDialog, PrintTable, textoMostrando, textoTotal, totalDoPaginador, type PrintColumn } from '../print/print-dialog';
import { csvDaLista, downloadText } from './csv';

export type Filtros = Record<string, string | number | null>;

export interface ListColumn<T> {
  field: string;
  header: string;
  /** Filter control in the column header row. */
  filter?: 'text' | 'date' | { options: { label: string; value: string | number }[]; placeholder?: string };
  sortable?: boolean;
  body?: (row: T) => ReactNode;
  /** Text of the cell in the CSV export (defaults to what `body` returns if that is text or a number, else the field's value). */
  csv?: (row: T) => string | number;
  style?: React.CSSProperties;
}

/** What the list needs; with `recurso` (the resource's declaration) all but `columns` come from it, and a prop given wins. */
export interface ResourceListProps<T extends { id: number | string }> extends Partial<ListaDoRecurso<T>> {
  recurso?: Recurso;
  columns: ListColumn<T>[];
  /** What the delete prompt and toast call the row. */
  rotulo?: (row: T) => string;
  /** What the delete prompt names, when not `rotulo` (the romaneio asks by its debt, its toast names its id). */
  rotuloRemocao?: (row: T) => string;
  /** Extra buttons per row (always visible). */
  rowActions?: (row: T) => ReactNode;
  /** Extra buttons in the header; `buscarTodos` loads every row of the filtered, sorted list. */
  headerActions?: (ctx: { buscarTodos: () => Promise<T[]> }) => ReactNode;
  /** 'Gerar relatório': a printable report (titled like the list) of the rows on screen. */
  relatorio?: {
    colunas: PrintColumn<T>[];
    /** Subtitle 'Mostrando de {first} a {last} de N {plural}'. */
    mostrando?: boolean;
    /** Below the table, e.g. a total. */
    rodape?: (rows: T[]) => ReactNode;
    /** Text of an empty report (defaults to `vazio`). */
    vazio?: string;
  };
}

/** The list's settings a resource declares. */
interface ListaDoRecurso<T> {
  titulo: string;
  /** Permission route name. */
  rota: string;
  /** API base path, e.g. 'municipio'. */
  base: string;
  /** Name of the search call: POST {base}/{search}/{dir}/{field}. */
  search?: string;
  /**
   * For resources whose only search is GET {base}/search?searchTerm&page&size&sort (e.g. pedras):
   * the column whose filter is sent as `searchTerm` (used instead of `search`).
   */
  searchTerm?: string;
  /** Plural for the footer 'Mostrando de {first} a {last} de N {plural}'. */
  plural: string;
  vazio: string;
  /** 'Erro ao obter {x}' toast. */
  erroObter: string;
  /** 'Erro ao remover {x}' toast. */
  erroRemover: string;
  caminhoDoNovo?: string;
  caminhoDeEdicao?: (row: T) => string;
  defaultSort?: { field: string; order: 1 | -1 };
  /** No delete button even with the deletar permission (e.g. user accounts are disabled, not removed). */
  semRemover?: boolean;
}

interface Estado {
  page: number;
  sortField: string;
  sortOrder: 1 | -1;
  filtros: Filtros;
}

const chave = (rota: string) => `ceasa.filtros.${rota}`;

/**
 * The least width of a filter that shows its whole placeholder (its column grows to it): the text's
 * width in em (measured in DejaVu Sans, among the widest sans-serif fonts) plus the control's padding
 * and buttons (a dropdown: its arrow, the room kept for the clear icon and the borders, 5.4rem).
 * For a dropdown's own placeholder, .62em a character.
 */
const cabe = (textoEm: number, extraRem: number) => ({ minWidth: `calc(${textoEm}em + ${extraRem}rem)` });
const PESQUISAR = 'Pesquisar';
const EM_PESQUISAR = 4.9;
const EM_DATA = 6.45;
const emDe = (texto: string) => texto.length * 0.62;

function lerEstado(rota: string, padrao: Estado): Estado {
  try {
    const raw = localStorage.getItem(chave(rota));
    return raw ? { ...padrao, ...JSON.parse(raw) } : padrao;
  } catch {
    return padrao;
  }
}

/** '' in a text filter means no filter. */
const semVazios = (f: Filtros): Filtros => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v === '' ? null : v]));

/**
 * The declaration's settings, with the props given winning: route name, API base and search call,
 * texts, paths (create and edit only for a resource with an input schema; delete unless declared
 * never removed) and default order.
 */
function doRecurso<T extends { id: number | string }>(props: ResourceListProps<T>): ResourceListProps<T> & ListaDoRecurso<T> {
  const r = props.recurso;
  if (!r) return props as ResourceListProps<T> & ListaDoRecurso<T>;
  const editavel = !!r.api?.entrada;
  const declarado: Partial<ListaDoRecurso<T>> = {
    ...r.rotulos,
    rota: r.rota,
    base: r.api?.base,
    search: r.api?.busca,
    // A resource searched only by a term (GET {base}/search) sends that column's filter as the term.
    searchTerm: r.api?.busca ? undefined : r.api?.buscaPorTermo,
    caminhoDoNovo: editavel ? r.caminhos.novo : undefined,
    caminhoDeEdicao: editavel && r.caminhos.editar ? (row: T) => caminhoDeEdicao(r, row.id) : undefined,
    defaultSort: r.ordem ? { field: r.ordem.campo, order: r.ordem.dir === 'desc' ? -1 : 1 } : undefined,
    semRemover: !editavel || r.api?.remover === false,
  };
  const dados = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
  return { ...declarado, ...dados } as ResourceListProps<T> & ListaDoRecurso<T>;
}

async function buscar<T>(p: ListaDoRecurso<T>, e: Estado, size: number): Promise<Page<T>> {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  if (p.searchTerm || !p.search)
    return api<Page<T>>(p.searchTerm ? `${p.base}/search` : p.base, {
      query: { page: e.page, size, sort: `${e.sortField},${dir}`, searchTerm: p.searchTerm ? (e.filtros[p.searchTerm] as string | null) : undefined },
    });
  return api<Page<T>>(`${p.base}/${p.search}/${dir}/${e.sortField}`, { method: 'POST', body: e.filtros, query: { page: e.page, size } });
}

/**
 * The one list of the back office: server paging (20 rows), per-column filters, ASC/DESC sort,
 * 'Limpar Filtros', Adicionar, edit/delete with confirmation, CSV export of the whole filtered list.
 * Filter state is kept in browser storage. A failed search falls back to the unfiltered list.
 */
export function ResourceList<T extends { id: number | string }>(props: ResourceListProps<T>) {
  const p = doRecurso(props);
  const { pode } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const padrao: Estado = { page: 0, sortField: p.defaultSort?.field ?? 'id', sortOrder: p.defaultSort?.order ?? 1, filtros: {} };
  const [estado, setEstado] = useState<Estado>(() => lerEstado(p.rota, padrao));
  const [textos, setTextos] = useState<Filtros>(estado.filtros);
  // The whole filter row as typed, for the debounced apply (which must not lose a field typed just before another).
  const digitados = useRef<Filtros>(textos);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);
  const [exportando, setExportando] = useState<string | null>(null);
  const [relatorio, setRelatorio] = useState<{ rows: T[]; page: Page<T> | undefined } | null>(null);

  const comDigitados = (e: Estado): Estado => ({ ...e, page: 0, filtros: semVazios(digitados.current) });

  useEffect(() => {
    localStorage.setItem(chave(p.rota), JSON.stringify(estado));
  }, [p.rota, estado]);

  // A filter typed just before leaving the page is kept, not lost with the pending debounce.
  useEffect(
    () => () => {
      if (debounce.current === undefined) return;
      clearTimeout(debounce.current);
      localStorage.setItem(chave(p.rota), JSON.stringify(comDigitados(lerEstado(p.rota, padrao))));
    },
    [p.rota], // eslint-disable-line react-hooks/exhaustive-deps
  );

  const q = useQuery({
    queryKey: ['lista', p.base, estado],
    placeholderData: keepPreviousData,
    retry: false,
    // SPEC.md section 8: a failed filtered load falls back to the unfiltered list; the error toast only if that fails too.
    queryFn: () =>
      buscar<T>(p, estado, PAGE_SIZE).catch((err) =>
        api<Page<T>>(p.base, { query: { page: 0, size: PAGE_SIZE, sort: `${estado.sortField},${estado.sortOrder === -1 ? 'desc' : 'asc'}` } }).catch(() => {
          throw err;
        }),
      ),
  });

  useEffect(() => {
    if (q.error) toast.show('error', p.erroObter, (q.error as Error).message);
  }, [q.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const page = q.data;
  const podeEditar = !!p.caminhoDeEdicao && pode(p.rota, 'editar');
  const podeRemover = !p.semRemover && pode(p.rota, 'deletar');
  const rotuloDe = (row: T) => (p.rotulo ? p.rotulo(row) : String(row.id));

  const setFiltro = (field: string, value: string | number | null, imediato = false) => {
    digitados.current = { ...digitados.current, [field]: value };
    setTextos(digitados.current);
    clearTimeout(debounce.current);
    const aplicar = () => {
      debounce.current = undefined;
      setEstado(comDigitados);
    };
    if (imediato) aplicar();
    else debounce.current = setTimeout(aplicar, 400);
  };

  const limpar = () => {
    clearTimeout(debounce.current);
    debounce.current = undefined;
    digitados.current = {};
    setTextos({});
    setEstado({ ...padrao });
  };

  const remover = (row: T) => {
    const rotulo = rotuloDe(row);
    confirmarRemocao(`Você tem certeza que quer remover ${p.rotuloRemocao ? p.rotuloRemocao(row) : rotulo}?`, async () => {
      try {
        const r = await api<{ aviso?: string } | undefined>(`${p.base}/${row.id}`, { method: 'DELETE' });
        if (r && r.aviso) toast.show('warn', r.aviso, undefined, DURACAO.remover);
        toast.show('success', 'Remoção concluída!', `${rotulo} removido(a) com sucesso`, DURACAO.remover);
        await relerListas(qc, p.base);
      } catch (err) {
        toast.show('error', p.erroRemover, (err as ApiError).message, DURACAO.remover);
      }
    });
  };

  /** Every row of the filtered, sorted list, a page of MAX_PAGE_SIZE at a time. */
  const buscarTodos = async (progresso?: (lidas: number, total: string) => void) => {
    const todas: T[] = [];
    for (let pg = 0; ; pg++) {
      const r = await buscar<T>(p, { ...estado, page: pg }, MAX_PAGE_SIZE);
      todas.push(...r.content);
      progresso?.(todas.length, textoTotal(r, todas.length));
      // Past the count's cap the pages go on until a short one.
      if (r.content.length < MAX_PAGE_SIZE || (r.totalExato !== false && pg + 1 >= r.totalPages)) return todas;
    }
  };

  const exportar = async () => {
    try {
      const todas = await buscarTodos((lidas, total) => setExportando(`Exportando ${lidas} de ${total}...`));
      downloadText(`${p.base}.csv`, csvDaLista(p.columns, todas));
      toast.show('success', 'Exportação concluída', `${todas.length} registro(s) exportado(s)`);
    } catch (err) {
      toast.show('error', 'Erro ao exportar', (err as Error).message);
    } finally {
      setExportando(null);
    }
  };

  const onPage = (e: DataTableStateEvent) => setEstado((s) => ({ ...s, page: e.page ?? Math.floor(e.first / PAGE_SIZE) }));
  const onSort = (e: DataTableStateEvent) =>
    setEstado((s) => ({ ...s, page: 0, sortField: e.sortField, sortOrder: s.sortField === e.sortField ? (s.sortOrder === 1 ? -1 : 1) : 1 }));

  const filterElement = (c: ListColumn<T>) => {
    if (!c.filter) return undefined;
    const v = textos[c.field] ?? null;
    if (c.filter === 'text')
      return (
        <InputText
          value={(v as string) ?? ''}
          onChange={(e) => setFiltro(c.field, e.target.value)}
          placeholder={PESQUISAR}
          aria-label={`Filtrar por ${c.header}`}
          className="p-inputtext-sm w-full"
          style={cabe(EM_PESQUISAR, 1.5)}
        />
      );
    if (c.filter === 'date')
      return (
        // Only a whole day (or nothing) filters; a half-typed date goes back to the filter in force on leaving.
        <EntradaData
          value={v as string | null}
          onChange={(d) => (d === null || ehDataIso(d)) && setFiltro(c.field, d, true)}
          reverterIncompleto
          botoesHoje
          yearRange={`2000:${new Date().getFullYear() + 2}`}
          aria-label={`Filtrar por ${c.header}`}
          inputClassName="p-inputtext-sm"
          inputStyle={cabe(EM_DATA, 1.5)}
        />
      );
    const placeholder = c.filter.placeholder ?? 'Selecione';
    return (
      <Dropdown
        value={v}
        options={c.filter.options}
        onChange={(e) => setFiltro(c.field, e.value ?? null, true)}
        placeholder={placeholder}
        style={cabe(emDe(placeholder), 5.4)}
        showClear
        filter={c.filter.options.length > 10}
        aria-label={`Filtrar por ${c.header}`}
        className="p-inputtext-sm w-full"
      />
    );
  };

  const header = (
    <div className="list-header">
      <h1>{p.titulo}</h1>
      <div className="list-actions">
        {p.caminhoDoNovo && pode(p.rota, 'criar') && <Button label="Adicionar" icon="pi pi-plus" onClick={() => navigate(p.caminhoDoNovo!)} />}
        <Button label="Limpar Filtros" icon="pi pi-filter-slash" outlined onClick={limpar} />
        <Button label={exportando ?? 'Exportar CSV'} icon="pi pi-download" outlined onClick={exportar} disabled={!!exportando} loading={!!exportando} />
        {p.relatorio && <Button label="Gerar relatório" icon="pi pi-print" outlined onClick={() => setRelatorio({ rows: page?.content ?? [], page })} />}
        {p.headerActions?.({ buscarTodos })}
      </div>
    </div>
  );

  const acoes = (row: T) => (
    <div className="row-actions">
      {p.rowActions?.(row)}
      {podeEditar && <Button icon="pi pi-pencil" rounded text aria-label={`Editar ${rotuloDe(row)}`} onClick={() => navigate(p.caminhoDeEdicao!(row))} />}
      {podeRemover && <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remover ${rotuloDe(row)}`} onClick={() => remover(row)} />}
    </div>
  );

  return (
    <section className="card">
      <DataTable
        value={page?.content ?? []}
        lazy
        dataKey="id"
        paginator
        rows={PAGE_SIZE}
        first={estado.page * PAGE_SIZE}
        totalRecords={totalDoPaginador(page)}
        onPage={onPage}
        onSort={onSort}
        sortField={estado.sortField}
        sortOrder={estado.sortOrder}
        loading={q.isFetching}
        header={header}
        filterDisplay={p.columns.some((c) => c.filter) ? 'row' : undefined}
        emptyMessage={p.vazio}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={`Mostrando de {first} a {last} de ${page?.totalExato === false ? textoTotal(page, 0) : '{totalRecords}'} ${p.plural}`}
        stripedRows
        size="small"
        responsiveLayout="stack"
        breakpoint="768px"
      >
        {p.columns.map((c) => (
          <Column
            key={c.field}
            field={c.field}
            header={c.header}
            sortable={c.sortable !== false}
            body={(row: T) => quebraLonga(c.body ? c.body(row) : (row as Record<string, ReactNode>)[c.field])}
            filter={!!c.filter}
            showFilterMenu={false}
            // PrimeReact's own clear button works on its filter state, which this list does not use ('Limpar Filtros' does): it only took room.
            showClearButton={false}
            filterElement={c.filter ? () => filterElement(c) : undefined}
            style={c.style}
          />
        ))}
        {(podeEditar || podeRemover || p.rowActions) && <Column header="Ações" body={acoes} style={{ width: '1%', whiteSpace: 'nowrap' }} />}
      </DataTable>
      {p.relatorio && (
        <PrintDialog
          visible={!!relatorio}
          onHide={() => setRelatorio(null)}
          titulo={p.titulo}
          subtitulo={p.relatorio.mostrando && relatorio ? <span>{textoMostrando(relatorio.page, relatorio.rows.length, p.plural)}</span> : undefined}
        >
          <PrintTable rows={relatorio?.rows ?? []} vazio={p.relatorio.vazio ?? p.vazio} columns={p.relatorio.colunas} />
          {relatorio && p.relatorio.rodape?.(relatorio.rows)}
        </PrintDialog>
      )}
    </section>
  );
}
