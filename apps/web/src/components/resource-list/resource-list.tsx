import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { PAGE_SIZE, type Page } from '@ceasa/shared';
import { useAuth } from '../../lib/auth';
import { quebraLonga } from '../texto-longo';
import { PrintDialog, PrintTable, textoMostrando, textoTotal, totalDoPaginador } from '../print/print-dialog';
import { FiltroDaColuna } from './filtro-da-coluna';
import { doRecurso, type ListaDoRecurso, type ListColumn, type ResourceListProps } from './recurso-da-lista';
import { useAcoesDaLista } from './use-acoes-da-lista';
import { useEstadoDaLista } from './use-estado-da-lista';

export type { Filtros, ListColumn, ResourceListProps } from './recurso-da-lista';

type Relatorio<T> = { rows: T[]; page: Page<T> | undefined };

/** 'Gerar relatório': the rows on screen when it was asked for, in the print dialog with the declared columns and footer. */
function RelatorioDaLista<T extends { id: number | string }>({
  p,
  relatorio,
  onHide,
}: {
  p: ResourceListProps<T> & ListaDoRecurso<T>;
  relatorio: Relatorio<T> | null;
  onHide: () => void;
}) {
  if (!p.relatorio) return null;
  return (
    <PrintDialog
      visible={!!relatorio}
      onHide={onHide}
      titulo={p.titulo}
      subtitulo={p.relatorio.mostrando && relatorio ? <span>{textoMostrando(relatorio.page, relatorio.rows.length, p.plural)}</span> : undefined}
    >
      <PrintTable rows={relatorio?.rows ?? []} vazio={p.relatorio.vazio ?? p.vazio} columns={p.relatorio.colunas} />
      {relatorio && p.relatorio.rodape?.(relatorio.rows)}
    </PrintDialog>
  );
}

/** The list's title and its buttons: Adicionar, Limpar Filtros, Exportar CSV (with its progress), Gerar relatório and the declared ones. */
function CabecalhoDaLista<T extends { id: number | string }>({
  p,
  podeCriar,
  limpar,
  acoes: { exportar, exportando, buscarTodos },
  gerarRelatorio,
}: {
  p: ResourceListProps<T> & ListaDoRecurso<T>;
  podeCriar: boolean;
  limpar: () => void;
  acoes: Pick<ReturnType<typeof useAcoesDaLista<T>>, 'exportar' | 'exportando' | 'buscarTodos'>;
  gerarRelatorio: () => void;
}) {
  const navigate = useNavigate();
  return (
    <div className="list-header">
      <h1>{p.titulo}</h1>
      <div className="list-actions">
        {podeCriar && <Button label="Adicionar" icon="pi pi-plus" onClick={() => navigate(p.caminhoDoNovo!)} />}
        <Button label="Limpar Filtros" icon="pi pi-filter-slash" outlined onClick={limpar} />
        <Button label={exportando ?? 'Exportar CSV'} icon="pi pi-download" outlined onClick={exportar} disabled={!!exportando} loading={!!exportando} />
        {p.relatorio && <Button label="Gerar relatório" icon="pi pi-print" outlined onClick={gerarRelatorio} />}
        {p.headerActions?.({ buscarTodos })}
      </div>
    </div>
  );
}

/**
 * The one list of the back office: server paging (20 rows), per-column filters, ASC/DESC sort,
 * 'Limpar Filtros', Adicionar, edit/delete with confirmation, CSV export of the whole filtered list.
 * Filter state is kept in browser storage. A failed search falls back to the unfiltered list.
 */
export function ResourceList<T extends { id: number | string }>(props: ResourceListProps<T>) {
  const p = doRecurso(props);
  const { pode } = useAuth();
  const navigate = useNavigate();
  const { estado, textos, q, setFiltro, limpar, onPage, onSort } = useEstadoDaLista<T>(p);
  const acoesDaLista = useAcoesDaLista(p, estado);
  const { rotuloDe, remover } = acoesDaLista;
  const [relatorio, setRelatorio] = useState<Relatorio<T> | null>(null);

  const page = q.data;
  const gerarRelatorio = () => setRelatorio({ rows: page?.content ?? [], page });
  const podeEditar = !!p.caminhoDeEdicao && pode(p.rota, 'editar');
  const podeRemover = !p.semRemover && pode(p.rota, 'deletar');

  const filterElement = (c: ListColumn<T>) => (c.filter ? <FiltroDaColuna coluna={c} valor={textos[c.field] ?? null} mudar={setFiltro} /> : undefined);

  const header = (
    <CabecalhoDaLista p={p} podeCriar={!!p.caminhoDoNovo && pode(p.rota, 'criar')} limpar={limpar} acoes={acoesDaLista} gerarRelatorio={gerarRelatorio} />
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
      {p.relatorio && <RelatorioDaLista p={p} relatorio={relatorio} onHide={() => setRelatorio(null)} />}
    </section>
  );
}
