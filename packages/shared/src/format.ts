/** pt-BR formatting helpers used by the web and the server's reports. */

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });
const dec2 = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export function formatBRL(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return brl.format(Number(v));
}

export function formatDecimal(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return dec2.format(Number(v));
}

/** 'yyyy-mm-dd' (a calendar date) → 'dd/mm/yyyy', with no time-zone shift. */
export function formatDate(v: string | null | undefined): string {
  if (!v) return '';
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  return m ? `${m[3]}/${m[2]}/${m[1]}` : v;
}

/** A timestamp → 'dd/mm/yyyy hh:mm:ss' in America/Sao_Paulo. */
export function formatDateTime(v: string | Date | null | undefined): string {
  if (!v) return '';
  const d = typeof v === 'string' ? new Date(v) : v;
  return d.toLocaleString('pt-BR', { timeZone: 'America/Sao_Paulo' }).replace(',', '');
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

export function formatCpfCnpj(v: string | null | undefined): string {
  const d = soDigitos(v);
  if (d.length === 11) return d.replace(/(\d{3})(\d{3})(\d{3})(\d{2})/, '$1.$2.$3-$4');
  if (d.length === 14) return d.replace(/(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})/, '$1.$2.$3/$4-$5');
  return v ?? '';
}

/**
 * A CPF or CNPJ as every public answer and page shows it (LGPD, issue 19): a natural person's CPF keeps
 * only its middle six digits, '***.456.789-**'; a CNPJ (a company's, public by law) stays whole, formatted.
 */
export function cpfcnpjPublico(v: string | null | undefined): string {
  const d = soDigitos(v);
  if (d.length === 11) return `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**`;
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

const ate2 = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 });

/** A weight in kg, pt-BR: 6000 → '6.000 kg', 12.5 → '12,5 kg'. */
export function formatKg(v: number | string | null | undefined): string {
  if (v === null || v === undefined || v === '') return '';
  return `${ate2.format(Number(v))} kg`;
}

/**
 * A romaneio or shop quantity with its unit (CONTRACT.md 'Derived values': packages of the product's
 * `embalagem`, each `pesoEmKg`): (300, 'CX 20kg', 20) → '300 CX 20kg (6.000 kg)'.
 */
export function formatQuantidadeEmbalagens(
  quantidade: number | string | null | undefined,
  embalagem: string | null | undefined,
  pesoEmKg: number | string | null | undefined,
): string {
  if (quantidade === null || quantidade === undefined || quantidade === '') return '';
  const q = ate2.format(Number(quantidade));
  const emb = embalagem?.trim();
  const kg = pesoEmKg === null || pesoEmKg === undefined || pesoEmKg === '' ? '' : ` (${formatKg(Number(quantidade) * Number(pesoEmKg))})`;
  return `${q}${emb ? ` ${emb}` : ''}${kg}`;
}
