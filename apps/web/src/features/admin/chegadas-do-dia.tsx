import { formatDate } from '@ceasa/shared';
import { produtosDaChegada, SITUACAO_DA_CHEGADA, useChegadasDoDia } from '../../lib/chegadas';
import { useDiaDoMapa } from './use-dia-do-mapa';

/**
 * The loads producers announced in the portal for /admin's day (decision 0298): producer, products (kg) and situação
 * (received once a romaneio names the load). Figures from GET /api/portal/chegadas?data=…, for whoever sees romaneios.
 */
export function ChegadasDoDia() {
  const { data } = useDiaDoMapa();
  const q = useChegadasDoDia(data);
  const chegadas = q.data ?? [];
  return (
    <section className="card chegadas-do-dia" aria-labelledby="titulo-chegadas-do-dia">
      <h2 id="titulo-chegadas-do-dia">Chegadas anunciadas{data ? ` - ${formatDate(data)}` : ''}</h2>
      {q.isPending && data && <p>Carregando...</p>}
      {q.isError && <p role="alert">Erro ao carregar: {(q.error as Error).message}</p>}
      {q.isSuccess && (
        <table className="chegadas-tabela" aria-labelledby="titulo-chegadas-do-dia">
          <thead>
            <tr>
              <th scope="col">Produtor</th>
              <th scope="col">Produtos</th>
              <th scope="col">Situação</th>
            </tr>
          </thead>
          <tbody>
            {chegadas.length === 0 ? (
              <tr>
                <td colSpan={3}>Nenhuma chegada anunciada para o dia.</td>
              </tr>
            ) : (
              chegadas.map((c) => (
                <tr key={c.id}>
                  <td>{c.pessoaNome}</td>
                  <td>{produtosDaChegada(c)}</td>
                  <td>
                    {c.situacao === 'recebida' && c.romaneioId ? `${SITUACAO_DA_CHEGADA.recebida} (romaneio ${c.romaneioId})` : SITUACAO_DA_CHEGADA[c.situacao]}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      )}
    </section>
  );
}
