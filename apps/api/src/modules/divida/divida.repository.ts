import { eq, sql } from 'drizzle-orm';
import type { DividaConsulta } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { dividas } from '../../db/schema';
import { registrarLog } from '../../lib/audit';

/** A debt of the `dividas` table (loaded from the tax system's CSV export), or null. */
export async function dividaDaTabela(db: Db, numero: number): Promise<DividaConsulta | null> {
  const [d] = await db.select({ nomeContribuinte: dividas.nomeContribuinte, valorPgto: dividas.valorPgto }).from(dividas).where(eq(dividas.numero, numero));
  return d ? { nomeContribuinte: d.nomeContribuinte, valorPgto: Number(d.valorPgto) } : null;
}

/** Rows per INSERT of an import. */
const LOTE = 1000;

/**
 * Upserts the debts by number in one transaction with one audit row for the import (its counts, and
 * how many lines were rejected); answers how many were new and how many replaced a stored one.
 */
export async function gravarDividas(
  db: Db,
  todos: { numero: number; nomeContribuinte: string; valorPgto: string }[],
  usuario: string,
  rejeitadas: number,
): Promise<{ inseridas: number; atualizadas: number }> {
  const r = { inseridas: 0, atualizadas: 0 };
  await db.transaction(async (t) => {
    for (let i = 0; i < todos.length; i += LOTE) {
      const linhas = await t
        .insert(dividas)
        .values(todos.slice(i, i + LOTE))
        .onConflictDoUpdate({
          target: dividas.numero,
          set: { nomeContribuinte: sql`excluded.nome_contribuinte`, valorPgto: sql`excluded.valor_pgto`, atualizadoEm: sql`now()` },
        })
        .returning({ inserida: sql<boolean>`(xmax = 0)` });
      for (const l of linhas)
        if (l.inserida) r.inseridas++;
        else r.atualizadas++;
    }
    await registrarLog(t, usuario, 'Dividas', 'importacao-csv', 'INSERT', { inseridas: r.inseridas, atualizadas: r.atualizadas, rejeitadas });
  });
  return r;
}
