import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Calendar } from 'primereact/calendar';
import { Column } from 'primereact/column';
import { confirmDialog } from 'primereact/confirmdialog';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { fromIsoDate, PAGE_SIZE, toIsoDate, type Page } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { DURACAO, useToast } from '../../lib/toast';
import { downloadText, toCsv } from './csv';

export type Filtros = Record<string, string | number | null>;

export interface ListColumn<T> {
  field: string;
  header: string;
  /** Filter control in the column header row. */
  filter?: 'text' | 'date' | { options: { label: string; value: string | number }[]; placeholder?: string };
  sortable?: boolean;
  body?: (row: T) => ReactNode;
  /** Text of the cell in the CSV export (defaults to the field's value). */
  csv?: (row: T) => string;
  style?: React.CSSProperties;
}

export interface ResourceListProps<T extends { id: number | string }> {
  titulo: string;
  /** Permission route name. */
  rota: string;
  /** API base path, e.g. 'municipio'. */
  base: string;
  /** Name of the search call: POST {base}/{search}/{dir}/{field} (or {field}/{dir} with fieldFirst). */
  search?: string;
  /**
   * For resources whose only search is GET {base}/search?searchTerm&page&size&sort (e.g. pedras):
   * the column whose filter is sent as `searchTerm` (used instead of `search`).
   */
  searchTerm?: string;
  fieldFirst?: boolean;
  columns: ListColumn<T>[];
  /** Plural for the footer 'Mostrando de {first} a {last} de N {plural}'. */
  plural: string;
  vazio: string;
  /** 'Erro ao obter {x}' toast. */
  erroObter: string;
  /** 'Erro ao remover {x}' toast. */
  erroRemover: string;
  createPath?: string;
  editPath?: (row: T) => string;
  /** What the delete prompt and toast call the row. */
  rotulo?: (row: T) => string;
  defaultSort?: { field: string; order: 1 | -1 };
  rows?: number;
  /** Extra buttons per row (always visible). */
  rowActions?: (row: T) => ReactNode;
  /** Extra buttons in the header, with the current page's rows and paging state. */
  headerActions?: (ctx: { rows: T[]; page: Page<T> | undefined; filtros: Filtros }) => ReactNode;
  /** No delete button even with the deletar permission (e.g. user accounts are disabled, not removed). */
  semDelete?: boolean;
}

interface Estado {
  page: number;
  sortField: string;
  sortOrder: 1 | -1;
  filtros: Filtros;
}

const chave = (rota: string) => `ceasa.filtros.${rota}`;

function lerEstado(rota: string, padrao: Estado): Estado {
  try {
    const raw = localStorage.getItem(chave(rota));
    return raw ? { ...padrao, ...JSON.parse(raw) } : padrao;
  } catch {
    return padrao;
  }
}

async function buscar<T>(p: ResourceListProps<T & { id: number | string }>, e: Estado, size: number): Promise<Page<T>> {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  if (p.searchTerm || !p.search)
    return api<Page<T>>(p.searchTerm ? `${p.base}/search` : p.base, {
      query: { page: e.page, size, sort: `${e.sortField},${dir}`, searchTerm: p.searchTerm ? (e.filtros[p.searchTerm] as string | null) : undefined },
    });
  const path = p.fieldFirst ? `${p.base}/${p.search}/${e.sortField}/${dir}` : `${p.base}/${p.search}/${dir}/${e.sortField}`;
  return api<Page<T>>(path, { method: 'POST', body: e.filtros, query: { page: e.page, size } });
}

/**
 * The one list of the back office: server paging (20 rows), per-column filters, ASC/DESC sort,
 * 'Limpar Filtros', Adicionar, edit/delete with confirmation, CSV export of the whole filtered list.
 * Filter state is kept in browser storage. A failed search falls back to the unfiltered list.
 */
export function ResourceList<T extends { id: number | string }>(p: ResourceListProps<T>) {
  const { pode } = useAuth();
  const toast = useToast();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const size = p.rows ?? PAGE_SIZE;
  const padrao: Estado = { page: 0, sortField: p.defaultSort?.field ?? 'id', sortOrder: p.defaultSort?.order ?? 1, filtros: {} };
  const [estado, setEstado] = useState<Estado>(() => lerEstado(p.rota, padrao));
  const [textos, setTextos] = useState<Filtros>(estado.filtros);
  const [exportando, setExportando] = useState<string | null>(null);
  const debounce = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    localStorage.setItem(chave(p.rota), JSON.stringify(estado));
  }, [p.rota, estado]);

  // A filter typed just before leaving the page is kept, not lost with the pending debounce.
  const pendente = useRef<Estado>(estado);
  const filtrosDigitados = { ...estado.filtros, ...Object.fromEntries(Object.entries(textos).map(([k, v]) => [k, v === '' ? null : v])) };
  const mudou = JSON.stringify(filtrosDigitados) !== JSON.stringify(estado.filtros);
  pendente.current = mudou ? { ...estado, page: 0, filtros: filtrosDigitados } : estado;
  useEffect(
    () => () => {
      clearTimeout(debounce.current);
      localStorage.setItem(chave(p.rota), JSON.stringify(pendente.current));
    },
    [p.rota],
  );

  const q = useQuery({
    queryKey: ['lista', p.base, estado, size],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () => {
      try {
        return { page: await buscar<T>(p, estado, size), fallback: false };
      } catch (err) {
        // SPEC.md section 8: a failed filtered load falls back to the unfiltered list.
        const dir = estado.sortOrder === -1 ? 'desc' : 'asc';
        const page = await api<Page<T>>(p.base, { query: { page: 0, size, sort: `${estado.sortField},${dir}` } }).catch(() => {
          throw err;
        });
        return { page, fallback: true, erro: err as Error };
      }
    },
  });

  useEffect(() => {
    if (q.error) toast.show('error', p.erroObter, (q.error as Error).message);
  }, [q.error]); // eslint-disable-line react-hooks/exhaustive-deps

  const page = q.data?.page;
  const podeEditar = !!p.editPath && pode(p.rota, 'editar');
  const podeRemover = !p.semDelete && pode(p.rota, 'deletar');

  const setFiltro = (field: string, value: string | number | null, imediato = false) => {
    setTextos((t) => ({ ...t, [field]: value }));
    clearTimeout(debounce.current);
    const aplicar = () => setEstado((e) => ({ ...e, page: 0, filtros: { ...e.filtros, [field]: value === '' ? null : value } }));
    if (imediato) aplicar();
    else debounce.current = setTimeout(aplicar, 400);
  };

  const limpar = () => {
    clearTimeout(debounce.current);
    setTextos({});
    setEstado({ ...padrao });
  };

  const remover = (row: T) => {
    const rotulo = p.rotulo ? p.rotulo(row) : String(row.id);
    confirmDialog({
      message: `Você tem certeza que quer remover ${rotulo}?`,
      header: 'Confirmação',
      icon: 'pi pi-exclamation-triangle',
      acceptLabel: 'Sim',
      rejectLabel: 'Não',
      acceptClassName: 'p-button-danger',
      accept: async () => {
        try {
          const r = await api<{ aviso?: string } | undefined>(`${p.base}/${row.id}`, { method: 'DELETE' });
          if (r && r.aviso) toast.show('warn', r.aviso, undefined, DURACAO.remover);
          toast.show('success', 'Remoção concluída!', `${rotulo} removido(a) com sucesso`, DURACAO.remover);
          await qc.invalidateQueries({ queryKey: ['lista', p.base] });
        } catch (err) {
          toast.show('error', p.erroRemover, (err as ApiError).message, DURACAO.remover);
        }
      },
    });
  };

  const exportar = async () => {
    try {
      const linhas: string[][] = [];
      let total = 0;
      for (let pg = 0; ; pg++) {
        const r = await buscar<T>(p, { ...estado, page: pg }, 1000);
        total = r.totalElements;
        for (const row of r.content) linhas.push(p.columns.map((c) => (c.csv ? c.csv(row) : String((row as Record<string, unknown>)[c.field] ?? ''))));
        setExportando(`Exportando ${linhas.length} de ${total}...`);
        if (pg + 1 >= r.totalPages) break;
      }
      downloadText(`${p.base}.csv`, toCsv(p.columns.map((c) => c.header), linhas));
      toast.show('success', 'Exportação concluída', `${linhas.length} registro(s) exportado(s)`);
    } catch (err) {
      toast.show('error', 'Erro ao exportar', (err as Error).message);
    } finally {
      setExportando(null);
    }
  };

  const onPage = (e: DataTableStateEvent) => setEstado((s) => ({ ...s, page: e.page ?? Math.floor(e.first / size) }));
  const onSort = (e: DataTableStateEvent) =>
    setEstado((s) => ({ ...s, page: 0, sortField: e.sortField, sortOrder: s.sortField === e.sortField ? (s.sortOrder === 1 ? -1 : 1) : 1 }));

  const filterElement = (c: ListColumn<T>) => {
    if (!c.filter) return undefined;
    const v = textos[c.field] ?? null;
    if (c.filter === 'text')
      return (
        <InputText value={(v as string) ?? ''} onChange={(e) => setFiltro(c.field, e.target.value)} placeholder="Pesquisar" aria-label={`Filtrar por ${c.header}`} className="p-inputtext-sm w-full" />
      );
    if (c.filter === 'date')
      return (
        <Calendar
          value={fromIsoDate(v as string)}
          onChange={(e) => setFiltro(c.field, toIsoDate(e.value as Date | null), true)}
          dateFormat="dd/mm/yy"
          placeholder="dd/mm/aaaa"
          showButtonBar
          // Typing works only if the calendar does not open (and take the focus) on focus; the icon opens it.
          showOnFocus={false}
          showIcon
          yearNavigator
          yearRange={`2000:${new Date().getFullYear() + 2}`}
          // ariaLabel names the text input itself (aria-label would land on the wrapper span).
          ariaLabel={`Filtrar por ${c.header}`}
          inputClassName="p-inputtext-sm"
        />
      );
    return (
      <Dropdown
        value={v}
        options={c.filter.options}
        onChange={(e) => setFiltro(c.field, e.value ?? null, true)}
        placeholder={c.filter.placeholder ?? 'Selecione'}
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
        {p.createPath && pode(p.rota, 'criar') && <Button label="Adicionar" icon="pi pi-plus" onClick={() => navigate(p.createPath!)} />}
        <Button label="Limpar Filtros" icon="pi pi-filter-slash" outlined onClick={limpar} />
        <Button label={exportando ?? 'Exportar CSV'} icon="pi pi-download" outlined onClick={exportar} disabled={!!exportando} loading={!!exportando} />
        {p.headerActions?.({ rows: page?.content ?? [], page, filtros: estado.filtros })}
      </div>
    </div>
  );

  const acoes = useMemo(
    () =>
      (row: T) => (
        <div className="row-actions">
          {p.rowActions?.(row)}
          {podeEditar && (
            <Button icon="pi pi-pencil" rounded text aria-label={`Editar ${p.rotulo ? p.rotulo(row) : row.id}`} onClick={() => navigate(p.editPath!(row))} />
          )}
          {podeRemover && (
            <Button icon="pi pi-trash" rounded text severity="danger" aria-label={`Remover ${p.rotulo ? p.rotulo(row) : row.id}`} onClick={() => remover(row)} />
          )}
        </div>
      ),
    [podeEditar, podeRemover, p], // eslint-disable-line react-hooks/exhaustive-deps
  );

  return (
    <section className="card">
      <DataTable
        value={page?.content ?? []}
        lazy
        dataKey="id"
        paginator
        rows={size}
        first={estado.page * size}
        totalRecords={page?.totalElements ?? 0}
        onPage={onPage}
        onSort={onSort}
        sortField={estado.sortField}
        sortOrder={estado.sortOrder}
        loading={q.isFetching}
        header={header}
        filterDisplay={p.columns.some((c) => c.filter) ? 'row' : undefined}
        emptyMessage={p.vazio}
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={`Mostrando de {first} a {last} de {totalRecords} ${p.plural}`}
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
            body={c.body}
            filter={!!c.filter}
            showFilterMenu={false}
            filterElement={c.filter ? () => filterElement(c) : undefined}
            style={c.style}
          />
        ))}
        {(podeEditar || podeRemover || p.rowActions) && <Column header="Ações" body={acoes} style={{ width: '1%', whiteSpace: 'nowrap' }} />}
      </DataTable>
    </section>
  );
}
