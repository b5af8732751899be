import { useQuery } from '@tanstack/react-query';
import type { ComponentProps } from 'react';
import { ComConsultas } from './com-consultas';
import { Dialog } from 'primereact/dialog';
import type { PrecoHistorico, PrecoResumo } from '@ceasa/shared';
import { formatBRL, formatDate } from '@ceasa/shared/format';
import { HISTORICO_DIAS as PRECO_HISTORICO_DIAS } from './constantes';
import { api } from '../../lib/api-client';
import { CORES, HistoricoChart } from './historico-chart';

/** The price history of a product group over the last 90 days (GET precos/historico/{produtoGrupoId}). */
function HistoricoDialogConteudo({
  grupo,
  onHide,
}: {
  grupo: Pick<PrecoResumo, 'produtoGrupoId' | 'produtoGrupoNome' | 'produtoGrupoUn'>;
  onHide: () => void;
}) {
  const q = useQuery({
    queryKey: ['historico', grupo.produtoGrupoId],
    queryFn: () => api<PrecoHistorico[]>(`precos/historico/${grupo.produtoGrupoId}`, { query: { dias: PRECO_HISTORICO_DIAS } }),
    retry: false,
  });
  const pontos = q.data ?? [];
  return (
    <Dialog
      header={`Histórico de preços - ${grupo.produtoGrupoNome}`}
      visible
      onHide={onHide}
      style={{ width: '42rem' }}
      breakpoints={{ '720px': '100vw' }}
      className="historico-dialog"
    >
      <p className="muted historico-sub">
        Últimos {PRECO_HISTORICO_DIAS} dias com preço · valores por {grupo.produtoGrupoUn}
      </p>
      {q.isLoading ? (
        <p>Carregando...</p>
      ) : q.error ? (
        <p role="alert" className="p-error">
          Erro ao obter o histórico: {(q.error as Error).message}
        </p>
      ) : pontos.length === 0 ? (
        <p>Sem preços nos últimos {PRECO_HISTORICO_DIAS} dias.</p>
      ) : (
        <>
          <HistoricoChart pontos={pontos} titulo={`Histórico de preços de ${grupo.produtoGrupoNome}`} />
          <ul className="historico-legenda" aria-label="Legenda">
            <li>
              <span className="leg" style={{ background: CORES.maximo }} aria-hidden /> Máximo
            </li>
            <li>
              <span className="leg leg-grossa" style={{ background: CORES.medio }} aria-hidden /> Médio
            </li>
            <li>
              <span className="leg" style={{ background: CORES.minimo }} aria-hidden /> Mínimo
            </li>
          </ul>
          <details className="historico-dados">
            <summary>Ver dados</summary>
            <table className="print-table">
              <thead>
                <tr>
                  <th>Data</th>
                  <th className="num">Mínimo</th>
                  <th className="num">Médio</th>
                  <th className="num">Máximo</th>
                </tr>
              </thead>
              <tbody>
                {[...pontos].reverse().map((p) => (
                  <tr key={p.data}>
                    <td>{formatDate(p.data)}</td>
                    <td className="num">{formatBRL(p.valorMinimo)}</td>
                    <td className="num">{formatBRL(p.valorMedio)}</td>
                    <td className="num">{formatBRL(p.valorMaximo)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </>
      )}
    </Dialog>
  );
}

/** Loaded on demand (lazy), with the query cache it needs (com-consultas.tsx). */
export default function HistoricoDialog(p: ComponentProps<typeof HistoricoDialogConteudo>) {
  return (
    <ComConsultas>
      <HistoricoDialogConteudo {...p} />
    </ComConsultas>
  );
}
