import type { FastifyInstance } from 'fastify';
import { getTableColumns, is, sql } from 'drizzle-orm';
import { PgTable, type PgColumn } from 'drizzle-orm/pg-core';
import type { Recurso } from '@ceasa/shared';
import type { Db } from '../db/client';
import * as schema from '../db/schema';
import { repositorioPadrao, type Unico } from './crud';
import { listRowOrThrow, type FilterKind, type ListSpec } from './list';
import { recursoRoutes } from './routes';

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

type TabelaComId = PgTable & { id: PgColumn };

/** The table of a flat resource: the `db/schema` export named as its route ('feriado' → `feriado`). */
export function tabelaDoRecurso(recurso: Pick<Recurso, 'rota'>): TabelaComId {
  const t = (schema as Record<string, unknown>)[recurso.rota];
  if (!is(t, PgTable) || !('id' in t)) throw new Error(`${recurso.rota}: recurso plano sem tabela '${recurso.rota}' (com id) em db/schema`);
  return t as TabelaComId;
}

/**
 * A flat resource's repository straight from its declaration and its table (docs/adding-a-resource.md):
 * the list of its columns and the generic repository (audited under the route name with a capital,
 * 'Feriado'; the declaration's `unicos` are the 409s of its unique indexes).
 */
export function repositorioDaTabela(db: Db, recurso: Recurso, table: TabelaComId = tabelaDoRecurso(recurso), o: { unicos?: Record<string, Unico> } = {}) {
  const lista = listaDaTabela<Record<string, unknown>>(table, recurso.ordem);
  const naoEncontrado = recurso.rotulos?.naoEncontrado ?? '';
  const repo = repositorioPadrao(db, {
    table,
    cadastro: recurso.rota.charAt(0).toUpperCase() + recurso.rota.slice(1),
    naoEncontrado,
    unicos: o.unicos ?? recurso.api?.unicos,
    ler: (t, id) => listRowOrThrow(t, lista, id, naoEncontrado),
  });
  return { lista, repo };
}

/** What a flat resource adds to its generic routes, in a file of its module folder (`<modulo>.regras.ts`). */
export interface RegrasDoRecurso {
  recurso: Pick<Recurso, 'rota'>;
  /** Runs after a create or an update; its answer is the route's (e.g. the record with a warning). */
  depoisDeGravar?: (db: Db, registro: Record<string, unknown>) => Promise<Record<string, unknown>>;
}

/**
 * The list and CRUD routes of a declared flat resource (`api.plano`), from its declaration and its table;
 * `regras` the module's additions, if it has any.
 */
export function rotasDoRecursoPlano(app: FastifyInstance, db: Db, recurso: Recurso, regras?: RegrasDoRecurso) {
  const { lista, repo } = repositorioDaTabela(db, recurso);
  const depois = regras?.depoisDeGravar;
  recursoRoutes(app, db, recurso, {
    lista,
    repo: depois
      ? {
          ...repo,
          inserir: async (u: string, i: Record<string, unknown>) => depois(db, await repo.inserir(u, i)),
          alterar: async (u: string, id: number, i: Record<string, unknown>) => depois(db, await repo.alterar(u, id, i)),
        }
      : repo,
  });
}
