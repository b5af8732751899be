import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';

/** Whether the database answers a trivial query (throws when it does not). */
export async function bancoResponde(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}
