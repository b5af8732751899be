/* Plain charts that print (no chart library): horizontal bars (HTML) and a line (SVG). */

const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/**
 * Horizontal bars, one per item, the value written beside each; `titulo` names the chart for screen readers. Drawn with
 * the page's own text (not an SVG scaled to the width), so names and values keep their size on a phone and on paper.
 */
export function Barras({
  titulo,
  itens,
  formatar = (v) => num.format(v),
}: {
  titulo: string;
  itens: { rotulo: string; valor: number }[];
  formatar?: (v: number) => string;
}) {
  const max = Math.max(1, ...itens.map((i) => i.valor));
  return (
    <div className="grafico-barras" role="img" aria-label={`${titulo}: ${itens.map((i) => `${i.rotulo} ${formatar(i.valor)}`).join('; ')}`}>
      {itens.map((i, n) => (
        <div className="barra-linha" key={`${i.rotulo}-${n}`}>
          <span className="barra-rotulo">{i.rotulo}</span>
          <span className="barra-trilho">
            <span className="barra" style={{ width: `${Math.max(0.5, (i.valor / max) * 100)}%` }} />
          </span>
          <span className="barra-valor">{formatar(i.valor)}</span>
        </div>
      ))}
    </div>
  );
}

/** A line over months (the price index), with its points' values. */
export function Linha({ titulo, pontos }: { titulo: string; pontos: { rotulo: string; valor: number | null }[] }) {
  const validos = pontos.filter((p) => p.valor !== null) as { rotulo: string; valor: number }[];
  const largura = 520;
  const altura = 200;
  const m = { esq: 40, dir: 10, topo: 16, base: 40 };
  const min = Math.min(...validos.map((p) => p.valor), 100);
  const max = Math.max(...validos.map((p) => p.valor), 100);
  const faixa = max - min || 1;
  const x = (i: number) => m.esq + (i * (largura - m.esq - m.dir)) / Math.max(1, pontos.length - 1);
  const y = (v: number) => m.topo + ((max - v) * (altura - m.topo - m.base)) / faixa;
  const caminho = pontos
    .map((p, i) => (p.valor === null ? null : `${x(i)},${y(p.valor)}`))
    .filter(Boolean)
    .join(' ');
  return (
    <svg
      className="grafico"
      role="img"
      aria-label={`${titulo}: ${validos.map((p) => `${p.rotulo} ${p.valor.toLocaleString('pt-BR')}`).join('; ')}`}
      viewBox={`0 0 ${largura} ${altura}`}
      width="100%"
    >
      <line x1={m.esq} x2={largura - m.dir} y1={y(100)} y2={y(100)} stroke="#adb5bd" strokeDasharray="4 3" />
      <text x={m.esq - 4} y={y(100) + 4} textAnchor="end" fontSize="11">
        100
      </text>
      <polyline points={caminho} fill="none" stroke="#2e7d32" strokeWidth="2" />
      {pontos.map((p, i) =>
        p.valor === null ? null : (
          <g key={p.rotulo}>
            <circle cx={x(i)} cy={y(p.valor)} r="3" fill="#2e7d32" />
            <text x={x(i)} y={y(p.valor) - 6} textAnchor="middle" fontSize="9">
              {p.valor.toLocaleString('pt-BR', { maximumFractionDigits: 1 })}
            </text>
          </g>
        ),
      )}
      {pontos.map((p, i) => (
        <text key={`r-${p.rotulo}`} x={x(i)} y={altura - m.base + 16} textAnchor="middle" fontSize="10">
          {p.rotulo}
        </text>
      ))}
    </svg>
  );
}
