/* Plain SVG charts that print (no chart library): horizontal bars and a line. */

const num = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 0 });

/** Horizontal bars, one per item, the value written beside each; `titulo` names the chart for screen readers. */
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
  const alturaLinha = 22;
  const rotulo = 150;
  const largura = 520;
  const barra = largura - rotulo - 110;
  return (
    <svg
      className="grafico"
      role="img"
      aria-label={`${titulo}: ${itens.map((i) => `${i.rotulo} ${formatar(i.valor)}`).join('; ')}`}
      viewBox={`0 0 ${largura} ${Math.max(1, itens.length) * alturaLinha + 4}`}
      width="100%"
      preserveAspectRatio="xMinYMin meet"
    >
      {itens.map((i, n) => {
        const y = n * alturaLinha + 2;
        const w = (i.valor / max) * barra;
        return (
          <g key={`${i.rotulo}-${n}`}>
            <text x={rotulo - 6} y={y + 14} textAnchor="end" fontSize="12">
              {i.rotulo.length > 22 ? `${i.rotulo.slice(0, 21)}…` : i.rotulo}
            </text>
            <rect x={rotulo} y={y + 3} width={Math.max(1, w)} height={alturaLinha - 8} fill="#2e7d32" />
            <text x={rotulo + w + 4} y={y + 14} fontSize="12">
              {formatar(i.valor)}
            </text>
          </g>
        );
      })}
    </svg>
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
