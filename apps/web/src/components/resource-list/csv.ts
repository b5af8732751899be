/** CSV for spreadsheet programs in Brazil: ';' separator, quoted fields, UTF-8 BOM. */
export function toCsv(headers: string[], rows: string[][]): string {
  const q = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return '\uFEFF' + [headers, ...rows].map((r) => r.map((c) => q(c ?? '')).join(';')).join('\r\n') + '\r\n';
}

export function downloadText(nome: string, conteudo: string) {
  const url = URL.createObjectURL(new Blob([conteudo], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
