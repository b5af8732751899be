import { eq, getTableColumns, sql, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { registrarLog } from './audit';
import { badRequest, conflict, HttpError, notFound, pgErro } from './errors';

type TableWithId = PgTable & { id: PgColumn };

/** What other records a row may be tied to, by table, as a delete refusal names them. */
const VINCULOS: Record<string, string> = {
  propriedade: 'propriedades',
  estacionamento: 'estacionamentos',
  romaneio: 'romaneios',
  boletim: 'boletins',
  loja: 'lojas',
  cotacao: 'cotações',
};
export const vinculos = (tabela: string) => VINCULOS[tabela] ?? 'outros cadastros';

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
function duplicado(unicos: Record<string, Unico> | undefined, valores: Record<string, unknown>) {
  return (err: unknown): never => {
    const e = pgErro(err);
    const u = e?.code === '23505' && e.constraint ? unicos?.[e.constraint] : undefined;
    if (!u) throw err;
    const mensagem = typeof u.mensagem === 'function' ? u.mensagem(valores) : u.mensagem;
    throw new HttpError(409, mensagem, u.campos.map((field) => ({ field, message: mensagem })));
  };
}

/** A value a form sends that must name an existing row (a dropdown's choice), and the field's message otherwise. */
export interface Referencia {
  coluna: PgColumn;
  valor: unknown;
  campo: string;
  mensagem: string;
}

/** Every reference must exist: one pt-BR 400 naming each missing one (the first on top), never a foreign-key error. */
export async function checarReferencias(t: Tx, refs: Referencia[]): Promise<void> {
  const erros: { field: string; message: string }[] = [];
  for (const r of refs) {
    const achou = await t.select({ um: sql`1` }).from(r.coluna.table).where(eq(r.coluna, r.valor)).limit(1);
    if (!achou.length) erros.push({ field: r.campo, message: r.mensagem });
  }
  if (erros.length) throw badRequest(erros[0].message, erros);
}

/**
 * Create, update and delete of one table, each in a transaction with its audit row.
 * `cadastro` is the entity name written to the logs (e.g. 'Municipio'). `emUso` words the 409 of a
 * delete refused because another table still points at the row (given that table's name); `unicos`
 * the 409 of a save refused by one of the table's unique indexes (see Unico).
 */
export function auditedCrud<T extends TableWithId>(
  table: T,
  cadastro: string,
  naoEncontrado = 'Registro não encontrado',
  o: { emUso?: (tabela: string) => string; unicos?: Record<string, Unico> } = {},
) {
  type Row = InferSelectModel<T>;
  type Insert = InferInsertModel<T>;
  const idCol = table.id;
  const cols = getTableColumns(table);

  async function get(db: Tx, id: number): Promise<Row | undefined> {
    const rows = await db.select().from(table as PgTable).where(eq(idCol, id)).limit(1);
    return rows[0] as Row | undefined;
  }

  async function inserir(t: Tx, usuario: string, values: Insert): Promise<Row> {
    const [row] = (await t
      .insert(table)
      .values(values as never)
      .returning()
      .catch(duplicado(o.unicos, values as Record<string, unknown>))) as Row[];
    await registrarLog(t, usuario, cadastro, (row as { id: number }).id, 'INSERT', row as Record<string, unknown>);
    return row;
  }

  /** The update of a row already read (its previous values go to the audit row). */
  async function alterar(t: Tx, usuario: string, antes: Row, values: Partial<Insert>): Promise<Row> {
    const id = (antes as { id: number }).id;
    const set = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'id' && v !== undefined && k in cols));
    const [row] = (await t
      .update(table)
      .set(set as never)
      .where(eq(idCol, id))
      .returning()
      .catch(duplicado(o.unicos, { ...(antes as Record<string, unknown>), ...set }))) as Row[];
    await registrarLog(t, usuario, cadastro, id, 'UPDATE', row as Record<string, unknown>, antes as Record<string, unknown>);
    return row;
  }

  return {
    table,
    cadastro,
    get,
    async getOrThrow(db: Tx, id: number): Promise<Row> {
      const row = await get(db, id);
      if (!row) throw notFound(naoEncontrado);
      return row;
    },
    async create(db: Db, usuario: string, values: Insert, tx?: Tx): Promise<Row> {
      return tx ? inserir(tx, usuario, values) : db.transaction((t) => inserir(t, usuario, values));
    },
    async update(db: Db, usuario: string, id: number, values: Partial<Insert>, tx?: Tx): Promise<Row> {
      const run = async (t: Tx) => {
        const antes = await get(t, id);
        if (!antes) throw notFound(naoEncontrado);
        return alterar(t, usuario, antes, values);
      };
      return tx ? run(tx) : db.transaction(run);
    },
    /**
     * A form's save in one transaction: a create (`id` null) or an update of a row that must exist
     * (404 before anything else). `preparar` checks what the input refers to and gives the columns
     * (on an update it sees the current row); `ler` reads what the API answers (default: the row).
     */
    async salvar<R = Row>(
      db: Db,
      usuario: string,
      id: number | null,
      preparar: (t: Tx, antes?: Row) => Promise<Partial<Insert>> | Partial<Insert>,
      ler?: (t: Tx, id: number) => Promise<R>,
    ): Promise<R> {
      return db.transaction(async (t) => {
        let antes: Row | undefined;
        if (id !== null) {
          antes = await get(t, id);
          if (!antes) throw notFound(naoEncontrado);
        }
        const valores = await preparar(t, antes);
        const row = antes ? await alterar(t, usuario, antes, valores) : await inserir(t, usuario, valores as Insert);
        return ler ? ler(t, (row as { id: number }).id) : (row as unknown as R);
      });
    },
    async remove(db: Db, usuario: string, id: number, tx?: Tx): Promise<Row> {
      const run = async (t: Tx) => {
        const [row] = (await t
          .delete(table)
          .where(eq(idCol, id))
          .returning()
          .catch((err: unknown) => {
            const e = pgErro(err);
            if (o.emUso && e?.code === '23503') throw conflict(o.emUso(e.table ?? e.constraint?.split('_')[0] ?? ''));
            throw err;
          })) as Row[];
        if (!row) throw notFound(naoEncontrado);
        await registrarLog(t, usuario, cadastro, id, 'DELETE', row as Record<string, unknown>);
        return row;
      };
      return tx ? run(tx) : db.transaction(run);
    },
  };
}
