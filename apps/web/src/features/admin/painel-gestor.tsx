import { useQuery } from '@tanstack/react-query';
import { formatBRL, formatDate, formatDecimal, type PainelDoGestor as Painel } from '@ceasa/shared';
import type { Key, ReactNode } from 'react';
import { api } from '../../lib/api-client';
import { useDiaDoMapa } from './use-dia-do-mapa';

/** A list of at most ten lines; a longer one ends in 'e mais N'. */
function ListaCurta<T>(p: { itens: T[]; chave: (x: T, i: number) => Key; linha: (x: T) => ReactNode; rotulo?: string }) {
  return (
    <ul aria-label={p.rotulo}>
      {p.itens.slice(0, 10).map((x, i) => (
        <li key={p.chave(x, i)}>{p.linha(x)}</li>
      ))}
      {p.itens.length > 10 && <li className="muted">e mais {p.itens.length - 10}</li>}
    </ul>
  );
}

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
                <ListaCurta
                  itens={p.variacoesDePreco}
                  chave={(v) => v.produto}
                  linha={(v) => `${v.produto}: ${formatBRL(v.anterior)} → ${formatBRL(v.atual)} (${pct(v.variacao)})`}
                />
              ) : (
                <p className="muted">Nenhuma variação.</p>
              )}
              {p.rascunhos.length > 0 && (
                <>
                  <h4>Rascunhos (não publicados, fora das variações)</h4>
                  <ListaCurta
                    rotulo="Rascunhos"
                    itens={p.rascunhos}
                    chave={(_, i) => i}
                    linha={(r) => `${formatDate(r.data)}: ${r.produto} ${formatBRL(r.valor)} (rascunho)`}
                  />
                </>
              )}
            </div>
            <div>
              <h3>Colheitas que terminam na semana</h3>
              {p.boletinsTerminando.length ? (
                <ListaCurta
                  itens={p.boletinsTerminando}
                  chave={(_, i) => i}
                  linha={(b) => `${formatDate(b.fimColheita)}: ${b.produtor} - ${b.produto} (boletim ${b.boletimId})`}
                />
              ) : (
                <p className="muted">Nenhuma.</p>
              )}
            </div>
            <div>
              <h3>Carências que terminam na semana</h3>
              {p.cadernosTerminando.length ? (
                <ListaCurta
                  itens={p.cadernosTerminando}
                  chave={(c) => c.cadernoId}
                  linha={(c) => `${formatDate(c.fimCarencia)}: ${c.produtor} - ${c.produto}`}
                />
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
