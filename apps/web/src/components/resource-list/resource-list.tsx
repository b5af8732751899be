import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { relerListas } from '../../lib/listas';
import { confirmarRemocao } from '../../lib/confirmacao';
import { MAX_PAGE_SIZE, PAGE_SIZE, type Page } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { DURACAO, useToast } from '../../lib/toast';
import { quebraLonga } from '../texto-longo';
import { PrintDialog, PrintTable, textoMostrando, textoTotal, totalDoPaginador } from '../print/print-dialog';
import { csvDaLista, downloadText } from './csv';
import { FiltroDaColuna } from './filtro-da-coluna';
import { buscar, chave, doRecurso, lerEstado, semVazios, type Estado, type Filtros, type ListColumn, type ResourceListProps } from './recurso-da-lista';

export type { Filtros, ListColumn, ResourceListProps } from './recurso-da-lista';

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
    // docs/produto/validacao.md: a failed filtered load falls back to the unfiltered list; the error toast only if that fails too.
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

  const filterElement = (c: ListColumn<T>) => (c.filter ? <FiltroDaColuna coluna={c} valor={textos[c.field] ?? null} mudar={setFiltro} /> : undefined);

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
