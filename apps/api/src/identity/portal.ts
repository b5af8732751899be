import { and, eq, gt, isNotNull, isNull } from 'drizzle-orm';
import { MSG_CONTA_DA_EQUIPE, MSG_CONTA_DO_PORTAL, type NivelGovbr } from '@ceasa/shared/resources/portal';
import type { Db, Tx } from '../db/client';
import { identidadesExternas, portalConvites, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { revogarSessoesDoUsuario } from './tokens';

/**
 * The producers' portal accounts (docs/produto/portal.md, docs/decisions/0297-portal-contas-e-govbr.md): a row of
 * `usuarios` with the one role `produtor`, bound to one person. Staff sign in at /login, producers at /portal: the
 * two doors never let the other's accounts in.
 */

/** The role of a producer's portal account (never a staff role: it maps to no permission group). */
export const PAPEL_PRODUTOR = 'produtor';

/** Which door a sign-in came through: the staff's (/login, the realm's ceasa-web, other systems) or the portal's. */
export type Porta = 'equipe' | 'portal';

/** The realm's client of the portal (password and refresh_token grants, portal accounts only). */
export { CLIENTE_DO_PORTAL } from '../config';

export const ehContaDoPortal = (u: { roles: readonly string[] }) => u.roles.includes(PAPEL_PRODUTOR);

/** Why `usuario` may not come in by `porta` (the pt-BR message naming his own door), or null. */
export function recusaDaPorta(usuario: { roles: readonly string[] }, porta: Porta): string | null {
  if (ehContaDoPortal(usuario) === (porta === 'portal')) return null;
  return porta === 'portal' ? MSG_CONTA_DA_EQUIPE : MSG_CONTA_DO_PORTAL;
}

/**
 * A person anonymised (modules/titular): his portal account is disabled and its sessions end, its name and e-mail
 * are replaced (`anonimo`), its gov.br binding (which names his CPF) and his invitations go. Returns the e-mails they
 * held (the account's and the invitations'), for the audit texts to be scrubbed of them. The caller drops the
 * cached session checks (`app.esquecerSessoes()`) once the transaction has committed.
 */
export async function encerrarContaDoPortal(tx: Tx, pessoaId: number, quem: string, anonimo: { nome: string; email: string }): Promise<string[]> {
  const convites = await tx.delete(portalConvites).where(eq(portalConvites.pessoaId, pessoaId)).returning({ email: portalConvites.email });
  const emails = new Set(convites.map((c) => c.email));
  const [u] = await tx.select().from(usuarios).where(eq(usuarios.pessoaId, pessoaId)).for('update');
  if (u) {
    emails.add(u.email);
    await tx.update(usuarios).set({ ativo: false, nome: anonimo.nome, email: anonimo.email }).where(eq(usuarios.id, u.id));
    await revogarSessoesDoUsuario(tx, u.id);
    await tx.delete(identidadesExternas).where(eq(identidadesExternas.usuarioId, u.id));
    await registrarLog(tx, quem, 'Usuario', u.id, 'UPDATE', { id: u.id, pessoaId, ativo: false, motivo: 'pessoa anonimizada' });
  }
  return [...emails];
}

/** Pending invitations of the person stop working (a new one was sent, or he has an account now). */
export const encerrarConvitesPendentes = (tx: Tx, pessoaId: number, agora = new Date()) =>
  tx
    .update(portalConvites)
    .set({ expiraEm: agora })
    .where(and(eq(portalConvites.pessoaId, pessoaId), isNull(portalConvites.aceitoEm), gt(portalConvites.expiraEm, agora)));

/** The gov.br reliability level of the account's last gov.br sign-in, or null (never signed in with gov.br). */
export async function nivelGovbrDaConta(db: Db, usuarioId: string): Promise<NivelGovbr | null> {
  const [v] = await db
    .select({ nivel: identidadesExternas.nivel })
    .from(identidadesExternas)
    .where(and(eq(identidadesExternas.usuarioId, usuarioId), isNotNull(identidadesExternas.nivel)));
  return (v?.nivel as NivelGovbr | null | undefined) ?? null;
}
