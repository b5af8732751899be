/** pt-BR formatting helpers used by the web and the server's reports. */

import { FUSO_DO_MERCADO } from './tempo';
import { casasDecimais } from './dinheiro';

/**
 * A formatter made on its first use, not when the module loads: the browser's first Intl object loads its locale
 * data (30–40 ms on this project's machine, four times that on a phone), which would otherwise run on every page
 * that imports this module, the sign-in pages included, before anything shows.
 */
function noPrimeiroUso<T>(criar: () => T): () => T {
  let feito: T | undefined;
  return () => (feito ??= criar());
}

const brl = noPrimeiroUso(() => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }));
const dec2 = noPrimeiroUso(() => new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 }));

export function formatBRL(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return brl().format(Number(v));
}

export function formatDecimal(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return dec2().format(Number(v));
}

/** 'yyyy-mm-dd' (a calendar date) → 'dd/mm/yyyy', with no time-zone shift. */
export function formatDate(v: string | null | undefined): string {
  if (!v) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
}

/** A timestamp → 'dd/mm/yyyy hh:mm:ss' in the market's time zone. */
export function formatDateTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = typeof v === 'string' ? new Date(v) : v;
  return d.toLocaleString('pt-BR', { timeZone: FUSO_DO_MERCADO }).replace(',', '');
}

const relogioDoMercado = noPrimeiroUso(
  () =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: FUSO_DO_MERCADO,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      timeZoneName: 'longOffset',
    }),
);

/**
 * The calendar date and clock time of the moment `d` in the market's time zone, two digits each (the year four),
 * and that zone's offset from UTC at that moment, '-03:00' (read from the time zone data, not assumed).
 */
export function partesNoMercado(d: Date) {
  const p = Object.fromEntries(
    relogioDoMercado()
      .formatToParts(d)
      .map((x) => [x.type, x.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'timeZoneName', string>;
  const offset = p.timeZoneName === 'GMT' ? '+00:00' : p.timeZoneName.replace('GMT', '');
  return { year: p.year, month: p.month, day: p.day, hour: p.hour, minute: p.minute, second: p.second, offset };
}

/** A Date (local calendar day) → 'yyyy-mm-dd'. */
export function toIsoDate(d: Date | null | undefined): string | null {
  if (!d) return null;
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
}

/** 'yyyy-mm-dd' → a Date at local midnight of that day. */
export function fromIsoDate(v: string | null | undefined): Date | null {
  if (!v) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : null;
}

export const soDigitos = (v: string | null | undefined) => (v ?? '').replace(/\D/g, '');

/** A CPF/CNPJ's characters that count, upper case (decision 0180): '12.abc.345/01de-35' → '12ABC34501DE35'. */
export const normalizarDocumento = (v: string | null | undefined) => (v ?? '').toUpperCase().replace(/[^0-9A-Z]/g, '');

/**
 * A CPF as 999.999.999-99; a CNPJ, numeric or alphanumeric (12 letters or digits and two check digits), as
 * XX.XXX.XXX/XXXX-99; anything else as it is.
 */
export function formatCpfCnpj(v: string | null | undefined): string {
  const d = normalizarDocumento(v);
  if (/^\d{11}$/.test(d)) return d.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return d.replace(/(\w{2})(\w{3})(\w{3})(\w{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return v ?? '';
}

/**
 * A CPF or CNPJ as every public answer and page shows it (LGPD): a natural person's CPF keeps
 * only its middle six digits, '***.456.789-**'; a CNPJ (a company's, public by law, numeric or
 * alphanumeric) stays whole, formatted.
 */
export function cpfcnpjPublico(v: string | null | undefined): string {
  const d = normalizarDocumento(v);
  if (/^\d{11}$/.test(d)) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
  return formatCpfCnpj(v);
}

/** 10 digits → (99) 9999-9999; 11 digits → (99) 99999-9999. */
export function formatTelefone(v: string | null | undefined): string {
  const d = soDigitos(v);
  if (d.length === 11) return d.replace(/(\d{2})(\d{5})(\d{4})/, '($1) $2-$3');
  if (d.length === 10) return d.replace(/(\d{2})(\d{4})(\d{4})/, '($1) $2-$3');
  return v ?? '';
}

export function formatCep(v: string | null | undefined): string {
  const d = soDigitos(v);
  return d.length === 8 ? `${d.slice(0, 5)}-${d.slice(5)}` : (v ?? '');
}

const ate2 = noPrimeiroUso(() => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }));

/** A file's size as a person reads it: KB under a megabyte, MB above, one pt-BR decimal ('1,5 MB'); '' for no size. */
export function formatTamanho(bytes: number | null | undefined): string {
  if (bytes === null || bytes === undefined) return '';
  const [v, u] = bytes < 1024 * 1024 ? [bytes / 1024, 'KB'] : [bytes / 1024 / 1024, 'MB'];
  return `${v.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ${u}`;
}

/** A weight in kg, pt-BR: 6000 → '6.000 kg', 12.5 → '12,5 kg'. */
export function formatKg(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return `${ate2().format(Number(v))} kg`;
}

/**
 * A romaneio or shop quantity with its unit (docs/produto/dados.md 'Derived values': packages of the product's
 * `embalagem`, each `pesoEmKg`): (300, 'CX 20kg', 20) → '300 CX 20kg (6.000 kg)'.
 */
export function formatQuantidadeEmbalagens(
  quantidade: number | string | null | undefined,
  embalagem: string | null | undefined,
  pesoEmKg: number | string | null | undefined,
): string {
  if (quantidade === null || quantidade === undefined || quantidade === '') return '';
  const q = ate2().format(Number(quantidade));
  const emb = embalagem?.trim();
  const kg = pesoEmKg === null || pesoEmKg === undefined || pesoEmKg === '' ? '' : ` (${formatKg(Number(quantidade) * Number(pesoEmKg))})`;
  return `${q}${emb ? ` ${emb}` : ''}${kg}`;
}

/** What a number field says when its text is not a pt-BR number. */
export const NUMERO_INVALIDO = 'Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56)';
/** What a number field says when its text has more decimal places than it keeps (nothing is rounded away unseen). */
export const casasDemais = (decimais: number) => (decimais ? `Use no máximo ${decimais} casas decimais` : 'Digite um número inteiro');

/** What a typed number reads as: the number (null when empty), or why it cannot be read. */
export type LeituraNumero = { valor: number | null; erro?: undefined } | { valor?: undefined; erro: string };

/**
 * A number as pt-BR writes it, read exactly: ',' is the decimal mark, '.' groups thousands (every group
 * of three digits), an optional 'R$' and spaces are ignored. '1.055,00' → 1055, '20,5' → 20.5,
 * '1.055' → 1055, ',5' → 0.5; '12.50', '1.05', '1,2,3' or 'abc' are refused (never reinterpreted), and so
 * is a text (or a JSON number: 12.555) with more than `decimais` decimal places when given — never rounded away.
 */
export function lerNumeroBR(texto: string | number | null | undefined, decimais?: number): LeituraNumero {
  if (texto === null || texto === undefined) return { valor: null };
  if (typeof texto === 'number') {
    if (!Number.isFinite(texto)) return { erro: NUMERO_INVALIDO };
    if (decimais !== undefined && casasDecimais(texto) > decimais) return { erro: casasDemais(decimais) };
    return { valor: texto === 0 ? 0 : texto };
  }
  const s = texto.replace(/^\s*R\$/i, '').replace(/\s/g, '');
  if (!s) return { valor: null };
  const m = /^(-?)(\d{1,3}(?:\.\d{3})+|\d*)(?:,(\d+))?$/.exec(s);
  if (!m || (!m[2] && !m[3])) return { erro: NUMERO_INVALIDO };
  const fracao = m[3] ?? '';
  if (decimais !== undefined && fracao.length > decimais) return { erro: casasDemais(decimais) };
  const n = Number(`${m[1]}${m[2].replace(/\./g, '') || '0'}.${fracao || '0'}`);
  return Number.isFinite(n) ? { valor: n === 0 ? 0 : n } : { erro: NUMERO_INVALIDO };
}

/** A number in pt-BR as a field shows it: 1055 → '1.055,00' (2 places), 20.5 → '20,5' (0 to 2 places). */
export function escreverNumeroBR(v: number | null | undefined, decimais: { min: number; max: number }): string {
  if (v === null || v === undefined || !Number.isFinite(v)) return '';
  return new Intl.NumberFormat('pt-BR', { minimumFractionDigits: decimais.min, maximumFractionDigits: decimais.max }).format(v);
}
