import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { refreshTokens, sessoes, usuarios } from '../db/schema';
import { sha256, tokenAleatorio } from '../lib/segredos';

export type UsuarioRow = typeof usuarios.$inferSelect;
export type SessaoRow = typeof sessoes.$inferSelect;

/** Opens a sign-in session with its first refresh token (and drops the user's dead sessions). */
export async function abrirSessao(
  db: Db,
  usuarioId: string,
  ttlSeconds: number,
  origem: { dispositivo?: string | null; endereco?: string | null; exigeFator?: boolean } = {},
) {
  const refreshToken = tokenAleatorio();
  const agora = new Date();
  const sessao = await db.transaction(async (tx) => {
    await tx.delete(sessoes).where(and(eq(sessoes.usuarioId, usuarioId), or(lt(sessoes.expiraEm, agora), lt(sessoes.revogadaEm, agora))));
    const [s] = await tx
      .insert(sessoes)
      .values({ usuarioId, criadaEm: agora, ultimoUsoEm: agora, expiraEm: new Date(agora.getTime() + ttlSeconds * 1000), ...origem })
      .returning();
    await tx.insert(refreshTokens).values({ sessaoId: s.id, tokenHash: sha256(refreshToken) });
    return s;
  });
  return { sessao, refreshToken };
}

export type Rotacao =
  | { ok: true; usuario: UsuarioRow; sessao: SessaoRow; refreshToken: string }
  | { ok: false; motivo: 'desconhecido' | 'expirado' | 'ociosa' | 'reuso' | 'desativado' }
  /** The account may not use this door (identity/portal.ts): nothing was changed, `mensagem` names its own door. */
  | { ok: false; motivo: 'outra-porta'; mensagem: string };

/** The session went more than `inatividadeMin` minutes without a request (SESSAO_INATIVIDADE_MIN). */
export const ociosa = (sessao: Pick<SessaoRow, 'ultimoUsoEm'>, inatividadeMin: number | undefined, agora = Date.now()) =>
  inatividadeMin !== undefined && sessao.ultimoUsoEm.getTime() + inatividadeMin * 60_000 <= agora;

/**
 * Trades a refresh token for a new one in the same session, atomically. A token already used
 * means it leaked (or was replayed): the whole session is revoked. `recusa` says why the account may not refresh
 * through the caller's door (identity/portal.ts), which leaves the token as it was.
 */
export function rotacionar(db: Db, token: string, inatividadeMin?: number, recusa?: (u: UsuarioRow) => string | null): Promise<Rotacao> {
  return db.transaction(async (tx): Promise<Rotacao> => {
    const [rt] = await tx
      .select()
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)))
      .for('update');
    if (!rt) return { ok: false, motivo: 'desconhecido' };
    const [sessao] = await tx.select().from(sessoes).where(eq(sessoes.id, rt.sessaoId));
    const agora = new Date();
    if (!sessao || sessao.revogadaEm || sessao.expiraEm <= agora) return { ok: false, motivo: 'expirado' };
    // Idle past SESSAO_INATIVIDADE_MIN: the session ends (a refresh is not a use: an open tab renewing its token
    // by itself does not keep an idle session alive).
    if (ociosa(sessao, inatividadeMin, agora.getTime())) {
      await revogarSessao(tx, sessao.id);
      return { ok: false, motivo: 'ociosa' };
    }
    if (rt.usadoEm) {
      await revogarSessao(tx, sessao.id);
      return { ok: false, motivo: 'reuso' };
    }
    const [usuario] = await tx.select().from(usuarios).where(eq(usuarios.id, sessao.usuarioId));
    if (!usuario?.ativo) {
      await revogarSessao(tx, sessao.id);
      return { ok: false, motivo: 'desativado' };
    }
    const mensagem = recusa?.(usuario);
    if (mensagem) return { ok: false, motivo: 'outra-porta', mensagem };
    await tx.update(refreshTokens).set({ usadoEm: agora }).where(eq(refreshTokens.id, rt.id));
    const refreshToken = tokenAleatorio();
    await tx.insert(refreshTokens).values({ sessaoId: sessao.id, tokenHash: sha256(refreshToken) });
    return { ok: true, usuario, sessao, refreshToken };
  });
}

/**
 * Revocations. The caller drops the cached session checks (`app.esquecerSessoes()`, plugins/auth.ts)
 * once its transaction has committed: dropped earlier, a request in between could cache the old row.
 */
export const revogarSessao = (tx: Tx, id: string) =>
  tx
    .update(sessoes)
    .set({ revogadaEm: new Date() })
    .where(and(eq(sessoes.id, id), isNull(sessoes.revogadaEm)));

export const revogarSessoesDoUsuario = (tx: Tx, usuarioId: string) =>
  tx
    .update(sessoes)
    .set({ revogadaEm: new Date() })
    .where(and(eq(sessoes.usuarioId, usuarioId), isNull(sessoes.revogadaEm)));

/** Logout: revokes the session a refresh token belongs to (unknown tokens are ignored). */
export async function revogarPorRefresh(db: Db, token: string) {
  const [rt] = await db
    .select({ sessaoId: refreshTokens.sessaoId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(token)));
  if (rt) await revogarSessao(db, rt.sessaoId);
}

/** The session is open (not revoked, not expired). */
export async function sessaoAberta(db: Db, id: string, inatividadeMin?: number): Promise<boolean> {
  if (typeof id !== 'string' || !/^[0-9a-f-]{36}$/i.test(id)) return false;
  const [s] = await db.select().from(sessoes).where(eq(sessoes.id, id));
  return Boolean(s && !s.revogadaEm && s.expiraEm > new Date() && !ociosa(s, inatividadeMin));
}
