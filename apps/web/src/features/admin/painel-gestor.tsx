import { useQuery } from '@tanstack/react-query';
import { formatBRL, formatDate, formatDecimal, type PainelDoGestor as Painel } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { useDiaDoMapa } from './use-dia-do-mapa';

const pct = (v: number | null) => (v === null ? '—' : `${v > 0 ? '+' : ''}${formatDecimal(v)}%`);

/**
 * The manager's panel of /admin (decision 0147), for the map's day: occupancy, arrivals of the
 * week against the same week last year, changes of the published prices against the previous published day (drafts
 * listed apart, marked; every shortened list says 'e mais N'), and the bulletins whose
 * harvest and the notebooks whose carência end this week. Figures from GET /api/fechamento/painel.
 */
export function PainelGestor() {
  const { data } = useDiaDoMapa();
  const q = useQuery({
    queryKey: ['fechamento', 'painel', data],
    queryFn: () => api<Painel>(`fechamento/painel?${new URLSearchParams({ data: data! }).toString()}`),
    enabled: !!data,
  });
  const p = q.data;
  return (
    <section className="card painel-gestor" aria-labelledby="titulo-painel-gestor">
      <h2 id="titulo-painel-gestor">Painel do gestor{data ? ` - ${formatDate(data)}` : ''}</h2>
      {q.isError && <p role="alert">Erro ao carregar: {(q.error as Error).message}</p>}
      {p && (
        <>
          <dl className="painel-gestor-numeros">
            <div>
              <dt>Ocupação</dt>
              <dd data-testid="painel-ocupacao">
                {formatDecimal(p.ocupacao.percentual)}% ({p.ocupacao.ocupadas} de {p.ocupacao.total} pedras)
              </dd>
            </div>
            <div>
              <dt>
                Chegadas da semana ({formatDate(p.semana.de)} a {formatDate(p.semana.ate)})
              </dt>
              <dd data-testid="painel-chegadas">
                {formatDecimal(p.chegadas.kgSemana)} kg; mesma semana do ano anterior: {formatDecimal(p.chegadas.kgAnoAnterior)} kg ({pct(p.chegadas.variacao)})
              </dd>
            </div>
          </dl>
          <div className="painel-gestor-listas">
            <div>
              <h3>Variação de preços{p.diaAnterior ? ` desde ${formatDate(p.diaAnterior)}` : ''}</h3>
              {p.variacoesDePreco.length ? (
                <ul>
                  {p.variacoesDePreco.slice(0, 10).map((v) => (
                    <li key={v.produto}>
                      {v.produto}: {formatBRL(v.anterior)} → {formatBRL(v.atual)} ({pct(v.variacao)})
                    </li>
                  ))}
                  {p.variacoesDePreco.length > 10 && <li className="muted">e mais {p.variacoesDePreco.length - 10}</li>}
                </ul>
              ) : (
                <p className="muted">Nenhuma variação.</p>
              )}
              {p.rascunhos.length > 0 && (
                <>
                  <h4>Rascunhos (não publicados, fora das variações)</h4>
                  <ul aria-label="Rascunhos">
                    {p.rascunhos.slice(0, 10).map((r, i) => (
                      <li key={i}>
                        {formatDate(r.data)}: {r.produto} {formatBRL(r.valor)} (rascunho)
                      </li>
                    ))}
                    {p.rascunhos.length > 10 && <li className="muted">e mais {p.rascunhos.length - 10}</li>}
                  </ul>
                </>
              )}
            </div>
            <div>
              <h3>Colheitas que terminam na semana</h3>
              {p.boletinsTerminando.length ? (
                <ul>
                  {p.boletinsTerminando.slice(0, 10).map((b, i) => (
                    <li key={i}>
                      {formatDate(b.fimColheita)}: {b.produtor} - {b.produto} (boletim {b.boletimId})
                    </li>
                  ))}
                  {p.boletinsTerminando.length > 10 && <li className="muted">e mais {p.boletinsTerminando.length - 10}</li>}
                </ul>
              ) : (
                <p className="muted">Nenhuma.</p>
              )}
            </div>
            <div>
              <h3>Carências que terminam na semana</h3>
              {p.cadernosTerminando.length ? (
                <ul>
                  {p.cadernosTerminando.slice(0, 10).map((c) => (
                    <li key={c.cadernoId}>
                      {formatDate(c.fimCarencia)}: {c.produtor} - {c.produto}
                    </li>
                  ))}
                  {p.cadernosTerminando.length > 10 && <li className="muted">e mais {p.cadernosTerminando.length - 10}</li>}
                </ul>
              ) : (
                <p className="muted">Nenhuma.</p>
              )}
            </div>
          </div>
        </>
      )}
    </section>
  );
}
