import { and, eq, inArray, type InferInsertModel, type InferSelectModel } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../db/client';
import { registrarLog } from './audit';
import { badRequest, conflict, pgErro } from './errors';

type TabelaFilha = PgTable & { id: PgColumn };

/**
 * The child rows of a master-detail save, inside the parent's transaction: the rows sent with an
 * `id` update the parent's row of that id (only when something changed), rows without one are
 * inserted, the parent's rows not sent are deleted; one audit row per changed record.
 * An id that is not one of the parent's rows is a 400 on `{campo}[i].id`; a row the database keeps
 * because something still refers to it (e.g. a romaneio item) is a 409 with `emUso`.
 * Returns the ids of the rows in the order sent.
 *
 * (Written for the bulletin and the notebook before the shared master-detail save of the
 * architecture issue existed; it knows no resource, so moving to that one is a change of import.)
 */
export async function salvarFilhos<T extends TabelaFilha, L extends { id?: number | null }>(
  t: Tx,
  usuario: string,
  o: {
    tabela: T;
    cadastro: string;
    /** The column pointing at the parent, and the parent's id. */
    pai: PgColumn;
    paiId: number;
    /** The form's field holding the rows (for the errors' field names). */
    campo: string;
    linhas: L[];
    /** The columns of a row, the parent's key included (never the id). */
    valores: (l: L) => Partial<InferInsertModel<T>>;
    emUso: string;
  },
): Promise<number[]> {
  type Row = InferSelectModel<T> & { id: number };
  const atuais = (await t.select().from(o.tabela as PgTable).where(eq(o.pai, o.paiId))) as Row[];
  const porId = new Map(atuais.map((r) => [r.id, r]));
  const enviados = new Set<number>();
  o.linhas.forEach((l, i) => {
    if (l.id === null || l.id === undefined) return;
    if (!porId.has(l.id) || enviados.has(l.id)) throw badRequest('Um dos itens não pertence a este cadastro.', [{ field: `${o.campo}.${i}.id`, message: 'Um dos itens não pertence a este cadastro.' }]);
    enviados.add(l.id);
  });

  const removidos = atuais.filter((r) => !enviados.has(r.id));
  if (removidos.length) {
    const ids = removidos.map((r) => r.id);
    await t
      .delete(o.tabela)
      .where(and(eq(o.pai, o.paiId), inArray(o.tabela.id, ids)))
      .catch((err: unknown) => {
        if (pgErro(err)?.code === '23503') throw conflict(o.emUso);
        throw err;
      });
    for (const r of removidos) await registrarLog(t, usuario, o.cadastro, r.id, 'DELETE', r as Record<string, unknown>);
  }

  const ids: number[] = [];
  for (const l of o.linhas) {
    const valores = o.valores(l);
    if (l.id === null || l.id === undefined) {
      const [novo] = (await t.insert(o.tabela).values(valores as never).returning()) as unknown as Row[];
      await registrarLog(t, usuario, o.cadastro, novo.id, 'INSERT', novo as Record<string, unknown>);
      ids.push(novo.id);
      continue;
    }
    const antes = porId.get(l.id)!;
    const [depois] = (await t.update(o.tabela).set(valores as never).where(eq(o.tabela.id, l.id)).returning()) as unknown as Row[];
    if (JSON.stringify(depois) !== JSON.stringify(antes)) await registrarLog(t, usuario, o.cadastro, l.id, 'UPDATE', depois as Record<string, unknown>, antes as Record<string, unknown>);
    ids.push(l.id);
  }
  return ids;
}
