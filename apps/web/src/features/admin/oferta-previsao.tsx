import { hojeNoMercado } from '@ceasa/shared/tempo';
import { useQuery } from '@tanstack/react-query';
import { formatDate, formatDecimal, type OfertaPrevisaoLinha } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { useErroAoCarregar } from '../../lib/use-erro-ao-carregar';

/** Weeks the /admin outlook covers, and how many products its chart draws. */
export const SEMANAS_OFERTA = 8;
export const PRODUTOS_NO_GRAFICO = 5;
const CORES = ['#1d4ed8', '#047857', '#b45309', '#7e22ce', '#be123c'];

/** The Monday of the week of `hoje` ('yyyy-mm-dd', calendar date, no time zone). */
export function segundaDaSemana(hoje: string): string {
  const [y, m, d] = hoje.split('-').map(Number);
  const dt = new Date(Date.UTC(y, m - 1, d));
  dt.setUTCDate(dt.getUTCDate() - ((dt.getUTCDay() + 6) % 7));
  return dt.toISOString().slice(0, 10);
}

type Produto = { produtoId: number; produtoNome: string; total: number; semanas: OfertaPrevisaoLinha[] };

/** The answer by product, the largest expected volume first. */
export function porProduto(linhas: OfertaPrevisaoLinha[]): Produto[] {
  const m = new Map<number, Produto>();
  for (const l of linhas) {
    const p = m.get(l.produtoId) ?? { produtoId: l.produtoId, produtoNome: l.produtoNome, total: 0, semanas: [] };
    p.total += l.previstoKg;
    p.semanas.push(l);
    m.set(l.produtoId, p);
  }
  return [...m.values()].sort((a, b) => b.total - a.total || a.produtoNome.localeCompare(b.produtoNome, 'pt-BR'));
}

/** A round step for the kg axis: 1, 2, 2.5 or 5 times a power of ten. */
const passo = (bruto: number) => {
  const p = 10 ** Math.floor(Math.log10(bruto));
  const n = bruto / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * p;
};

/** Grouped bars (no chart library): per week, one bar per product of the chart, previstoKg; a tick marks last year's kg. */
export function GraficoOferta({ produtos, semanas }: { produtos: Produto[]; semanas: string[] }) {
  const larg = 760;
  const alt = 260;
  const m = { esq: 70, dir: 10, topo: 10, base: 28 };
  const w = larg - m.esq - m.dir;
  const h = alt - m.topo - m.base;
  const maximo = Math.max(1, ...produtos.flatMap((p) => p.semanas.flatMap((s) => [s.previstoKg, s.chegadoAnoAnteriorKg])));
  const step = passo(maximo / 4);
  const topo = Math.ceil(maximo / step) * step;
  const y = (v: number) => m.topo + h - (v / topo) * h;
  const grupo = w / semanas.length;
  const barra = (grupo * 0.8) / Math.max(1, produtos.length);
  const marcas = Array.from({ length: Math.round(topo / step) + 1 }, (_, i) => i * step);
  return (
    <figure className="oferta-grafico">
      <svg viewBox={`0 0 ${larg} ${alt}`} role="img" aria-label={`Previsão de oferta (kg) das próximas ${semanas.length} semanas`}>
        {marcas.map((v) => (
          <g key={v}>
            <line x1={m.esq} x2={larg - m.dir} y1={y(v)} y2={y(v)} className="oferta-grade" />
            <text x={m.esq - 6} y={y(v) + 4} textAnchor="end" className="oferta-eixo">
              {formatDecimal(v).replace(/,00$/, '')}
            </text>
          </g>
        ))}
        {semanas.map((s, i) => (
          <g key={s}>
            <text x={m.esq + grupo * i + grupo / 2} y={alt - 8} textAnchor="middle" className="oferta-eixo">
              {formatDate(s).slice(0, 5)}
            </text>
            {produtos.map((p, j) => {
              const l = p.semanas.find((x) => x.semana === s);
              const x = m.esq + grupo * i + grupo * 0.1 + barra * j;
              return (
                <g key={p.produtoId}>
                  <rect x={x} y={y(l?.previstoKg ?? 0)} width={Math.max(1, barra - 2)} height={h + m.topo - y(l?.previstoKg ?? 0)} fill={CORES[j]}>
                    <title>{`${p.produtoNome}, semana de ${formatDate(s)}: ${formatDecimal(l?.previstoKg ?? 0)} kg previstos; ano anterior ${formatDecimal(l?.chegadoAnoAnteriorKg ?? 0)} kg`}</title>
                  </rect>
                  {!!l?.chegadoAnoAnteriorKg && (
                    <line x1={x - 1} x2={x + barra - 1} y1={y(l.chegadoAnoAnteriorKg)} y2={y(l.chegadoAnoAnteriorKg)} className="oferta-ano-anterior" />
                  )}
                </g>
              );
            })}
          </g>
        ))}
      </svg>
      <figcaption className="oferta-legenda">
        {produtos.map((p, j) => (
          <span key={p.produtoId}>
            <i style={{ background: CORES[j] }} aria-hidden /> {p.produtoNome}
          </span>
        ))}
        <span>
          <i className="oferta-legenda-ano" aria-hidden /> chegou na mesma semana do ano anterior
        </span>
      </figcaption>
    </figure>
  );
}

/**
 * 'Previsão de oferta' on /admin, below the stall map (GET oferta/previsao, decision 0110): the chart of the
 * products with most expected volume over the next weeks, and the table of every product and week.
 */
export function OfertaPrevisao({ hoje = hojeNoMercado() }: { hoje?: string }) {
  const inicio = segundaDaSemana(hoje);
  const q = useQuery({
    queryKey: ['oferta', 'previsao', inicio],
    queryFn: () => api<OfertaPrevisaoLinha[]>('oferta/previsao', { query: { inicio, semanas: SEMANAS_OFERTA } }),
    retry: false,
  });
  useErroAoCarregar(q.error, 'Erro ao obter a previsão de oferta');
  const produtos = porProduto(q.data ?? []);
  const semanas = [...new Set((q.data ?? []).map((l) => l.semana))].sort();
  return (
    <section className="card oferta-previsao" aria-labelledby="titulo-oferta">
      <h2 id="titulo-oferta">Previsão de oferta</h2>
      <p className="muted">
        Saldo dos boletins (estimado menos o já comercializado) distribuído pelos dias de colheita, por semana a partir de {formatDate(inicio)}; ao lado, o que
        chegou nos romaneios na mesma semana do ano anterior.
      </p>
      {q.isLoading ? (
        <p>Carregando...</p>
      ) : produtos.length === 0 ? (
        <p>Nenhuma previsão para as próximas semanas.</p>
      ) : (
        <>
          <GraficoOferta produtos={produtos.slice(0, PRODUTOS_NO_GRAFICO)} semanas={semanas} />
          {/* Scrolls on its own: reachable by keyboard (tabIndex) to scroll with the arrows. */}
          <div className="oferta-tabela-rolagem" tabIndex={0} role="region" aria-label="Tabela da previsão de oferta">
            <table className="oferta-tabela">
              <caption className="sr-only">Previsão de oferta por produto e semana (kg)</caption>
              <thead>
                <tr>
                  <th scope="col">Produto</th>
                  {semanas.map((s) => (
                    <th key={s} scope="col" className="num">
                      Semana de {formatDate(s).slice(0, 5)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {produtos.map((p) => (
                  <tr key={p.produtoId}>
                    <th scope="row">{p.produtoNome}</th>
                    {semanas.map((s) => {
                      const l = p.semanas.find((x) => x.semana === s);
                      return (
                        <td key={s} className="num">
                          {formatDecimal(l?.previstoKg ?? 0)} kg
                          <small className="muted">ano ant.: {formatDecimal(l?.chegadoAnoAnteriorKg ?? 0)} kg</small>
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </section>
  );
}
