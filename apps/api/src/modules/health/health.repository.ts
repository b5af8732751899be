import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { migrationsFolder, type Db } from '../../db/client';

/** Whether the database answers a trivial query (throws when it does not). */
export async function bancoResponde(db: Db): Promise<void> {
  await db.execute(sql`SELECT 1`);
}

let doJornal: number[] | undefined;
/** The migrations this release carries: their times in drizzle's journal (what drizzle records as created_at). */
function migracoesDestaVersao(): number[] {
  doJornal ??= (JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] }).entries.map(
    (e) => e.when,
  );
  return doJornal;
}

/** How many of this release's migrations the database has not applied (drizzle's own table; none applied when it is missing). */
export async function migracoesPendentes(db: Db): Promise<{ pendentes: number; total: number }> {
  const esperadas = migracoesDestaVersao();
  const [{ existe }] = (await db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS existe`)).rows as { existe: boolean }[];
  const aplicadas = existe
    ? new Set(((await db.execute(sql`SELECT created_at::text AS w FROM drizzle.__drizzle_migrations`)).rows as { w: string }[]).map((r) => Number(r.w)))
    : new Set<number>();
  return { pendentes: esperadas.filter((w) => !aplicadas.has(w)).length, total: esperadas.length };
}
