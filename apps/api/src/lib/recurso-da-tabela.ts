import { getTableColumns, sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Recurso } from '@ceasa/shared';
import type { Db } from '../db/client';
import { repositorioPadrao, type Unico } from './crud';
import { listRowOrThrow, type FilterKind, type ListSpec } from './list';

/** How a list filters a column, by its type: texts accent-insensitive, dates by day, numbers as digits. */
const FILTRO: Record<string, FilterKind> = {
  PgVarchar: 'text',
  PgText: 'text',
  PgDate: 'date',
  PgDateString: 'date',
  PgTimestamp: 'timestamp',
  PgBoolean: 'bool',
};

/** A list of every column of a table (as camelCase names), each filtered and sorted by its type. */
export function listaDaTabela<Row>(table: PgTable, ordem: Recurso['ordem']): ListSpec<Row> {
  const colunas = Object.entries(getTableColumns(table)) as [string, PgColumn][];
  return {
    select: sql.join(
      colunas.map(([nome, c]) => sql`${c} AS ${sql.identifier(nome)}`),
      sql`, `,
    ),
    from: sql`${table}`,
    fields: Object.fromEntries(colunas.map(([nome, c]) => [nome, { expr: sql`${c}`, filter: FILTRO[c.columnType] ?? 'contains' }])),
    defaultSort: ordem ? { field: ordem.campo, dir: ordem.dir } : { field: 'id', dir: 'asc' },
  };
}

/**
 * A flat resource's repository straight from its declaration and its table (docs/adding-a-resource.md):
 * the list of its columns and the generic repository (audited under the route name with a capital,
 * 'Feriado'; `unicos` the 409s of its unique indexes). Its routes file passes both to `recursoRoutes`.
 */
export function repositorioDaTabela(db: Db, recurso: Recurso, table: PgTable & { id: PgColumn }, o: { unicos?: Record<string, Unico> } = {}) {
  const lista = listaDaTabela<Record<string, unknown>>(table, recurso.ordem);
  const naoEncontrado = recurso.rotulos?.naoEncontrado ?? '';
  const repo = repositorioPadrao(db, {
    table,
    cadastro: recurso.rota.charAt(0).toUpperCase() + recurso.rota.slice(1),
    naoEncontrado,
    unicos: o.unicos,
    ler: (t, id) => listRowOrThrow(t, lista, id, naoEncontrado),
  });
  return { lista, repo };
}
