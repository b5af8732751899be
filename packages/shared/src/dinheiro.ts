/**
 * Money as people count it: in exact decimal arithmetic, rounded half-up (half away from zero, as PostgreSQL's
 * round() on numeric) to the cent once. Prices and weights are decimals with few places; they are turned into
 * integers (cents, hundredths of a kg) and divided as integers, so R$ 32,98 ÷ 4 kg is 8,25 and R$ 74,10 ÷ 20 kg is
 * 3,71 — binary floats give 8,24 and 3,70 (32.98 / 4 is 8.244999… in a double). The server, the web, the CSV and
 * Prohort's file all compute derived money here.
 */

/**
 * How many decimal places a number is written with, in its shortest exact form: 12.5 → 1, 12.555 → 3, 1e-7 → 7,
 * 120 → 0. A number typed or sent as 12.555 has three places, whatever it is in binary.
 */
export function casasDecimais(n: number): number {
  if (!Number.isFinite(n)) return 0;
  const [mantissa, expoente] = String(Math.abs(n)).split('e') as [string, string | undefined];
  const fracao = mantissa.split('.')[1]?.length ?? 0;
  return Math.max(0, fracao - Number(expoente ?? 0));
}

/** A decimal number as an integer times 10^-casas, exactly ('12.5' with 2 places → 1250n). */
function escalar(n: number, casas: number): bigint {
  const s = Math.abs(n).toFixed(Math.max(casas, 0));
  const inteiro = BigInt(s.replace('.', ''));
  return n < 0 ? -inteiro : inteiro;
}

/** a ÷ b rounded half away from zero, in integers. */
function dividir(a: bigint, b: bigint): bigint {
  if (b === 0n) throw new RangeError('divisão por zero');
  const negativo = a < 0n !== b < 0n;
  const x = a < 0n ? -a : a;
  const y = b < 0n ? -b : b;
  const q = (2n * x + y) / (2n * y);
  return negativo ? -q : q;
}

/** A value in reais (at most 2 decimal places: a price) as integer cents: 32.98 → 3298. */
export function emCentavos(reais: number | string): number {
  const n = Number(reais);
  return Number(escalar(n, 2));
}

/** Integer cents as reais: 825 → 8.25. */
export const deCentavos = (centavos: number | bigint): number => Number(centavos) / 100;

/**
 * A price divided by a quantity (a package's kg, a number of units), in exact decimals, rounded half-up to the
 * cent: (32.98, 4) → 8.25; (74.10, 20) → 3.71. Null when the divisor is not positive.
 */
export function dividirDinheiro(valor: number | string, divisor: number | string): number | null {
  const d = Number(divisor);
  if (!Number.isFinite(d) || d <= 0) return null;
  const casas = Math.min(casasDecimais(d), 12);
  return deCentavos(dividir(BigInt(emCentavos(valor)) * 10n ** BigInt(casas), escalar(d, casas)));
}

/** Prices added in integer cents (a report's total): (0.1, 0.2) → 0.3, where binary floats give 0.30000000000000004. */
const somaEmCentavos = (valores: readonly (number | string)[]) => valores.reduce<bigint>((a, v) => a + BigInt(emCentavos(v)), 0n);

/** The sum of prices, exact to the cent (each price has at most two decimal places). */
export const somarDinheiro = (valores: readonly (number | string)[]): number => deCentavos(somaEmCentavos(valores));

/** The mean of prices, in exact decimals, rounded half-up to the cent; null for none. */
export function mediaDinheiro(valores: readonly (number | string)[]): number | null {
  if (!valores.length) return null;
  return deCentavos(dividir(somaEmCentavos(valores), BigInt(valores.length)));
}

/**
 * A figure computed from prices by division that cannot be exact (a mean of per-kg prices, an index, a percentage)
 * rounded half-up to `casas` places, read as the decimal it stands for: the binary noise below the 12th significant
 * digit is dropped first, so 8.245 (8.244999… in a double) rounds to 8.25.
 */
export function arredondar(v: number, casas = 2): number {
  if (!Number.isFinite(v)) return v;
  const decimal = Number(v.toPrecision(12));
  const escala = 10 ** casas;
  const [mantissa, expoente] = String(Math.abs(decimal)).split('e') as [string, string | undefined];
  const r = Math.round(Number(`${mantissa}e${Number(expoente ?? 0) + casas}`)) / escala;
  const res = decimal < 0 ? -r : r;
  return res === 0 ? 0 : res;
}
