import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import type { PaginatorRowsPerPageDropdownOptions, PaginatorTemplateOptions } from 'primereact/paginator';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { formatDate, formatDecimal, vafInput, type VafInput, type VafRow } from '@ceasa/shared';
import { DateField } from '../../components/form/fields';
import { api, ApiError } from '../../lib/api-client';
import { useToast } from '../../lib/toast';
import { municipioVaf, precoVaf, VafReport } from './vaf-report';
import './vaf.css';

/** docs/produto/validacao.md: the VAF pickers cover 2000 to the current year. */
const ANOS_VAF = `2000:${new Date().getFullYear()}`;

/** The paginator with a labelled native select for the rows per page (10/20/30). */
const PAGINADOR: PaginatorTemplateOptions & { layout: string } = {
  layout: 'FirstPageLink PrevPageLink PageLinks NextPageLink LastPageLink RowsPerPageDropdown CurrentPageReport',
  RowsPerPageDropdown: (o: PaginatorRowsPerPageDropdownOptions) => (
    <label className="linhas-por-pagina">
      Linhas por página
      <select
        className="p-inputtext p-component p-inputtext-sm"
        value={o.value}
        onChange={(e) =>
          o.onChange({
            originalEvent: e,
            value: Number(e.target.value),
            stopPropagation: () => e.stopPropagation(),
            preventDefault: () => e.preventDefault(),
          } as never)
        }
      >
        {(o.options as { label: string; value: number }[]).map((op) => (
          <option key={op.value} value={op.value}>
            {op.label}
          </option>
        ))}
      </select>
    </label>
  ),
};

export default function VafPage() {
  const toast = useToast();
  const form = useForm<VafInput>({
    resolver: zodResolver(vafInput as never) as never,
    defaultValues: { dataInicial: undefined, dataFinal: undefined },
    mode: 'onTouched',
  });
  const [dataInicial, dataFinal] = useWatch({ control: form.control, name: ['dataInicial', 'dataFinal'] });
  const [resultado, setResultado] = useState<{ rows: VafRow[]; periodo: VafInput } | null>(null);
  const [pesquisando, setPesquisando] = useState(false);
  const [imprimindo, setImprimindo] = useState(false);

  const pesquisar = form.handleSubmit(async (v) => {
    setPesquisando(true);
    try {
      const rows = await api<VafRow[]>('precos/vaf', { method: 'POST', body: v });
      setResultado({ rows, periodo: v });
      if (rows.length === 0) toast.show('warn', 'Nenhum movimento encontrado', `Período de ${formatDate(v.dataInicial)} a ${formatDate(v.dataFinal)}`);
      else toast.show('success', 'Pesquisa concluída!', `${rows.length} registro(s) encontrado(s)`);
    } catch (err) {
      setResultado(null);
      toast.show('error', 'Erro ao pesquisar!', (err as ApiError).message);
    } finally {
      setPesquisando(false);
    }
  });

  return (
    <section className="card">
      <div className="list-header">
        <h1>VAF</h1>
        <div className="list-actions">
          <Button label="Imprimir boletim" icon="pi pi-print" outlined disabled={!resultado?.rows.length} onClick={() => setImprimindo(true)} />
        </div>
      </div>
      <form onSubmit={pesquisar} noValidate className="form-grid">
        <DateField control={form.control} name="dataInicial" label="Data Inicial" yearRange={ANOS_VAF} />
        <DateField control={form.control} name="dataFinal" label="Data Final" yearRange={ANOS_VAF} />
        <div className="form-buttons">
          <Button type="submit" label="Pesquisar" icon="pi pi-search" disabled={!dataInicial || !dataFinal} loading={pesquisando} />
        </div>
      </form>

      <DataTable
        value={resultado?.rows ?? []}
        className="vaf-tabela"
        header={<h2 className="table-title">Média Mensal</h2>}
        paginator
        rows={10}
        rowsPerPageOptions={[10, 20, 30]}
        paginatorTemplate={PAGINADOR}
        currentPageReportTemplate="Mostrando de {first} a {last} de {totalRecords} registros"
        emptyMessage={resultado ? 'Nenhum movimento encontrado' : 'Informe o período e clique em Pesquisar'}
        stripedRows
        size="small"
        responsiveLayout="stack"
        breakpoint="768px"
        sortMode="single"
        removableSort
      >
        <Column field="nome" header="Produto" sortable />
        <Column field="unPadrao" header="Un Padrão" sortable />
        <Column
          field="valorUn"
          header="Valor Un (R$)"
          sortable
          body={(r: VafRow) => <span className={r.valorUn === null ? 'muted' : undefined}>{precoVaf(r)}</span>}
        />
        <Column field="municipio" header="Município" sortable body={municipioVaf} />
        <Column field="total" header="Total (kg)" sortable body={(r: VafRow) => formatDecimal(r.total)} />
      </DataTable>

      {resultado && <VafReport visible={imprimindo} onHide={() => setImprimindo(false)} rows={resultado.rows} periodo={resultado.periodo} />}
    </section>
  );
}
