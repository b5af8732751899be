import { FUSO_DO_MERCADO, hojeNoMercado } from '@ceasa/shared/tempo';
import { asc, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { PgDialect, type PgColumn, type PgTable } from 'drizzle-orm/pg-core';
import { PGlite } from '@electric-sql/pglite';
import { LIST_TOTAL_MAXIMO, type Page, type SortDir } from '@ceasa/shared';
import type { Tx } from '../db/client';
import { badRequest, naoEncontrado } from './errors';

/**
 * The one list helper: paging, per-field filters and sorting over a FROM clause.
 * A resource declares its columns once; the routes feed it the query and body.
 */
/**
 * text: case- and accent-insensitive "contains"; busca: the same on a column that already holds
 * f_unaccent(text) (a precomputed search column); contains: digits or text inside the value as text.
 */
export type FilterKind = 'text' | 'busca' | 'contains' | 'eq' | 'id' | 'date' | 'timestamp' | 'bool';

export interface ListField {
  expr: SQL;
  /** How a filter value on this field matches; omitted: the field cannot be filtered. */
  filter?: FilterKind;
  /**
   * Filter through a small table instead of `expr`: the rows whose `key` is among the `id`s of
   * `from` where `expr` matches (e.g. prices whose product's name contains the text). The ids are
   * found once per query, so a big table is filtered by an indexed key, not by a text function.
   */
  via?: {
    key: SQL;
    from: SQL;
    id: SQL;
    expr: SQL;
    filter?: FilterKind;
    /**
     * Match row by row (`EXISTS (… WHERE id = key AND …)`) instead of gathering every matching id first:
     * for a filter that matches a share of a growing table (romaneios with an item of some products),
     * where a page walks the order's index and stops after its rows.
     */
    existe?: boolean;
    /**
     * What is matched inside `from` when it is itself a field of `from` filtered through a small table (its own
     * `via`): e.g. a romaneio's items by the ids of the products whose name contains the text, found once per query,
     * so the row-by-row check reads only the items' index (instead of `expr` and `filter`).
     */
    campo?: ListField;
  };
  /** false: cannot sort by it. */
  sort?: boolean;
  /**
   * Sorts as text, by its Portuguese key (chaveDeOrdem): the default for fields filtered as 'text' or
   * 'busca'; say it for a text field that is not filtered that way (e.g. a group column sorted by name).
   */
  texto?: boolean;
  /** What sorting by it orders by, when not its key or `expr` (e.g. stall numbers by numeric value). */
  order?: SQL;
}

/**
 * The Portuguese sort key of a text (the one way every list, dropdown and report sorts names):
 * accent- and case-insensitive (f_unaccent, migration 0001: 'Açúcar' sorts as 'acucar', before
 * 'alface'; 'João' before 'José'; 'Maçã' before 'Mamão'), compared byte by byte (COLLATE "C"), so
 * PGlite (which has only the C collation) and PostgreSQL, whatever its locale, give the same order.
 * A list that sorts by it has an index on this very expression.
 */
export const chaveDeOrdem = (texto: SQL | SQLWrapper) => sql`(f_unaccent(${texto}) COLLATE "C")`;

/**
 * The same key read from a column that already holds f_unaccent(text) (a generated search column,
 * migration 0008): equal to chaveDeOrdem of the text, without the dictionary lookup.
 */
export const chaveJaCalculada = (coluna: SQL | SQLWrapper) => sql`(${coluna} COLLATE "C")`;

/**
 * A table's rows as a dropdown's options, id and name, by name as every list sorts names (chaveDeOrdem), then by id;
 * `onde` keeps some of them.
 */
export function opcoesPorNome(db: Tx, t: PgTable & { id: PgColumn; nome: PgColumn }, onde?: SQL): Promise<{ id: number; nome: string }[]> {
  return db
    .select({ id: t.id, nome: t.nome })
    .from(t)
    .where(onde)
    .orderBy(asc(chaveDeOrdem(t.nome)), asc(t.id)) as Promise<{ id: number; nome: string }[]>;
}

/** Whether a field sorts by its text key. */
const ordenaComoTexto = (f: ListField) => f.texto ?? (f.filter === 'text' || f.filter === 'busca');

/** What sorting by a field orders by: its own `order`, its text key, or its expression. */
export const ordemDoCampo = (f: ListField): SQL => f.order ?? (ordenaComoTexto(f) ? chaveDeOrdem(f.expr) : f.expr);

/** A plain SQL name: lower-case letters, digits and underscores, a letter first. */
const NOME_SQL = /^[a-z][a-z0-9_]*$/;

/** A column's SQL text `alias.coluna`, written as it is: only for names of the code, checked to be plain names. */
function colunaDoCodigo(alias: string, coluna: string): SQL {
  if (!NOME_SQL.test(alias) || !NOME_SQL.test(coluna)) throw new Error(`coluna inválida numa lista: ${alias}.${coluna}`);
  return sql.raw(`${alias}.${coluna}`);
}

/** A camelCase key as its column's name: 'pessoaId' → 'pessoa_id'. */
const nomeDaColuna = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

/**
 * The plain fields of a list, each a column of the table `alias` stands for, named as its key in snake_case and
 * filtered as its kind says: `colunas('c', { id: 'contains', pessoaId: 'id' })` is
 * `{ id: { expr: sql\`c.id\`, filter: 'contains' }, pessoaId: { expr: sql\`c.pessoa_id\`, filter: 'id' } }`.
 * A field whose expression is anything else is written out beside them. The alias and the keys are constants of
 * the code, never a client's text: they are written into the SQL as they are (sql.raw), and a name that is not a
 * plain SQL name throws when the module loads.
 */
export function colunas<K extends string>(alias: string, filtros: Record<K, FilterKind>): Record<K, ListField> {
  const campos = Object.entries<FilterKind>(filtros).map(([key, filter]) => [key, { expr: colunaDoCodigo(alias, nomeDaColuna(key)), filter }]);
  return Object.fromEntries(campos) as Record<K, ListField>;
}

/**
 * Fields that are the name (`nome`) of a joined table, filtered as text, by the table's alias:
 * `nomes({ produtorNome: 'pr' })` is `{ produtorNome: { expr: sql\`pr.nome\`, filter: 'text' } }`. The aliases are
 * constants of the code, written into the SQL as they are (see colunas).
 */
export function nomes<K extends string>(aliases: Record<K, string>): Record<K, ListField> {
  const campos = Object.entries<string>(aliases).map(([key, alias]) => [key, { expr: colunaDoCodigo(alias, 'nome'), filter: 'text' }]);
  return Object.fromEntries(campos) as Record<K, ListField>;
}

export interface ListSpec<Row> {
  select: SQL;
  from: SQL;
  fields: Record<string, ListField>;
  defaultSort: { field: string; dir: SortDir };
  /** Names the client may use for a field (e.g. 'produto.nome' → 'produtoNome'). */
  aliases?: Record<string, string>;
  where?: SQL;
  map?: (row: Record<string, unknown>) => Row;
  /**
   * How the total is counted, when not up to TOTAL_MAXIMO in any order (decision 0098): `maximo`, a lower
   * cap for a list over a table that grows every market day; `naOrdem`, the matches counted in the list's
   * own order (the newest first), so the count reads the rows the first pages show.
   */
  contagem?: {
    maximo?: number;
    naOrdem?: boolean;
    /**
     * A count of its own for some filters (the filters that filter, with their field's key): the matches up to
     * `limite`, or null for the ordinary count. E.g. the romaneios with an item of some products, merged from those
     * products' item indexes newest first, so the count stops after the cap however many years match.
     */
    propria?: (filtros: FiltroAtivo[]) => ((db: Tx, limite: number) => Promise<number>) | null;
  };
}

/** A filter that filters: its field's key and the value the client sent. */
export interface FiltroAtivo {
  key: string;
  raw: unknown;
}

export interface ListParams {
  filters?: Record<string, unknown> | null;
  sortField?: string;
  sortDir?: SortDir;
  page: number;
  size: number;
}

/** A text for LIKE, its wildcards taken literally. */
export const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Accepts 'yyyy-mm-dd', 'dd/mm/yyyy' or an ISO timestamp; returns 'yyyy-mm-dd' or null. */
export function parseDateFilter(v: unknown): string | null {
  if (typeof v !== 'string') return null;
  let m = /^(\d{4})-(\d{2})-(\d{2})/.exec(v);
  if (m) {
    if (v.length > 10 && v.includes('T')) {
      // A full timestamp from a date picker: the calendar day it names in Brazil.
      const d = new Date(v);
      if (!Number.isNaN(d.getTime())) return hojeNoMercado(d);
    }
    return `${m[1]}-${m[2]}-${m[3]}`;
  }
  m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : null;
}

/** A filter's value as text (a dropdown's whole option gives its id), or null when it does not filter. */
function filterValue(raw: unknown): string | null {
  if (raw === null || raw === undefined || raw === '') return null;
  if (typeof raw === 'object') {
    // A dropdown sends the whole option; filter by its id.
    const id = (raw as { id?: unknown }).id;
    if (id === undefined || id === null) return null;
    raw = id;
  }
  return String(raw).trim() || null;
}

/** What a "contains" filter looks for in the value as text (a decimal comma typed as the point). */
const textoContido = (value: string) => value.replace(',', '.');

export function condition(field: ListField, raw: unknown): SQL | null {
  if (field.via) {
    const { key, from, id, expr, filter = field.filter, existe, campo } = field.via;
    const c = condition(campo ?? { expr, filter }, raw);
    if (c && existe) return sql`EXISTS (SELECT 1 FROM ${from} WHERE ${id} = ${key} AND ${c})`;
    return c && sql`${key} = ANY(ARRAY(SELECT ${id} FROM ${from} WHERE ${c}))`;
  }
  const value = filterValue(raw);
  if (!value || !field.filter) return null;
  switch (field.filter) {
    case 'text':
      return sql`f_unaccent(${field.expr}::text) LIKE '%' || f_unaccent(${escapeLike(value)}) || '%'`;
    case 'busca':
      // The pattern as a scalar subquery: computed once even where a prepared plan cannot fold it.
      return sql`${field.expr} LIKE (SELECT '%' || f_unaccent(${escapeLike(value)}) || '%')`;
    case 'contains':
      return sql`${field.expr}::text LIKE ${'%' + escapeLike(textoContido(value)) + '%'}`;
    case 'eq':
      return sql`${field.expr}::text = ${value}`;
    case 'id':
      // An integer key compared as such (indexable); anything else matches nothing.
      return /^\d{1,9}$/.test(value) ? sql`${field.expr} = ${Number(value)}` : sql`false`;
    case 'bool':
      return sql`${field.expr} = ${value === 'true' || value === 'SIM' || value === '1'}`;
    case 'date': {
      const d = parseDateFilter(value);
      return d ? sql`${field.expr} = ${d}::date` : sql`false`;
    }
    case 'timestamp': {
      const d = parseDateFilter(value);
      return d ? sql`(${field.expr} AT TIME ZONE ${FUSO_DO_MERCADO})::date = ${d}::date` : sql`false`;
    }
  }
}

/**
 * The field a client's name stands for (its own name or an alias), if the list has it: looked up
 * among the list's own keys only, so '__proto__', 'constructor' or 'toString' name no field.
 */
export function fieldKey<Row>(spec: ListSpec<Row>, name: string | undefined): string | undefined {
  if (!name) return undefined;
  const key = Object.hasOwn(spec.fields, name) ? name : spec.aliases && Object.hasOwn(spec.aliases, name) ? spec.aliases[name] : undefined;
  return key && Object.hasOwn(spec.fields, key) ? key : undefined;
}

/**
 * The key of the field a list is sorted by: undefined when the client names none (the list's default
 * order), the field's key when the list has it (by name or alias) and sorts by it, else a pt-BR 400
 * ('Campo de ordenação inválido: X'): the fields a list sorts by are a closed set.
 */
export function campoDeOrdem<Row>(spec: ListSpec<Row>, sortField: string | undefined): string | undefined {
  if (!sortField) return undefined;
  const key = fieldKey(spec, sortField);
  if (!key || spec.fields[key].sort === false) throw badRequest(`Campo de ordenação inválido: ${sortField}`);
  return key;
}

/** The body's filters that filter (known field, non-empty value), with their field's key. */
function filtrando<Row>(spec: ListSpec<Row>, filters?: Record<string, unknown> | null): FiltroAtivo[] {
  return Object.entries(filters ?? {}).flatMap(([name, raw]) => {
    const key = fieldKey(spec, name);
    return key && condition(spec.fields[key], raw) ? [{ key, raw }] : [];
  });
}

/** The fields the filters actually filter by (known field, non-empty value), each once. */
export function activeFilters<Row>(spec: ListSpec<Row>, filters?: Record<string, unknown> | null): string[] {
  return [...new Set(filtrando(spec, filters).map((f) => f.key))];
}

/** The conditions the filters put on a list (each filter that filters, in the body's order). */
export function conditions<Row>(spec: ListSpec<Row>, filters?: Record<string, unknown> | null): SQL[] {
  const conds: SQL[] = [];
  for (const [name, raw] of Object.entries(filters ?? {})) {
    const key = fieldKey(spec, name);
    const c = key ? condition(spec.fields[key], raw) : null;
    if (c) conds.push(c);
  }
  return conds;
}

export function whereClause<Row>(spec: ListSpec<Row>, filters?: Record<string, unknown> | null): SQL {
  const conds = [...(spec.where ? [spec.where] : []), ...conditions(spec, filters)];
  return conds.length ? sql`WHERE ${sql.join(conds, sql` AND `)}` : sql``;
}

/** ORDER BY of a list: by `sortField` (see campoDeOrdem: an unknown one is a 400), else the default order. */
export function orderClause<Row>(spec: ListSpec<Row>, sortField?: string, sortDir?: SortDir): SQL {
  const name = campoDeOrdem(spec, sortField);
  const field = spec.fields[name ?? spec.defaultSort.field];
  const dir = name ? (sortDir ?? 'asc') : spec.defaultSort.dir;
  const d = dir === 'desc' ? sql`DESC` : sql`ASC`;
  const id = spec.fields.id;
  const por = ordemDoCampo(field);
  return id && field !== id ? sql`ORDER BY ${por} ${d}, ${id.expr} ${d}` : sql`ORDER BY ${por} ${d}`;
}

/**
 * LIMIT and OFFSET written into the text (checked integers): a prepared statement's generic plan
 * then knows how many rows it must produce (with parameters it assumes a tenth of the table).
 */
export function limitOffset(limit: number, offset = 0): SQL {
  if (!Number.isSafeInteger(limit) || !Number.isSafeInteger(offset) || limit < 0 || offset < 0) throw new Error('página inválida');
  return sql.raw(offset ? `LIMIT ${limit} OFFSET ${offset}` : `LIMIT ${limit}`);
}

/** The most matches a list's total counts exactly: beyond it the page says "more than" (see pageOf). */
export const TOTAL_MAXIMO = LIST_TOTAL_MAXIMO;

/**
 * A list's total as a scalar SQL expression, and whether it stops counting at TOTAL_MAXIMO + 1
 * (`limitada`) or is exact whatever its size (a counter the database keeps).
 */
export interface Contagem {
  sql: SQL;
  limitada: boolean;
  /** The cap of a limited count (TOTAL_MAXIMO unless the list says otherwise). */
  maximo?: number;
}

/**
 * The matches of `from` and `where`, counted up to `maximo` + 1 (TOTAL_MAXIMO by default): a total's cost
 * is bounded. With `order`, counted in that order (the rows of the first pages first).
 */
export function contagemLimitada(from: SQL, where: SQL, maximo = TOTAL_MAXIMO, order?: SQL): Contagem {
  return { sql: sql`(SELECT count(*)::int FROM (SELECT 1 FROM ${from} ${where} ${order ?? sql``} ${limitOffset(maximo + 1)}) c)`, limitada: true, maximo };
}

/**
 * A page: `total` exact up to TOTAL_MAXIMO. A capped count past it gives totalElements TOTAL_MAXIMO and
 * `totalExato: false` (the field is there only then), so pages up to the cap can be reached and the
 * footer says "mais de 10.000".
 */
export function pageOf<T>(content: T[], total: number, p: Pick<ListParams, 'page' | 'size'>, limitada = false, maximo = TOTAL_MAXIMO): Page<T> {
  const alem = limitada && total > maximo;
  const n = alem ? maximo : total;
  return { content, totalElements: n, totalPages: Math.ceil(n / p.size), number: p.page, size: p.size, ...(alem ? { totalExato: false } : {}) };
}

const dialect = new PgDialect();

/** The driver's client behind the database (undefined inside a transaction). */
const clienteDe = (db: Tx) => (db as { $client?: unknown }).$client;

/**
 * A list query with its values as parameters. On PGlite straight to the database, whose own parsers read
 * dates and times as text (Drizzle's session would pass them again with every query).
 */
export async function executar(db: Tx, q: SQL): Promise<{ rows: Record<string, unknown>[] }> {
  const query = dialect.sqlToQuery(q);
  const client = clienteDe(db);
  if (client instanceof PGlite) return client.query<Record<string, unknown>>(query.sql, query.params);
  return db._.session.prepareQuery(query, undefined, undefined, false).execute() as Promise<{ rows: Record<string, unknown>[] }>;
}

/**
 * A page and its total: two queries, side by side (on a PostgreSQL pool each on its connection; PGlite
 * runs them in turn).
 */
export async function pageWithTotal(db: Tx, page: SQL, contagem: Contagem): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  const [rows, count] = await Promise.all([executar(db, page), executar(db, sql`SELECT ${contagem.sql} AS n`)]);
  return { rows: rows.rows, total: Number((count.rows[0] as { n: number }).n) };
}

/** One row of a list by its `id` field, mapped like a page's rows (the list's own `where` aside); undefined when missing. */
export async function listRow<Row = Record<string, unknown>>(db: Tx, spec: ListSpec<Row>, id: number): Promise<Row | undefined> {
  const r = await db.execute(sql`SELECT ${spec.select} FROM ${spec.from} WHERE ${spec.fields.id.expr} = ${id}`);
  const row = r.rows[0] as Record<string, unknown> | undefined;
  return row && (spec.map ? spec.map(row) : (row as Row));
}

/** listRow, or a 404 with the resource's message. */
export async function listRowOrThrow<Row>(db: Tx, spec: ListSpec<Row>, id: number, msgNaoEncontrado: string): Promise<Row> {
  const row = await listRow(db, spec, id);
  if (!row) throw naoEncontrado(msgNaoEncontrado);
  return row;
}

export async function listPage<Row = Record<string, unknown>>(db: Tx, spec: ListSpec<Row>, p: ListParams): Promise<Page<Row>> {
  const where = whereClause(spec, p.filters);
  const order = orderClause(spec, p.sortField, p.sortDir);
  const maximo = spec.contagem?.maximo ?? TOTAL_MAXIMO;
  const pagina = sql`SELECT ${spec.select} FROM ${spec.from} ${where} ${order} ${limitOffset(p.size, p.page * p.size)}`;
  const propria = spec.contagem?.propria?.(filtrando(spec, p.filters));
  const { rows, total } = propria
    ? await Promise.all([executar(db, pagina), propria(db, maximo + 1)]).then(([r, total]) => ({ rows: r.rows, total }))
    : await pageWithTotal(db, pagina, contagemLimitada(spec.from, where, maximo, spec.contagem?.naOrdem ? order : undefined));
  return pageOf(
    rows.map((r) => (spec.map ? spec.map(r) : (r as Row))),
    total,
    p,
    true,
    maximo,
  );
}
