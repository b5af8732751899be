import { and, asc, eq, getTableColumns, getTableName, inArray, sql, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { caminhoDoCampo, MSG_VERSAO_DESATUALIZADA } from '@ceasa/shared';
import type { Db, Tx } from '../db/client';
import { registrarLog } from './audit';
import { badRequest, conflict, HttpError, naoEncontrado, pgErro } from './errors';

type TableWithId = PgTable & { id: PgColumn };

/**
 * What the rows of each table are called when they still tie a record a delete would remove
 * ('romaneios', 'itens de boletim'), by table name: each resource declares its own (`vinculo` of
 * `repositorioPadrao` and `Colecao`), so this file names none.
 */
const VINCULOS = new Map<string, string>();
function declararVinculo(table: PgTable, vinculo: string | undefined) {
  if (vinculo) VINCULOS.set(getTableName(table), vinculo);
}
/** The declared name of the rows of `tabela` that tie a record ('outros cadastros' when none was declared). */
export const vinculos = (tabela: string) => VINCULOS.get(tabela) ?? 'outros cadastros';

/** The 409 of a save that sent a `versao` other than the stored one (decision 0085). */
export const versaoDesatualizada = () => conflict(MSG_VERSAO_DESATUALIZADA);

/**
 * Marks a parent as changed by a save of one of its rows alone (e.g. a quantity): its `versao` goes
 * up, so a form still holding the old one is refused (decision 0085).
 */
export async function novaVersao(t: Tx, table: PgTable & { id: PgColumn; versao: PgColumn }, id: number, versao?: number | null): Promise<void> {
  const linhas = await t
    .update(table)
    .set({ versao: sql`${table.versao} + 1` } as never)
    .where(versao === undefined || versao === null ? eq(table.id, id) : and(eq(table.id, id), eq(table.versao, versao)))
    .returning({ id: table.id });
  // Given the `versao` the page loaded, a parent saved since by someone else is the 409.
  if (!linhas.length && versao !== undefined && versao !== null) throw versaoDesatualizada();
}

/**
 * How a resource words a duplicate that one of its unique indexes refused: the message (given the
 * values being saved) and the form fields it concerns. Keyed by the index's name in the database.
 */
export interface Unico {
  mensagem: string | ((valores: Record<string, unknown>) => string);
  campos: string[];
}

/**
 * A unique violation of one of these indexes as the resource's 409 (fieldErrors on its fields);
 * any other error as it was. The only place a duplicate is worded: whether the request lost a race
 * or simply repeated a saved record, the database's index decides, and the answer is the same.
 */
function duplicado(unicos: Record<string, Unico> | undefined, valores: Record<string, unknown>, caminho = '') {
  return (err: unknown): never => {
    const e = pgErro(err);
    const u = e?.code === '23505' && e.constraint ? unicos?.[e.constraint] : undefined;
    if (!u) throw err;
    const mensagem = typeof u.mensagem === 'function' ? u.mensagem(valores) : u.mensagem;
    throw new HttpError(
      409,
      mensagem,
      u.campos.map((field) => ({ field: `${caminho}${field}`, message: mensagem })),
    );
  };
}

/** A value a form sends that must name an existing row (a dropdown's choice), and the field's message otherwise. */
export interface Referencia {
  coluna: PgColumn;
  valor: unknown;
  /** The field as errors name it: 'produtoId', or a child row's 'itens[2].produtoId'. */
  campo: string;
  mensagem: string;
}

/**
 * Every reference must exist: one pt-BR 400 naming each missing one (the first on top), never a
 * foreign-key error. One query per referenced column, however many rows refer to it.
 */
export async function checarReferencias(t: Tx, refs: Referencia[]): Promise<void> {
  const porColuna = new Map<PgColumn, Referencia[]>();
  for (const r of refs) porColuna.set(r.coluna, [...(porColuna.get(r.coluna) ?? []), r]);
  const faltam = new Set<Referencia>();
  for (const [coluna, lista] of porColuna) {
    const valores = [...new Set(lista.map((r) => r.valor))];
    const achados = await t.select({ v: coluna }).from(coluna.table).where(inArray(coluna, valores));
    const existe = new Set(achados.map((a) => String(a.v)));
    for (const r of lista) if (!existe.has(String(r.valor))) faltam.add(r);
  }
  const erros = refs.filter((r) => faltam.has(r)).map((r) => ({ field: r.campo, message: r.mensagem }));
  if (erros.length) throw badRequest(erros[0].message, erros);
}

/**
 * A child collection of a master-detail save (ARCHITECTURE.md rule 9): the rows of `table` whose
 * `pai` column holds the parent's id, given under the name `campo` (the body's array, e.g. 'itens').
 */
export interface Colecao {
  /** Name of the array in the request body, in what `preparar` gives, and in error paths ('itens[2].quantidade'). */
  campo: string;
  table: TableWithId;
  /** Entity name of the child's audit rows (e.g. 'BoletimItens'). */
  cadastro: string;
  /** The child's column that points at its parent. */
  pai: PgColumn;
  /** What one row is called in a refusal: '{item} {n}' with n counted from 1 (e.g. 'Item 3'). */
  item: string;
  /** Collections of each child row (e.g. a notebook's two row lists). */
  colecoes?: Colecao[];
  /** The 409 of a removed row that other records still point at (given that table's name). */
  emUso?: (tabela: string) => string;
  /** What these rows are called when they tie another record a delete would remove (e.g. 'itens de boletim'). */
  vinculo?: string;
  /**
   * Why a row may not be removed (a save that leaves it out, or its parent's delete): the pt-BR 409's
   * message naming the row, or null when it may go. Asked before the row is deleted, so a record that
   * hangs on it (e.g. a bulletin item's field notebook) is never lost by the database's cascade.
   */
  podeRemover?: (t: Tx, row: Record<string, unknown> & { id: number }) => Promise<string | null>;
  /**
   * The 409s of the child table's unique indexes, keyed by the index's name: the message, given the row as the
   * save gave it (its extra fields too), and its fields relative to the row ('' for the row itself).
   */
  unicos?: Record<string, Unico>;
  /**
   * The order rows are written in (e.g. by the key a unique index locks, so two saves of the same keys wait for
   * each other instead of deadlocking); refusals still name each row by its place in the body.
   */
  ordem?: (a: LinhaFilha, b: LinhaFilha) => number;
}

/** A child row to save: `id` of a row to keep (absent or null: a new row), its columns, and its own collections. */
export type LinhaFilha = { id?: number | null } & Record<string, unknown>;

type Row = Record<string, unknown> & { id: number };

/** The JS key of each database column name of a table (for naming a field from a database error). */
function chavesDasColunas(table: PgTable): Map<string, string> {
  return new Map(Object.entries(getTableColumns(table)).map(([k, c]) => [c.name, k]));
}

/**
 * Whether a stored value equals what a save gives: numeric columns come back as text ('12.50' = 12.5),
 * dates as 'yyyy-mm-dd' (or a Date), null and undefined alike.
 */
function igual(atual: unknown, novo: unknown): boolean {
  if (atual === null || atual === undefined || novo === null || novo === undefined) return (atual ?? null) === (novo ?? null);
  if (atual instanceof Date) return novo instanceof Date ? atual.getTime() === novo.getTime() : atual.toISOString() === String(novo);
  if (typeof atual === 'object' || typeof novo === 'object') return JSON.stringify(atual) === JSON.stringify(novo);
  if (typeof atual === 'number' || typeof novo === 'number') return Number(atual) === Number(novo);
  return String(atual) === String(novo);
}

/**
 * A database refusal raised by one child row, as a pt-BR 4xx naming the row and, when the database
 * says which, the field ('itens[2].produtoId'); anything else is rethrown.
 */
function erroDaLinha(err: unknown, c: Colecao, nome: string, caminho: string | null, linha?: LinhaFilha): never {
  if (err instanceof HttpError) throw err;
  const pg = pgErro(err);
  if (!pg) throw err;
  const unico = pg.code === '23505' && pg.constraint && caminho !== null ? c.unicos?.[pg.constraint] : undefined;
  if (unico) {
    const message = typeof unico.mensagem === 'function' ? unico.mensagem(linha ?? {}) : unico.mensagem;
    throw new HttpError(
      409,
      message,
      unico.campos.map((f) => ({ field: f ? `${caminho}.${f}` : caminho!, message })),
    );
  }
  const chaves = chavesDasColunas(c.table);
  const paiNome = c.pai.name;
  // 'Key (grupo_id, rota_id)=(5, 3) already exists.' / 'Key (rota_id)=(9) is not present in table "rotas".'
  const colunas =
    /\(([^)]*)\)=/
      .exec(pg.detail ?? '')?.[1]
      ?.split(',')
      .map((x) => x.trim().replace(/"/g, '')) ?? [];
  const coluna = pg.column ?? colunas.find((x) => x !== paiNome) ?? colunas[0];
  const chave = coluna ? chaves.get(coluna) : undefined;
  const campo = caminho === null ? undefined : chave ? `${caminho}.${chave}` : caminho;
  const com = (status: number, message: string) => new HttpError(status, message, campo ? [{ field: campo, message }] : undefined);
  switch (pg.code) {
    case '23505':
      throw com(409, `${nome}: já existe um registro com estes dados.`);
    case '23503':
      if (caminho === null)
        throw com(409, c.emUso ? `${nome}: ${c.emUso(pg.table ?? '')}` : `${nome} está vinculado(a) a ${vinculos(pg.table ?? '')} e não pode ser removido(a).`);
      throw com(409, `${nome}: o registro relacionado não existe.`);
    case '23502':
      throw com(400, `${nome}: um valor obrigatório não foi informado.`);
    case '23514':
    case '22001':
    case '22003':
    case '22P02':
    case '22007':
    case '22008':
      throw com(400, `${nome}: um dos valores é inválido ou maior que o permitido.`);
  }
  throw err;
}

async function comErroDaLinha<T>(p: Promise<T>, c: Colecao, nome: string, caminho: string | null, linha?: LinhaFilha): Promise<T> {
  try {
    return await p;
  } catch (err) {
    erroDaLinha(err, c, nome, caminho, linha);
  }
}

/** The columns of `table` a save gives (not its id, not the parent link, not a collection, not undefined). */
function colunasDe(table: PgTable, dados: Record<string, unknown>, fora: Set<string>) {
  const cols = getTableColumns(table);
  return Object.fromEntries(Object.entries(dados).filter(([k, v]) => k !== 'id' && !fora.has(k) && v !== undefined && k in cols));
}

const chaveDe = (c: Colecao) => Object.entries(getTableColumns(c.table)).find(([, col]) => col === c.pai)![0];

/** A row of a collection and, first, its own children: deleted with one audit row each. */
async function removerLinha(t: Tx, usuario: string, c: Colecao, row: Row, nome: string) {
  const recusa = await c.podeRemover?.(t, row);
  if (recusa) throw conflict(recusa);
  for (const sub of c.colecoes ?? []) {
    const filhos = (await t.select().from(sub.table).where(eq(sub.pai, row.id)).orderBy(asc(sub.table.id))) as Row[];
    for (const f of filhos) await removerLinha(t, usuario, sub, f, `${nome}, ${sub.item.toLowerCase()} (código ${f.id})`);
  }
  await comErroDaLinha(t.delete(c.table).where(eq(c.table.id, row.id)), c, nome, null);
  await registrarLog(t, usuario, c.cadastro, row.id, 'DELETE', row);
}

/**
 * Saves the collections of one parent: for each collection given (an absent one is left alone),
 * rows whose id is kept are updated only where a column changed, rows no longer given are deleted
 * (their own children first), rows without id are inserted; one audit row per changed record.
 * An id that is not one of this parent's rows is refused (400, or 409 when it no longer exists).
 * `caminho` prefixes error paths of nested collections ('itens[2].').
 */
async function gravarColecoes(t: Tx, usuario: string, colecoes: Colecao[], paiId: number, dados: Record<string, unknown>, caminho = '') {
  for (const c of colecoes) {
    const linhas = dados[c.campo] as LinhaFilha[] | undefined | null;
    if (linhas === undefined) continue;
    const lista = linhas ?? [];
    const fora = new Set([chaveDe(c), ...(c.colecoes ?? []).map((s) => s.campo)]);
    const existentes = (await t.select().from(c.table).where(eq(c.pai, paiId)).orderBy(asc(c.table.id))) as Row[];
    const porId = new Map(existentes.map((r) => [r.id, r]));
    const nomeDa = (i: number) => `${c.item} ${i + 1}`;
    const caminhoDa = (i: number) => `${caminho}${caminhoDoCampo([c.campo, i])}`;

    // Ids first: each one this parent's, none twice.
    const mantidos = new Set<number>();
    for (const [i, l] of lista.entries()) {
      if (l.id === undefined || l.id === null) continue;
      const campo = `${caminhoDa(i)}.id`;
      if (mantidos.has(l.id)) throw badRequest(`${nomeDa(i)}: aparece mais de uma vez.`, [{ field: campo, message: `${nomeDa(i)}: aparece mais de uma vez.` }]);
      if (!porId.has(l.id)) {
        const [outro] = await t.select({ id: c.table.id }).from(c.table).where(eq(c.table.id, l.id)).limit(1);
        const msg = outro
          ? `${nomeDa(i)} não pertence a este registro.`
          : `${nomeDa(i)} não existe mais: foi removido(a) em outra sessão. Recarregue a página.`;
        throw new HttpError(outro ? 400 : 409, msg, [{ field: campo, message: msg }]);
      }
      mantidos.add(l.id);
    }

    // Deletes before inserts, so a new row may take what a removed one held (a unique key).
    for (const r of existentes) if (!mantidos.has(r.id)) await removerLinha(t, usuario, c, r, `${c.item} (código ${r.id})`);

    const ordem = [...lista.entries()];
    if (c.ordem) ordem.sort(([, a], [, b]) => c.ordem!(a, b));
    for (const [i, l] of ordem) {
      const valores = colunasDe(c.table, l, fora);
      let id: number;
      if (l.id !== undefined && l.id !== null) {
        id = l.id;
        const antes = porId.get(id)!;
        const mudou = Object.fromEntries(Object.entries(valores).filter(([k, v]) => !igual(antes[k], v)));
        if (Object.keys(mudou).length) {
          const [depois] = (await comErroDaLinha(
            t
              .update(c.table)
              .set(mudou as never)
              .where(eq(c.table.id, id))
              .returning(),
            c,
            nomeDa(i),
            caminhoDa(i),
            l,
          )) as Row[];
          await registrarLog(t, usuario, c.cadastro, id, 'UPDATE', depois, antes);
        }
      } else {
        const [novo] = (await comErroDaLinha(
          t
            .insert(c.table)
            .values({ ...valores, [chaveDe(c)]: paiId } as never)
            .returning(),
          c,
          nomeDa(i),
          caminhoDa(i),
          l,
        )) as Row[];
        id = novo.id;
        await registrarLog(t, usuario, c.cadastro, id, 'INSERT', novo);
      }
      if (c.colecoes?.length) await gravarColecoes(t, usuario, c.colecoes, id, l, `${caminhoDa(i)}.`);
    }
  }
}

/** The columns a save gives a table's row and, under each collection's `campo`, its rows (see Colecao). */
export type Valores<T extends TableWithId> = Partial<InferInsertModel<T>> & Record<string, unknown>;

/** How one table is saved and removed: what the generic repository needs besides the input (see `repositorioPadrao`). */
export interface OpcoesDaTabela<T extends TableWithId> {
  table: T;
  /** The entity name written to the audit rows (e.g. 'Municipio'). */
  cadastro: string;
  /** The 404's message ('Município não encontrado'). */
  naoEncontrado: string;
  /** The 409 of a delete refused because another table still points at the row (given that table's name). */
  emUso?: (tabela: string) => string;
  /** The 409s of the table's unique indexes (see Unico). */
  unicos?: Record<string, Unico>;
  /** Child collections saved with the record, diffed by id (see Colecao). */
  colecoes?: Colecao[];
  /** The record's audit content when it should say more than its own columns (e.g. its children in short), read before and after the save. */
  resumo?: (t: Tx, id: number) => Promise<Record<string, unknown>>;
  /** What the table's rows are called when they tie another record a delete would remove (e.g. 'romaneios'). */
  vinculo?: string;
  /** Why the record may not be deleted (its children ask their own): the pt-BR 409's message, or null when it may go. */
  podeRemover?: (t: Tx, row: InferSelectModel<T>) => Promise<string | null>;
}

/** The options of `repositorioPadrao`: the table's, and how a record is read and saved from the API's input. */
export interface OpcoesDoRepositorio<T extends TableWithId, Dto = InferSelectModel<T>, In extends object = Record<string, unknown>> extends OpcoesDaTabela<T> {
  /** Reads one record as the API answers it (e.g. its list row: `(t, id) => listRowOrThrow(t, lista, id, msg)`); default: the row. */
  ler?: (t: Tx, id: number) => Promise<Dto>;
  /** The columns (and, under each collection's `campo`, the rows) to save from the input; it may check references first. */
  valores?: (t: Tx, input: In, antes?: InferSelectModel<T>) => Promise<Valores<T>> | Valores<T>;
}

/**
 * A form's save (see `crud.salvar`): a create (`id` absent or null) or an update of a row that must exist.
 * `preparar` gives what to save (on an update it sees the current row); `ler` what the save answers (default: the row);
 * `versao` the one the form loaded (decision 0085); `caminho` prefixes the fields the refusals name (a batch's
 * record k is '[k].': '[0].pedras[1].pedrasId'); `auditarPai` false: the caller writes the parent's one audit row
 * itself (a correction with its reason), so the save writes none for it (its rows' own are still written).
 */
export interface Gravacao<T extends TableWithId, R> {
  id?: number | null;
  preparar: (t: Tx, antes?: InferSelectModel<T>) => Promise<Valores<T>> | Valores<T>;
  ler?: (t: Tx, id: number) => Promise<R>;
  versao?: number | null;
  caminho?: string;
  auditarPai?: boolean;
}

/** The optimistic-locking column of a table (decision 0085), when it has one. */
const colunaVersao = (table: PgTable) => (getTableColumns(table) as Record<string, PgColumn>).versao as PgColumn | undefined;

async function lerLinha<T extends TableWithId>(db: Tx, table: T, id: number, o: { travar?: boolean } = {}): Promise<InferSelectModel<T> | undefined> {
  const q = db
    .select()
    .from(table as PgTable)
    .where(eq(table.id, id))
    .limit(1);
  const rows = o.travar ? await q.for('update') : await q;
  return rows[0] as InferSelectModel<T> | undefined;
}

/** The parent's audit content: its `resumo`, or its row. */
const conteudo = async <T extends TableWithId>(t: Tx, o: OpcoesDaTabela<T>, row: InferSelectModel<T>) =>
  o.resumo ? o.resumo(t, (row as { id: number }).id) : (row as Record<string, unknown>);

/** The insert of a record's row (a duplicate as `unicos` words it), with its audit row when `auditar`. */
async function inserirRegistro<T extends TableWithId>(
  t: Tx,
  usuario: string,
  o: OpcoesDaTabela<T>,
  g: { valores: InferInsertModel<T>; auditar: boolean; caminho?: string },
): Promise<InferSelectModel<T>> {
  const [row] = (await t
    .insert(o.table)
    .values(g.valores as never)
    .returning()
    .catch(duplicado(o.unicos, g.valores as Record<string, unknown>, g.caminho))) as InferSelectModel<T>[];
  if (g.auditar) await registrarLog(t, usuario, o.cadastro, (row as { id: number }).id, 'INSERT', row as Record<string, unknown>);
  return row;
}

/**
 * The update of a row already read (its previous values go to the audit row). On a table with
 * `versao` the update always raises it by one and, given the `versao` the form loaded, only
 * matches the row that still holds it: otherwise nothing is written and the answer is 409.
 */
async function alterarRegistro<T extends TableWithId>(
  t: Tx,
  usuario: string,
  o: OpcoesDaTabela<T>,
  g: { antes: InferSelectModel<T>; valores: Partial<InferInsertModel<T>>; auditar: boolean; versao?: number | null; caminho?: string },
): Promise<InferSelectModel<T>> {
  const { antes, versao } = g;
  const id = (antes as { id: number }).id;
  const cols = getTableColumns(o.table);
  const versaoCol = colunaVersao(o.table);
  const set: Record<string, unknown> = Object.fromEntries(
    Object.entries(g.valores).filter(([k, v]) => k !== 'id' && k !== 'versao' && v !== undefined && k in cols),
  );
  if (versaoCol) set.versao = sql`${versaoCol} + 1`;
  const onde = versaoCol && versao !== undefined && versao !== null ? and(eq(o.table.id, id), eq(versaoCol, versao)) : eq(o.table.id, id);
  const [row] = Object.keys(set).length
    ? ((await t
        .update(o.table)
        .set(set as never)
        .where(onde)
        .returning()
        .catch(duplicado(o.unicos, { ...(antes as Record<string, unknown>), ...set }, g.caminho))) as InferSelectModel<T>[])
    : [antes];
  if (!row) throw versaoDesatualizada();
  if (g.auditar) await registrarLog(t, usuario, o.cadastro, id, 'UPDATE', row as Record<string, unknown>, antes as Record<string, unknown>);
  return row;
}

/** A form's save inside a transaction the caller holds (see `Gravacao`, and `crud.salvar` for the whole contract). */
async function salvarRegistro<T extends TableWithId, R>(t: Tx, usuario: string, o: OpcoesDaTabela<T>, g: Gravacao<T, R>): Promise<R> {
  const { id, versao, caminho = '', auditarPai = true } = g;
  const colecoes = o.colecoes ?? [];
  let antes: InferSelectModel<T> | undefined;
  if (id !== undefined && id !== null) {
    // Locked: two saves of the same record take turns, each diffing the children the other left.
    antes = await lerLinha(t, o.table, id, { travar: true });
    if (!antes) throw naoEncontrado(o.naoEncontrado);
    // A stale form is refused before anything else is checked (the update checks it again).
    if (colunaVersao(o.table) && versao !== undefined && versao !== null && (antes as Record<string, unknown>).versao !== versao) throw versaoDesatualizada();
  }
  const dados = await g.preparar(t, antes);
  const campos = new Set(colecoes.map((c) => c.campo));
  const valores = Object.fromEntries(Object.entries(dados).filter(([k]) => !campos.has(k))) as Partial<InferInsertModel<T>>;
  const conteudoAntes = antes && o.resumo ? await o.resumo(t, id!) : (antes as Record<string, unknown> | undefined);
  // With collections or a `resumo`, the parent's audit row waits for its rows (it tells them).
  const adiar = colecoes.length > 0 || !!o.resumo;
  const auditar = auditarPai && !adiar;
  // An update always raises the parent's versao, also when only its rows change (decision 0085).
  const row = antes
    ? await alterarRegistro(t, usuario, o, { antes, valores, auditar, versao, caminho })
    : await inserirRegistro(t, usuario, o, { valores: valores as InferInsertModel<T>, auditar, caminho });
  const rowId = (row as { id: number }).id;
  if (colecoes.length) await gravarColecoes(t, usuario, colecoes, rowId, dados, caminho);
  if (adiar && auditarPai) await registrarLog(t, usuario, o.cadastro, rowId, antes ? 'UPDATE' : 'INSERT', await conteudo(t, o, row), conteudoAntes);
  return g.ler ? g.ler(t, rowId) : (row as unknown as R);
}

/** The delete of a record inside a transaction the caller holds: its children first, one audit row each. */
async function removerRegistro<T extends TableWithId>(t: Tx, usuario: string, o: OpcoesDaTabela<T>, id: number): Promise<InferSelectModel<T>> {
  const antes = await lerLinha(t, o.table, id, { travar: true });
  if (!antes) throw naoEncontrado(o.naoEncontrado);
  const recusa = await o.podeRemover?.(t, antes);
  if (recusa) throw conflict(recusa);
  const conteudoAntes = await conteudo(t, o, antes);
  // Children first, one audit row each (the foreign keys' cascade would remove them unrecorded).
  for (const c of o.colecoes ?? []) {
    const filhos = (await t.select().from(c.table).where(eq(c.pai, id)).orderBy(asc(c.table.id))) as (Record<string, unknown> & { id: number })[];
    for (const f of filhos) await removerLinha(t, usuario, c, f, `${c.item} (código ${f.id})`);
  }
  const [row] = (await t
    .delete(o.table)
    .where(eq(o.table.id, id))
    .returning()
    .catch((err: unknown) => {
      const e = pgErro(err);
      if (o.emUso && e?.code === '23503') throw conflict(o.emUso(e.table ?? e.constraint?.split('_')[0] ?? ''));
      throw err;
    })) as InferSelectModel<T>[];
  if (!row) throw naoEncontrado(o.naoEncontrado);
  await registrarLog(t, usuario, o.cadastro, id, 'DELETE', conteudoAntes);
  return row;
}

/** The table's and its collections' `vinculo`, for the 409 of a delete another table's rows refuse. */
function declararVinculos(table: PgTable, vinculo: string | undefined, colecoes: Colecao[]) {
  declararVinculo(table, vinculo);
  for (const c of colecoes) declararVinculos(c.table, c.vinculo, c.colecoes ?? []);
}

/**
 * The row-level saves of one table (a parent with its child collections, when declared), each with
 * its audit rows, in a transaction of its own or, the `…Na` ones, in the one the caller holds.
 */
function crudDaTabela<T extends TableWithId>(db: Db, o: OpcoesDaTabela<T>) {
  type Row = InferSelectModel<T>;
  declararVinculos(o.table, o.vinculo, o.colecoes ?? []);
  return {
    /** The row (404 when missing). */
    async ler(t: Tx, id: number): Promise<Row> {
      const row = await lerLinha(t, o.table, id);
      if (!row) throw naoEncontrado(o.naoEncontrado);
      return row;
    },
    /**
     * A form's save in one transaction: a create or an update of a row that must exist (404 before
     * anything else). `preparar` checks what the input refers to and gives the columns (on an update
     * it sees the current row) and, under each collection's `campo`, its rows (`LinhaFilha`: with the
     * `id` of a row to keep, without one for a new row; a collection left out is left alone). The
     * parent always gets its INSERT/UPDATE audit row; each child row only when it changed. A refusal
     * (a 4xx thrown anywhere, a database error) leaves nothing behind. See `Gravacao`.
     */
    salvar: <R = Row>(usuario: string, g: Gravacao<T, R>): Promise<R> => db.transaction((t) => salvarRegistro(t, usuario, o, g)),
    /** `salvar` in a transaction the caller holds (a batch of parents saved together, all or none). */
    salvarNa: <R = Row>(t: Tx, usuario: string, g: Gravacao<T, R>): Promise<R> => salvarRegistro(t, usuario, o, g),
    /** The update of one row's columns (404 when missing) in the caller's transaction, with its audit row. */
    async alterarNa(t: Tx, usuario: string, id: number, valores: Partial<InferInsertModel<T>>): Promise<Row> {
      const antes = await lerLinha(t, o.table, id);
      if (!antes) throw naoEncontrado(o.naoEncontrado);
      return alterarRegistro(t, usuario, o, { antes, valores, auditar: true });
    },
    /** Deletes the row and its declared children (one audit row each); 404 when missing, `emUso`'s 409 when referenced. */
    remover: (usuario: string, id: number): Promise<Row> => db.transaction((t) => removerRegistro(t, usuario, o, id)),
    /** `remover` in a transaction the caller holds. */
    removerNa: (t: Tx, usuario: string, id: number): Promise<Row> => removerRegistro(t, usuario, o, id),
  };
}

/**
 * The repository of every resource (decision 0090), the one way a table is written: a record read as
 * the API answers it (default: its row), a create or update saving what `valores` gives (default: the
 * input's fields that are columns of `table`, but not `id`/`versao`) and, with `colecoes`, its child
 * rows, a delete of the record and its children; all audited under `cadastro`. A module adds its own
 * queries beside these, and writes one of these four itself only where it differs (spread the rest),
 * through `crud`: the same table's saves given what to save (`salvar`, `salvarNa`, `alterarNa`, `remover`, `removerNa`).
 */
export function repositorioPadrao<T extends TableWithId, Dto = InferSelectModel<T>, In extends object = Record<string, unknown>>(
  db: Db,
  o: OpcoesDoRepositorio<T, Dto, In>,
) {
  const crud = crudDaTabela(db, o);
  const cols = getTableColumns(o.table);
  const valores =
    o.valores ??
    ((_t: Tx, input: In) =>
      Object.fromEntries(Object.entries(input).filter(([k]) => k !== 'id' && k !== 'versao' && k in cols)) as Partial<InferInsertModel<T>>);
  const ler = o.ler ?? ((t: Tx, id: number) => crud.ler(t, id) as Promise<Dto>);
  const gravar = (usuario: string, id: number | null, input: In): Promise<Dto> =>
    crud.salvar(usuario, {
      id,
      preparar: (t, antes) => valores(t, input, antes),
      ler,
      versao: (input as { versao?: number | null }).versao,
    });
  return {
    crud,
    ler: (id: number): Promise<Dto> => ler(db, id),
    inserir: (usuario: string, input: In): Promise<Dto> => gravar(usuario, null, input),
    alterar: (usuario: string, id: number, input: In): Promise<Dto> => gravar(usuario, id, input),
    remover: (usuario: string, id: number) => crud.remover(usuario, id),
  };
}
