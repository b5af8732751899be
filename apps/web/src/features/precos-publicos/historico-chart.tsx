import { useId } from 'react';
import type { PrecoHistorico } from '@ceasa/shared';
import { formatBRL, formatDate } from '@ceasa/shared/format';

const DIA_MS = 86_400_000;
/** Day number of a calendar date 'yyyy-mm-dd' (UTC, so no time-zone shift). */
const dia = (iso: string) => {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Date.UTC(y, m - 1, d) / DIA_MS;
};
const curta = (iso: string) => formatDate(iso).slice(0, 5);

/** A round step for the value axis: 1, 2, 2.5 or 5 times a power of ten. */
export function passoRedondo(bruto: number) {
  const p = 10 ** Math.floor(Math.log10(bruto));
  const n = bruto / p;
  return (n <= 1 ? 1 : n <= 2 ? 2 : n <= 2.5 ? 2.5 : n <= 5 ? 5 : 10) * p;
}

export const CORES = { maximo: '#b91c1c', medio: '#047857', minimo: '#1d4ed8' };

/** The chart's geometry: the points by date, the value axis (round steps) and the x/y of a day and a price. */
function escalas(pontos: PrecoHistorico[], largura: number, altura: number) {
  const m = { esq: 72, dir: 16, topo: 12, base: 30 };
  const w = largura - m.esq - m.dir;
  const h = altura - m.topo - m.base;
  const dados = [...pontos].sort((a, b) => dia(a.data) - dia(b.data));
  const dias = dados.map((p) => dia(p.data));
  const d0 = Math.min(...dias);
  const d1 = Math.max(...dias);
  const lo = Math.min(...dados.map((p) => Number(p.valorMinimo)));
  const hi = Math.max(...dados.map((p) => Number(p.valorMaximo)));
  const passo = passoRedondo(Math.max(hi - lo, 1) / 4);
  let vMin = Math.floor(lo / passo) * passo;
  let vMax = Math.ceil(hi / passo) * passo;
  if (vMax - vMin < passo) {
    // one price only: a step of room on both sides
    vMin = Math.max(0, vMin - passo);
    vMax += passo;
  }

  const x = (d: number) => m.esq + (d1 === d0 ? w / 2 : ((d - d0) / (d1 - d0)) * w);
  const y = (v: number) => m.topo + h - ((v - vMin) / (vMax - vMin)) * h;
  const ticksY = Array.from({ length: Math.round((vMax - vMin) / passo) + 1 }, (_, i) => vMin + i * passo);
  return { m, w, h, dados, dias, x, y, ticksY };
}

/** The chart's text for screen readers: how many days, between which dates, and the last prices. */
function descricao(dados: PrecoHistorico[]) {
  const ultimo = dados[dados.length - 1];
  return ultimo
    ? `${dados.length} dia(s) com preço entre ${formatDate(dados[0].data)} e ${formatDate(ultimo.data)}. Último valor médio: ${formatBRL(ultimo.valorMedio)} (mínimo ${formatBRL(ultimo.valorMinimo)}, máximo ${formatBRL(ultimo.valorMaximo)}).`
    : 'Sem preços no período.';
}

/**
 * A small inline SVG line chart of a group's daily minimum, average and maximum prices
 * (no chart library). The band between minimum and maximum is shaded.
 */
export function HistoricoChart({
  pontos,
  largura = 560,
  altura = 240,
  titulo,
}: {
  pontos: PrecoHistorico[];
  largura?: number;
  altura?: number;
  titulo: string;
}) {
  const id = useId();
  const { m, w, h, dados, dias, x, y, ticksY } = escalas(pontos, largura, altura);
  const linha = (k: keyof Omit<PrecoHistorico, 'data'>) =>
    dados.map((p, i) => `${i ? 'L' : 'M'}${x(dias[i]).toFixed(1)},${y(Number(p[k])).toFixed(1)}`).join(' ');
  const faixa =
    dados.map((p, i) => `${i ? 'L' : 'M'}${x(dias[i]).toFixed(1)},${y(Number(p.valorMaximo)).toFixed(1)}`).join(' ') +
    ' ' +
    [...dados]
      .reverse()
      .map((p, i) => `L${x(dias[dados.length - 1 - i]).toFixed(1)},${y(Number(p.valorMinimo)).toFixed(1)}`)
      .join(' ') +
    ' Z';
  const idxX = dados.length <= 1 ? [0] : dados.length === 2 ? [0, 1] : [0, Math.floor((dados.length - 1) / 2), dados.length - 1];
  const desc = descricao(dados);

  return (
    <svg
      className="historico-chart"
      viewBox={`0 0 ${largura} ${altura}`}
      role="img"
      aria-labelledby={`${id}-t`}
      aria-describedby={`${id}-d`}
      preserveAspectRatio="xMidYMid meet"
    >
      <title id={`${id}-t`}>{titulo}</title>
      <desc id={`${id}-d`}>{desc}</desc>
      {ticksY.map((v) => (
        <g key={v}>
          <line x1={m.esq} x2={m.esq + w} y1={y(v)} y2={y(v)} stroke="#e5e7eb" />
          <text x={m.esq - 6} y={y(v)} textAnchor="end" dominantBaseline="middle" fontSize="11" fill="#374151">
            {formatBRL(v)}
          </text>
        </g>
      ))}
      <line x1={m.esq} x2={m.esq + w} y1={m.topo + h} y2={m.topo + h} stroke="#6b7280" />
      {idxX.map((i) => (
        <text
          key={i}
          x={x(dias[i])}
          y={altura - 10}
          textAnchor={dados.length > 1 && i === 0 ? 'start' : dados.length > 1 && i === dados.length - 1 ? 'end' : 'middle'}
          fontSize="11"
          fill="#374151"
        >
          {curta(dados[i].data)}
        </text>
      ))}
      {dados.length > 1 && (
        <>
          <path d={faixa} fill={CORES.medio} fillOpacity={0.1} stroke="none" />
          <path d={linha('valorMaximo')} fill="none" stroke={CORES.maximo} strokeWidth={1.5} strokeDasharray="5 3" />
          <path d={linha('valorMinimo')} fill="none" stroke={CORES.minimo} strokeWidth={1.5} strokeDasharray="2 3" />
          <path d={linha('valorMedio')} fill="none" stroke={CORES.medio} strokeWidth={2.5} />
        </>
      )}
      {dados.map((p, i) => (
        <circle key={p.data} cx={x(dias[i])} cy={y(Number(p.valorMedio))} r={dados.length > 30 ? 2 : 3.5} fill={CORES.medio}>
          <title>{`${formatDate(p.data)}: médio ${formatBRL(p.valorMedio)} (mín. ${formatBRL(p.valorMinimo)}, máx. ${formatBRL(p.valorMaximo)})`}</title>
        </circle>
      ))}
      {dados.length === 1 && (
        <>
          <circle cx={x(dias[0])} cy={y(Number(dados[0].valorMaximo))} r={3} fill={CORES.maximo} />
          <circle cx={x(dias[0])} cy={y(Number(dados[0].valorMinimo))} r={3} fill={CORES.minimo} />
        </>
      )}
    </svg>
  );
}
