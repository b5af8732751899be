/**
 * The one CSV writer, of the browser's list exports (decision 0006) and of the API's `formato=csv` answers
 * (decisions 0108, 0109): quoted fields, CRLF, UTF-8 BOM, ';' separator; formulas neutralised (decision 0150).
 *
 * Two formats (decision 0151):
 * - 'planilha' (staff exports: lists, recall, reports) opens right in a pt-BR spreadsheet: numbers with a
 *   decimal comma, calendar dates 'yyyy-mm-dd' written 'dd/mm/yyyy'. Documents and phones are passed
 *   formatted by the caller (formatCpfCnpj, formatTelefone), which a spreadsheet keeps as text.
 * - 'dados' (open data, docs/dados-abertos.md): numbers with a '.' and ISO dates, as documented.
 */
export type CelulaCsv = string | number | null | undefined;
export type FormatoCsv = 'planilha' | 'dados';

/**
 * A text that a spreadsheet would read as a formula (it starts with '=', '+', '-', '@', a tab or a carriage
 * return) gets a leading "'" so it is shown as text, never run. A JS number cell is exempt: it is written by
 * this writer from a number (digits, one sign, one decimal mark), never from a user's text.
 */
export const neutralizarFormula = (v: string) => (/^[=+\-@\t\r]/.test(v) ? `'${v}` : v);

const DATA_ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The text of one cell, before quoting. */
export function textoDaCelula(c: CelulaCsv, formato: FormatoCsv = 'planilha'): string {
  if (c === null || c === undefined) return '';
  if (typeof c === 'number') {
    if (!Number.isFinite(c)) return '';
    return formato === 'planilha' ? String(c).replace('.', ',') : String(c);
  }
  const data = formato === 'planilha' ? DATA_ISO.exec(c) : null;
  return neutralizarFormula(data ? `${data[3]}/${data[2]}/${data[1]}` : c);
}

export function toCsv(headers: string[], rows: CelulaCsv[][], formato: FormatoCsv = 'planilha'): string {
  const q = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return '\uFEFF' + [headers, ...rows].map((r) => r.map((c) => q(textoDaCelula(c, formato))).join(';')).join('\r\n') + '\r\n';
}
