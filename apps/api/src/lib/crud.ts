import { eq, getTableColumns, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../db/client';
import { registrarLog } from './audit';
import { conflict, notFound, pgErro } from './errors';

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
 * Create, update and delete of one table, each in a transaction with its audit row.
 * `cadastro` is the entity name written to the logs (e.g. 'Municipio'). `emUso` words the 409 of a
 * delete refused because another table still points at the row (given that table's name).
 */
export function auditedCrud<T extends TableWithId>(
  table: T,
  cadastro: string,
  naoEncontrado = 'Registro não encontrado',
  o: { emUso?: (tabela: string) => string } = {},
) {
  type Row = InferSelectModel<T>;
  type Insert = InferInsertModel<T>;
  const idCol = table.id;
  const cols = getTableColumns(table);

  async function get(db: Tx, id: number): Promise<Row | undefined> {
    const rows = await db.select().from(table as PgTable).where(eq(idCol, id)).limit(1);
    return rows[0] as Row | undefined;
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
      const run = async (t: Tx) => {
        const [row] = (await t.insert(table).values(values as never).returning()) as Row[];
        await registrarLog(t, usuario, cadastro, (row as { id: number }).id, 'INSERT', row as Record<string, unknown>);
        return row;
      };
      return tx ? run(tx) : db.transaction(run);
    },
    async update(db: Db, usuario: string, id: number, values: Partial<Insert>, tx?: Tx): Promise<Row> {
      const run = async (t: Tx) => {
        const antes = await get(t, id);
        if (!antes) throw notFound(naoEncontrado);
        const set = Object.fromEntries(Object.entries(values).filter(([k, v]) => k !== 'id' && v !== undefined && k in cols));
        const [row] = (await t.update(table).set(set as never).where(eq(idCol, id)).returning()) as Row[];
        await registrarLog(t, usuario, cadastro, id, 'UPDATE', row as Record<string, unknown>, antes as Record<string, unknown>);
        return row;
      };
      return tx ? run(tx) : db.transaction(run);
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
