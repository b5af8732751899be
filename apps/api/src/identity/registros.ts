import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import type { Tx } from '../db/client';
import { registrosPorEndereco } from '../db/schema';
import type { Veredito } from './throttle';

export const MSG_MUITAS_CONTAS = 'Muitas contas criadas a partir deste endereço. Tente novamente mais tarde.';

type Limite = Pick<Config, 'registerMaxAccounts' | 'registerWindowMs'>;

/**
 * Whether `endereco` may try one more register: fewer than REGISTER_MAX_ACCOUNTS attempts from it in the last
 * REGISTER_WINDOW_MS, whatever they answered (docs/decisions/0079-limites-contra-abuso.md, 0161). Counted in the
 * database (its clock), so servers sharing it share the count. With `travar`, inside the transaction that counts
 * the attempt: an advisory lock per address makes concurrent attempts from one address wait for each other, so
 * the limit holds exactly.
 */
export async function podeRegistrar(tx: Tx, limite: Limite, endereco: string, travar = false): Promise<Veredito> {
  if (travar) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.registro'), hashtext(${endereco}))`);
  const desde = sql`now() - make_interval(secs => ${limite.registerWindowMs / 1000})`;
  const r = await tx.execute<{ n: number; espera: number | null }>(
    sql`SELECT count(*)::int AS n, ceil(extract(epoch FROM min(${registrosPorEndereco.criadoEm}) - ${desde}))::int AS espera
        FROM ${registrosPorEndereco}
        WHERE ${registrosPorEndereco.endereco} = ${endereco} AND ${registrosPorEndereco.criadoEm} > ${desde}`,
  );
  const { n, espera } = r.rows[0];
  if (n < limite.registerMaxAccounts) return { ok: true };
  return { ok: false, message: MSG_MUITAS_CONTAS, esperarSegundos: Math.max(1, espera ?? 1) };
}

/** Counts a register attempt from `endereco` (in its transaction), forgetting those older than the window. */
export async function contarRegistro(tx: Tx, limite: Limite, endereco: string) {
  await tx.execute(
    sql`DELETE FROM ${registrosPorEndereco} WHERE ${registrosPorEndereco.criadoEm} <= now() - make_interval(secs => ${limite.registerWindowMs / 1000})`,
  );
  await tx.insert(registrosPorEndereco).values({ endereco });
}
