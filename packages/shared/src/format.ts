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
