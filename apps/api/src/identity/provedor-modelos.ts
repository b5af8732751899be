import { and, eq, lt, sql } from 'drizzle-orm';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../db/client';
import { oidcModelo } from '../db/schema';
import { tokenAleatorio } from '../lib/segredos';
import { revogarSessao } from './tokens';

/** oidc-provider's model whose destruction ends the product's session (its id is the `sessoes` row's id). */
const GRANT = 'Grant';
/** How often at most one server deletes the rows expired for more than an hour. */
const LIMPAR_A_CADA_MS = 10 * 60 * 1000;

/**
 * oidc-provider's storage (its Adapter interface) in table `oidc_modelo`, one row per object, so every
 * server of the database shares codes, refresh tokens, grants, sessions and interactions, and a restart
 * keeps them. `aoRevogarSessao` runs after a grant is destroyed (revocation, a reused refresh token,
 * RP-initiated logout): the grant's id is the session's id, so the session ends too, on every server.
 */
export function adaptadorOidc(db: Db, aoRevogarSessao: () => void) {
  let limpoEm = 0;
  async function limpar() {
    if (Date.now() - limpoEm < LIMPAR_A_CADA_MS) return;
    limpoEm = Date.now();
    await db.delete(oidcModelo).where(lt(oidcModelo.expiraEm, new Date(Date.now() - 3600_000)));
  }

  return (tipo: string): Adapter => {
    /** This model's rows whose `coluna` (the id, a session's uid, a device flow's user code, a grant's id) is `valor`. */
    type Coluna = typeof oidcModelo.id | typeof oidcModelo.uid | typeof oidcModelo.userCode | typeof oidcModelo.grantId;
    const onde = (coluna: Coluna, valor: string) => and(eq(oidcModelo.tipo, tipo), eq(coluna, valor));
    const linha = (id: string) => onde(oidcModelo.id, id);
    const valido = (row: typeof oidcModelo.$inferSelect | undefined): AdapterPayload | undefined => {
      if (!row || (row.expiraEm && row.expiraEm.getTime() <= Date.now())) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumidoEm ? { ...payload, consumed: Math.floor(row.consumidoEm.getTime() / 1000) } : payload;
    };
    /** The payload of the row `condicao` picks, unless there is none or it has expired. */
    const achar = async (condicao: ReturnType<typeof linha>) => valido((await db.select().from(oidcModelo).where(condicao))[0]);
    return {
      async upsert(id, payload, expiresIn) {
        const valores = {
          payload,
          grantId: payload.grantId ?? null,
          uid: tipo === 'Session' ? (payload.uid ?? null) : null,
          userCode: payload.userCode ?? null,
          expiraEm: typeof expiresIn === 'number' ? new Date(Date.now() + expiresIn * 1000) : null,
        };
        await db
          .insert(oidcModelo)
          .values({ tipo, id, ...valores })
          .onConflictDoUpdate({ target: [oidcModelo.tipo, oidcModelo.id], set: valores });
        await limpar();
      },
      find: (id) => achar(linha(id)),
      findByUid: (uid) => achar(onde(oidcModelo.uid, uid)),
      findByUserCode: (userCode) => achar(onde(oidcModelo.userCode, userCode)),
      async consume(id) {
        await db
          .update(oidcModelo)
          .set({ consumidoEm: sql`now()` })
          .where(linha(id));
      },
      async destroy(id) {
        await db.delete(oidcModelo).where(linha(id));
        if (tipo === GRANT && /^[0-9a-f-]{36}$/i.test(id)) {
          await revogarSessao(db, id);
          aoRevogarSessao();
        }
      },
      async revokeByGrantId(grantId) {
        await db.delete(oidcModelo).where(onde(oidcModelo.grantId, grantId));
      },
    };
  };
}

/**
 * The keys oidc-provider signs its cookies with, made once and kept in `oidc_modelo` (tipo
 * 'ChavesDeCookie'), so a cookie set by one server is read by the others and survives a restart.
 * Called under the start-up lock (Database.sozinho).
 */
export async function chavesDeCookie(db: Db): Promise<string[]> {
  const onde = and(eq(oidcModelo.tipo, 'ChavesDeCookie'), eq(oidcModelo.id, 'atuais'));
  let [row] = await db.select().from(oidcModelo).where(onde);
  if (!row) {
    await db
      .insert(oidcModelo)
      .values({ tipo: 'ChavesDeCookie', id: 'atuais', payload: { keys: [tokenAleatorio()] } })
      .onConflictDoNothing();
    [row] = await db.select().from(oidcModelo).where(onde);
  }
  return (row.payload as { keys: string[] }).keys;
}
