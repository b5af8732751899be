import { toCsv, type CelulaCsv } from '@ceasa/shared/csv';
import type { ListColumn } from './recurso-da-lista';
import { baixar } from '../../lib/baixar';

export { toCsv };

/** A cell of a list's export: the column's `csv`, else what `body` returns if text or a number, else the field's value. */
export function celulaCsv<T>(c: ListColumn<T>, row: T): CelulaCsv {
  if (c.csv) return c.csv(row);
  const b = c.body?.(row);
  if (typeof b === 'string' || typeof b === 'number') return b;
  const v = (row as Record<string, unknown>)[c.field];
  return typeof v === 'number' ? v : String(v ?? '');
}

/**
 * A list's CSV export for a pt-BR spreadsheet (the shared writer's 'planilha' format: ';', decimal comma,
 * dd/mm/yyyy, formulas neutralised): a header line of the columns' titles, then one line per row.
 */
export const csvDaLista = <T>(columns: ListColumn<T>[], rows: T[]) =>
  toCsv(
    columns.map((c) => c.header),
    rows.map((row) => columns.map((c) => celulaCsv(c, row))),
  );

export function downloadText(nome: string, conteudo: string) {
  baixar(nome, new Blob([conteudo], { type: 'text/csv;charset=utf-8' }));
}
