/**
 * CSV for spreadsheet programs in Brazil: ';' separator, quoted fields, CRLF, UTF-8 BOM. The one writer of
 * the browser's list exports (decision 0006) and of the API's `formato=csv` answers (decision 0108).
 */
export function toCsv(headers: string[], rows: (string | number | null | undefined)[][]): string {
  const q = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return '\uFEFF' + [headers, ...rows].map((r) => r.map((c) => q(c === null || c === undefined ? '' : String(c))).join(';')).join('\r\n') + '\r\n';
}
