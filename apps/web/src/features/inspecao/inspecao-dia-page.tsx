import { useQuery } from '@tanstack/react-query';
import { Button } from 'primereact/button';
import { Column } from 'primereact/column';
import { DataTable } from 'primereact/datatable';
import { Tag } from 'primereact/tag';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCpfCnpj, formatDate, toIsoDate } from '@ceasa/shared/format';
import { ROTULOS_RESULTADO, ROTULOS_TIPO_INSPECAO, type InspecaoDia, type RomaneioParaInspecao } from '@ceasa/shared';
import { DateField } from '../../components/form/fields';
import { ehDataIso } from '../../components/form/mascaras';
import { api } from '../../lib/api-client';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';
import './inspecao.css';

const hoje = () => toIsoDate(new Date())!;

/** One block: on a phone the cell is a 'title value' line (inspecao.css). */
const celulaDoProdutor = (r: RomaneioParaInspecao) => (
  <span>
    {r.produtorNome}
    <br />
    <small>{formatCpfCnpj(r.cpfcnpj)}</small>
  </span>
);

/** The romaneio's inspections, each a link to its form. */
const celulaDasInspecoes = (r: RomaneioParaInspecao) =>
  r.inspecoes.length ? (
    <ul className="inspecao-lista">
      {r.inspecoes.map((i) => (
        <li key={i.id}>
          <Link to={`/inspecao/edit/${i.id}`}>
            {ROTULOS_TIPO_INSPECAO[i.tipo]}: {i.resultado ? ROTULOS_RESULTADO[i.resultado] : '-'}
          </Link>
        </li>
      ))}
    </ul>
  ) : (
    'Nenhuma'
  );

/**
 * The inspector's day (decision 0185): the market day's romaneios drawn for inspection (the server draws the
 * ones not drawn yet when the list is asked for), with their inspections and the producer's suspension;
 * 'Registrar inspeção' opens the inspection's form for that romaneio.
 */
export default function InspecaoDiaPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const form = useForm<{ data: string | null }>({ defaultValues: { data: params.get('data') ?? hoje() } });
  const data = useWatch({ control: form.control, name: 'data' });
  const valida = typeof data === 'string' && ehDataIso(data);
  const q = useQuery({
    queryKey: ['inspecao', 'dia', data],
    queryFn: () => api<InspecaoDia>('inspecao/dia', { query: { data } }),
    enabled: valida,
    staleTime: 0,
  });
  useErroAoCarregar(q.error, 'Erro ao obter inspeções');
  const dia = q.data;
  const romaneios = dia?.romaneios ?? [];
  const titulo = dia
    ? `${romaneios.length} romaneio(s) para inspeção de ${dia.total} em ${formatDate(dia.data)} (sorteio de ${dia.percentual.toLocaleString('pt-BR')}%)`
    : 'Romaneios para inspeção';

  return (
    <section className="card inspecao-dia">
      <div className="list-header">
        <h1>Inspeções</h1>
      </div>
      <p className="muted">Os romaneios de cada dia de mercado são sorteados para inspeção de rotulagem e coleta de amostras para análise de resíduos.</p>
      <form className="form-grid" onSubmit={(e) => e.preventDefault()}>
        <div
          onBlur={() => {
            if (valida) setParams({ data: data as string }, { replace: true });
          }}
        >
          <DateField control={form.control} name="data" label="Dia de mercado" />
        </div>
      </form>
      <DataTable
        value={romaneios}
        header={<h2 className="table-title">{titulo}</h2>}
        dataKey="romaneioId"
        loading={q.isFetching}
        emptyMessage={valida ? 'Nenhum romaneio sorteado neste dia' : 'Informe o dia de mercado'}
        stripedRows
        size="small"
        responsiveLayout="stack"
        breakpoint="960px"
      >
        <Column header="Romaneio" body={(r: RomaneioParaInspecao) => `${r.romaneioId}`} />
        <Column header="Produtor" body={celulaDoProdutor} />
        <Column header="Município" body={(r: RomaneioParaInspecao) => r.municipioNome ?? '-'} />
        <Column header="Produtos" body={(r: RomaneioParaInspecao) => r.produtos.join(', ') || '-'} />
        <Column header="Pedras" body={(r: RomaneioParaInspecao) => r.pedras.join(', ') || '-'} />
        <Column header="Sorteio" body={(r: RomaneioParaInspecao) => (r.sorteado ? 'Sorteado' : 'Fora do sorteio')} />
        <Column header="Inspeções" body={celulaDasInspecoes} />
        <Column
          header="Produtor suspenso"
          body={(r: RomaneioParaInspecao) => (r.suspensoAte ? <Tag severity="danger" value={`Suspenso até ${formatDate(r.suspensoAte)}`} /> : 'Não')}
        />
        <Column
          header="Ações"
          body={(r: RomaneioParaInspecao) => (
            <Button
              label="Registrar inspeção"
              icon="pi pi-plus"
              size="small"
              outlined
              aria-label={`Registrar inspeção do romaneio ${r.romaneioId}`}
              onClick={() => navigate(`/inspecaocreate?romaneioId=${r.romaneioId}&data=${data as string}`)}
            />
          )}
        />
      </DataTable>
    </section>
  );
}
