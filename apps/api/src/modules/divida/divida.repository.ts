import { eq } from 'drizzle-orm';
import type { DividaConsulta } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { dividas } from '../../db/schema';

/** A debt of the `dividas` table (loaded from the tax system's CSV export), or null. */
export async function dividaDaTabela(db: Db, numero: number): Promise<DividaConsulta | null> {
  const [d] = await db.select({ nomeContribuinte: dividas.nomeContribuinte, valorPgto: dividas.valorPgto }).from(dividas).where(eq(dividas.numero, numero));
  return d ? { nomeContribuinte: d.nomeContribuinte, valorPgto: Number(d.valorPgto) } : null;
}
