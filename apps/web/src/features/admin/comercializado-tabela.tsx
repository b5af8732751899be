import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Column } from 'primereact/column';
import { DataTable, type DataTableStateEvent } from 'primereact/datatable';
import { useState } from 'react';
import { formatDate, formatDecimal, formatKg, type Page, type ProdutoComercializado } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';
import { textoTotal, totalDoPaginador } from '../../components/print/print-dialog';

/** docs/produto/telas.md 'Commercialised table': 15 rows a page. */
const LINHAS_COMERCIALIZADO = 15;

/** The fraction commercialised as a percentage with 2 decimals ('35,05%'); blank when nothing was estimated. */
export const porcentagem = (f: number | null) => (f === null ? '' : `${formatDecimal(f * 100)}%`);

/**
 * 'Comercializado': one row per bulletin item (GET produtos-comercializados), server paging and sorting.
 * A plain lazy DataTable, not ResourceList: that one is a list page (20 rows, title, Adicionar, filters, CSV,
 * its state kept per route), and this is a 15-row table inside the landing page.
 */
export function ComercializadoTabela() {
  const [estado, setEstado] = useState<{ page: number; sortField: string; sortOrder: 1 | -1 }>({ page: 0, sortField: 'dataEmissao', sortOrder: -1 });
  const q = useQuery({
    queryKey: ['lista', 'produtos-comercializados', estado],
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: () =>
      api<Page<ProdutoComercializado>>('produtos-comercializados', {
        query: { page: estado.page, size: LINHAS_COMERCIALIZADO, sort: `${estado.sortField},${estado.sortOrder === -1 ? 'desc' : 'asc'}` },
      }),
  });
  useErroAoCarregar(q.error, 'Erro ao obter dados');

  const onSort = (e: DataTableStateEvent) =>
    setEstado((s) => ({ page: 0, sortField: e.sortField, sortOrder: s.sortField === e.sortField ? (s.sortOrder === 1 ? -1 : 1) : 1 }));

  // Past the count's cap (every bulletin item ever, decision 0098) the total says 'mais de 1.000' and the
  // pages go on while they are full, so every row can be reached.
  const pg = q.data;
  const alemDoLimite = pg?.totalExato === false;

  return (
    <section className="card" aria-labelledby="titulo-comercializado">
      <DataTable
        value={q.data?.content ?? []}
        lazy
        dataKey="id"
        paginator
        rows={LINHAS_COMERCIALIZADO}
        first={estado.page * LINHAS_COMERCIALIZADO}
        totalRecords={totalDoPaginador(pg)}
        onPage={(e) => setEstado((s) => ({ ...s, page: e.page ?? Math.floor(e.first / LINHAS_COMERCIALIZADO) }))}
        onSort={onSort}
        sortField={estado.sortField}
        sortOrder={estado.sortOrder}
        loading={q.isFetching}
        header={<h2 id="titulo-comercializado">Comercializado</h2>}
        emptyMessage="Nenhum dado encontrado."
        paginatorTemplate="FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink CurrentPageReport"
        currentPageReportTemplate={`Mostrando de {first} a {last} de ${alemDoLimite ? textoTotal(pg, 0) : '{totalRecords}'} itens`}
        stripedRows
        size="small"
        responsiveLayout="stack"
        breakpoint="768px"
      >
        <Column field="boletimId" header="Boletim" sortable />
        <Column field="nomeProduto" header="Produto" sortable />
        <Column field="quantidadeEstimada" header="Qtd. Estimada" sortable body={(r: ProdutoComercializado) => formatKg(r.quantidadeEstimada)} />
        <Column
          field="quantidadeComercializada"
          header="Qtd. Comercializada"
          sortable
          body={(r: ProdutoComercializado) => formatKg(r.quantidadeComercializada)}
        />
        <Column
          field="porcentagemComercializada"
          header="% Comercializada"
          sortable
          body={(r: ProdutoComercializado) => porcentagem(r.porcentagemComercializada)}
        />
        <Column field="nomeProdutor" header="Produtor" sortable />
        <Column field="dataEmissao" header="Data Emissão" sortable body={(r: ProdutoComercializado) => formatDate(r.dataEmissao)} />
        <Column field="fimColheita" header="Fim Colheita" sortable body={(r: ProdutoComercializado) => formatDate(r.fimColheita)} />
      </DataTable>
    </section>
  );
}
