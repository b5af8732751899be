import { proximoDiaDeMercado, toIsoDate, type DiaDoCalendario } from '@ceasa/shared';

/**
 * The stall map's layout (docs/produto/telas.md 'Stall page'): three blocks of 84 stalls (1–84, 85–168, 169–252), side by
 * side; in each block odd and even numbers as paired columns (1|2, 3|4, ...), in three sections of 14 pairs with
 * a gap after 28, 56 and 84 (112/140/168, 196/224/252).
 */
export const TOTAL_PEDRAS = 252;
const POR_BLOCO = 84;
/** Stalls between two gaps. */
const POR_SECAO = 28;

/** A row of a block: an odd stall beside the even one after it. */
export type Par = [impar: number, par: number];

export interface Bloco {
  inicio: number;
  fim: number;
  /** Sections between gaps, each a list of pairs from top to bottom. */
  secoes: Par[][];
}

export function blocosDoMapa(total = TOTAL_PEDRAS): Bloco[] {
  const blocos: Bloco[] = [];
  for (let inicio = 1; inicio <= total; inicio += POR_BLOCO) {
    const fim = Math.min(inicio + POR_BLOCO - 1, total);
    const secoes: Par[][] = [];
    for (let s = inicio; s <= fim; s += POR_SECAO) {
      const pares: Par[] = [];
      for (let n = s; n < Math.min(s + POR_SECAO, fim + 1); n += 2) pares.push([n, n + 1]);
      secoes.push(pares);
    }
    blocos.push({ inicio, fim, secoes });
  }
  return blocos;
}

/** The 'Pedras- {date}' report's nine tables of stalls (docs/produto/telas.md 'Stall page'). */
export const GRUPOS_RELATORIO: readonly (readonly [number, number])[] = [
  [1, 19],
  [20, 38],
  [39, 57],
  [58, 99],
  [100, 141],
  [142, 183],
  [184, 206],
  [207, 229],
  [230, 252],
];

/** Where a free stall leads: a new romaneio on that stall and date (helper A's form preselects both). */
export const novoRomaneio = (numero: string | number, data: string) => `/romaneiocreate?${new URLSearchParams({ pedra: String(numero), data }).toString()}`;

/**
 * The map's default day: today when it is a market day, otherwise the next market day (the shared rule: the
 * settings' weekdays, 0 Sunday ... 6 Saturday, and the holidays and extra days of `calendario`); today when no weekday is set.
 */
export function diaDoMapa(hoje: Date, diasDeMercado: readonly number[], calendario: readonly DiaDoCalendario[] = []): string {
  const d = toIsoDate(new Date(hoje.getFullYear(), hoje.getMonth(), hoje.getDate()))!;
  if (!diasDeMercado.some((x) => x >= 0 && x <= 6) && !calendario.some((c) => c.tipo === 'extra')) return d;
  return proximoDiaDeMercado(d, diasDeMercado, calendario);
}
