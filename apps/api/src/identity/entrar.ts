import { eq } from 'drizzle-orm';
import type { ContextoDaIdentidade } from './contexto';
import { usuarios } from '../db/schema';
import { ESCOPO_API, issuerDo } from './keys';
import { verificarSenha } from './passwords';
import { contarTentativa, esquecerTentativas, loginThrottle, MSG_TENTATIVAS, tentativasDoPar } from './throttle';
import { abrirSessao, type SessaoRow, type UsuarioRow } from './tokens';

export const MSG_CREDENCIAIS = 'Email ou senha inválido';

export type Entrada =
  { ok: true; usuario: UsuarioRow; sessao: SessaoRow; refreshToken: string } | { ok: false; status: 401 | 429; message: string; esperarSegundos?: number };

/**
 * A sign-in with e-mail and password from `ip`, throttled (throttle.ts): opens a session on success.
 * Shared by the OpenID Connect password grant and the web app's own sign-in (sessao-web.routes.ts).
 */
export async function entrarComSenha(ctx: ContextoDaIdentidade, ip: string, emailInformado: string | undefined, senha: string | undefined): Promise<Entrada> {
  const email = emailInformado?.trim().toLowerCase();
  if (!email || !senha || email.length > 320 || senha.length > 1000) return { ok: false, status: 401, message: MSG_CREDENCIAIS };
  const throttle = loginThrottle(ctx);
  const v = throttle.verificar(email, ip);
  if (!v.ok) return { ok: false, status: 429, message: v.message, esperarSegundos: v.esperarSegundos };
  // Counted before the password is checked, in the database (every server meets one count): past the limit,
  // no password is checked until the pair's window ends.
  const { loginMaxAttempts: max, loginWindowMs: janela } = ctx.config;
  const t = await contarTentativa(ctx.db, email, ip, janela);
  if (t.n > max) return { ok: false, status: 429, message: MSG_TENTATIVAS, esperarSegundos: t.esperarSegundos };

  const [usuario] = await ctx.db.select().from(usuarios).where(eq(usuarios.email, email));
  const senhaOk = await verificarSenha(usuario?.senhaHash, senha);
  if (!usuario || !senhaOk || !usuario.ativo) {
    throttle.falhou(email, ip);
    return { ok: false, status: 401, message: MSG_CREDENCIAIS };
  }
  // The right password inside a burst (attempts past the limit meanwhile) is refused like the rest of it.
  if ((await tentativasDoPar(ctx.db, email, ip, janela)) > max) return { ok: false, status: 429, message: MSG_TENTATIVAS, esperarSegundos: t.esperarSegundos };
  await esquecerTentativas(ctx.db, email, ip);
  throttle.entrou(email, ip);
  const { sessao, refreshToken } = await abrirSessao(ctx.db, usuario.id, ctx.config.refreshTokenTtl);
  return { ok: true, usuario, sessao, refreshToken };
}

export { issuerDo };

/**
 * What an access token of the realm says about its user, for every client: the web app's tokens (accessToken
 * below) and the other clients' (oidc-provider's extraTokenClaims, provedor.ts). `iss`, `aud`, `iat` and `exp`
 * are set by the signer (keys.ts for the web app, oidc-provider from the same configuration for the others),
 * and plugins/auth.ts checks them all the same way (docs/decisions/0155).
 */
export function claimsDeAcesso(usuario: Pick<UsuarioRow, 'id' | 'email' | 'nome' | 'roles'>, sid: string, scope?: string) {
  return { sub: usuario.id, email: usuario.email, name: usuario.nome, sid, realm_access: { roles: usuario.roles }, typ: 'Bearer', ...(scope ? { scope } : {}) };
}

/** The web app's scopes: everything, the API included. */
const ESCOPOS_WEB = `openid profile email ${ESCOPO_API}`;

/** A signed access token for the session (ACCESS_TOKEN_TTL, 5 minutes by default), with the user's roles as Keycloak carries them. */
export function accessToken(ctx: ContextoDaIdentidade, usuario: UsuarioRow, sessao: SessaoRow) {
  return ctx.keys.sign(claimsDeAcesso(usuario, sessao.id, ESCOPOS_WEB));
}
