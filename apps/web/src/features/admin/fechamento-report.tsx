import { useQuery } from '@tanstack/react-query';
import { formatBRL, formatDate, formatDecimal, type FechamentoDoDia } from '@ceasa/shared';
import { PrintDialog, PrintTable } from '../../components/print/print-dialog';
import { api } from '../../lib/api-client';

const kg = (v: number) => `${formatDecimal(v)} kg`;

/**
 * 'Fechamento do dia - dd/mm/aaaa' (decision 0147): the day's romaneios and producers, the loads announced in the portal
 * (received or not) and the walk-in romaneios (decision 0298), kg per
 * product and per origin municipality, stalls, parking tickets, entries per clerk and the day's prices, under
 * the municipal header of every printed report. Figures from GET /api/fechamento.
 */
export function FechamentoReport({ onHide, data }: { onHide: () => void; data: string }) {
  const q = useQuery({
    queryKey: ['fechamento', data],
    queryFn: () => api<FechamentoDoDia>(`fechamento?${new URLSearchParams({ data }).toString()}`),
    gcTime: 0,
  });
  const f = q.data;
  return (
    <PrintDialog
      visible
      onHide={onHide}
      titulo={`Fechamento do dia - ${formatDate(data)}`}
      subtitulo={
        f?.semMercado ? (
          <span className="fechamento-sem-mercado">{f.semMercado.replace('A data de emissão deve ser', `${formatDate(data)} não é`)}</span>
        ) : undefined
      }
    >
      {q.isPending && <p>Carregando...</p>}
      {q.isError && <p role="alert">Erro ao carregar: {(q.error as Error).message}</p>}
      {f && (
        <div className="fechamento">
          <dl className="fechamento-resumo">
            <dt>Romaneios</dt>
            <dd>{f.romaneios}</dd>
            <dt>Produtores</dt>
            <dd>{f.produtores}</dd>
            <dt>Total recebido</dt>
            <dd>{kg(f.kg)}</dd>
            <dt>Pedras ocupadas</dt>
            <dd>
              {f.pedras.ocupadas} de {f.pedras.total}
            </dd>
            <dt>Pedras livres</dt>
            <dd>{f.pedras.livres}</dd>
            <dt>Pedras avulsas</dt>
            <dd>{f.pedras.avulsas}</dd>
            <dt>Chegadas anunciadas no portal</dt>
            <dd>{f.chegadas.anunciadas}</dd>
            <dt>Anunciadas e recebidas</dt>
            <dd>{f.chegadas.recebidas}</dd>
            <dt>Anunciadas e não recebidas</dt>
            <dd>{f.chegadas.naoRecebidas}</dd>
            <dt>Romaneios sem chegada anunciada</dt>
            <dd>{f.chegadas.avulsas}</dd>
            <dt>Tickets de estacionamento</dt>
            <dd>
              {f.estacionamento.tickets} ({formatBRL(f.estacionamento.total)})
            </dd>
          </dl>
          <h3>Por produto</h3>
          <PrintTable
            rows={f.porProduto}
            vazio="Nenhum romaneio no dia"
            columns={[
              { header: 'Produto', cell: (r) => r.produto },
              { header: 'Embalagem', cell: (r) => r.embalagem },
              { header: 'Quantidade', cell: (r) => formatDecimal(r.quantidade), className: 'num' },
              { header: 'Kg', cell: (r) => formatDecimal(r.kg), className: 'num' },
            ]}
          />
          <h3>Por município de origem</h3>
          <PrintTable
            rows={f.porMunicipio}
            vazio="Nenhum romaneio no dia"
            columns={[
              { header: 'Município', cell: (r) => r.municipio },
              { header: 'Kg', cell: (r) => formatDecimal(r.kg), className: 'num' },
            ]}
          />
          <h3>Lançamentos por usuário</h3>
          <PrintTable
            rows={f.porUsuario}
            vazio="Nenhum lançamento no dia"
            columns={[
              { header: 'Usuário', cell: (r) => r.usuario },
              { header: 'Romaneios', cell: (r) => r.romaneios, className: 'num' },
            ]}
          />
          <h3>Preços do dia</h3>
          <PrintTable
            rows={f.precos}
            vazio="Nenhum preço no dia"
            columns={[
              { header: 'Produto', cell: (r) => r.produto },
              { header: 'Valor', cell: (r) => formatBRL(r.valor), className: 'num' },
              { header: 'Situação', cell: (r) => (r.publicado ? 'Publicado' : 'Rascunho') },
            ]}
          />
        </div>
      )}
    </PrintDialog>
  );
}
