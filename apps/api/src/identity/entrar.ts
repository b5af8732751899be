import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { ContextoDaIdentidade } from './contexto';
import { eventoDeSeguranca } from '../lib/eventos';
import { usuarios } from '../db/schema';
import { ESCOPO_API, issuerDo } from './keys';
import { verificarSenha } from './passwords';
import { contarTentativa, esquecerTentativas, loginThrottle, MSG_TENTATIVAS, tentativasDoPar } from './throttle';
import { conferirCodigo, fatorAtivo, fatorObrigatorio, MSG_CODIGO_INVALIDO, MSG_CODIGO_NECESSARIO } from './segundo-fator';
import { abrirSessao, type SessaoRow, type UsuarioRow } from './tokens';
import { CLIENTE_DO_PORTAL } from '../config';
import { recusaDaPorta, type Porta } from './portal';

export const MSG_CREDENCIAIS = 'Email ou senha inválido';

export type Entrada =
  | {
      ok: true;
      usuario: UsuarioRow;
      sessao: SessaoRow;
      refreshToken: string;
      /** The person's role must have a second factor and has none: the session allows only enrolment. */
      exigeFator: boolean;
      /** The sign-in passed a second factor (for the `amr` other systems receive). */
      viaFator: boolean;
    }
  | { ok: false; status: 401 | 429; message: string; esperarSegundos?: number; codigoNecessario?: boolean };

/** What a sign-in brings: the credentials and, once a second factor is on, its code (TOTP or recovery). */
export interface Credenciais {
  email: string | undefined;
  senha: string | undefined;
  codigo?: string | undefined;
}

/** The lifetime of a new session: the refresh token's, never longer than SESSAO_MAXIMA_HORAS. */
export const duracaoDaSessao = (config: ContextoDaIdentidade['config']) => Math.min(config.refreshTokenTtl, config.sessaoMaximaHoras * 3600);

/** The client that opens a session, as 'Minhas sessões' shows it: its User-Agent (cut) and address. */
export const origemDaSessao = (req: FastifyRequest) => ({ dispositivo: String(req.headers['user-agent'] ?? '').slice(0, 200) || null, endereco: req.ip });

/**
 * A sign-in with e-mail and password (and the second factor's code when the account has one) from `req`'s
 * address, throttled (throttle.ts): opens a session on success. Shared by the OpenID Connect password grant,
 * the web app's own sign-in (sessao-web.routes.ts) and the sign-in for other systems (realm-interacao.ts).
 * Every outcome is a security event in the log (lib/eventos.ts), without the password or the code.
 * `porta` is the door: staff accounts come in by 'equipe', portal accounts (role produtor) only by 'portal'. An
 * account at the other door is refused after its password was checked (a 401 naming its own door), so the refusal
 * tells nothing to someone without the password.
 */
export async function entrarComSenha(ctx: ContextoDaIdentidade, req: FastifyRequest, cred: Credenciais, porta: Porta = 'equipe'): Promise<Entrada> {
  const ip = req.ip;
  const email = cred.email?.trim().toLowerCase();
  const recusar = (e: Extract<Entrada, { ok: false }>, motivo: string, tipo: 'entrada-recusada' | 'codigo-recusado' = 'entrada-recusada') => {
    eventoDeSeguranca(req.log, tipo, { conta: email?.slice(0, 320), endereco: ip, motivo });
    return e;
  };
  const senha = cred.senha;
  if (!email || !senha || email.length > 320 || senha.length > 1000)
    return recusar({ ok: false, status: 401, message: MSG_CREDENCIAIS }, 'credenciais-incompletas');
  const throttle = loginThrottle(ctx);
  const v = throttle.verificar(email, ip);
  if (!v.ok) return recusar({ ok: false, status: 429, message: v.message, esperarSegundos: v.esperarSegundos }, 'muitas-tentativas');
  // Counted before the password is checked, in the database (every server meets one count): past the limit,
  // no password is checked until the pair's window ends. A missing or wrong code counts the same.
  const { loginMaxAttempts: max, loginWindowMs: janela } = ctx.config;
  const t = await contarTentativa(ctx.db, email, ip, janela);
  if (t.n > max) return recusar({ ok: false, status: 429, message: MSG_TENTATIVAS, esperarSegundos: t.esperarSegundos }, 'muitas-tentativas');

  const [usuario] = await ctx.db.select().from(usuarios).where(eq(usuarios.email, email));
  const senhaOk = await verificarSenha(usuario?.senhaHash, senha);
  if (!usuario || !senhaOk || !usuario.ativo) {
    throttle.falhou(email, ip);
    return recusar({ ok: false, status: 401, message: MSG_CREDENCIAIS }, !usuario ? 'conta-inexistente' : !usuario.ativo ? 'conta-desativada' : 'senha-errada');
  }
  // The right password inside a burst (attempts past the limit meanwhile) is refused like the rest of it.
  if ((await tentativasDoPar(ctx.db, email, ip, janela)) > max)
    return recusar({ ok: false, status: 429, message: MSG_TENTATIVAS, esperarSegundos: t.esperarSegundos }, 'muitas-tentativas');
  const outraPorta = recusaDaPorta(usuario, porta);
  if (outraPorta) return recusar({ ok: false, status: 401, message: outraPorta }, `conta-de-outra-porta:${porta}`);
  // The second factor: with one on, the code is required; it stays counted as an attempt until the sign-in succeeds.
  const fator = await fatorAtivo(ctx.db, usuario.id);
  let via: string = 'senha';
  if (fator) {
    const codigo = cred.codigo?.trim();
    if (!codigo) return recusar({ ok: false, status: 401, message: MSG_CODIGO_NECESSARIO, codigoNecessario: true }, 'codigo-ausente', 'codigo-recusado');
    const tipo = codigo.length <= 20 ? await conferirCodigo(ctx.db, usuario.id, codigo) : null;
    if (!tipo) {
      throttle.falhou(email, ip);
      return recusar({ ok: false, status: 401, message: MSG_CODIGO_INVALIDO, codigoNecessario: true }, 'codigo-errado', 'codigo-recusado');
    }
    via = tipo === 'totp' ? 'senha+totp' : 'senha+codigo-de-recuperacao';
  }
  const exigeFator = !fator && fatorObrigatorio(usuario.roles, ctx.config.mfaObrigatorio);
  await esquecerTentativas(ctx.db, email, ip);
  throttle.entrou(email, ip);
  const { sessao, refreshToken } = await abrirSessao(ctx.db, usuario.id, duracaoDaSessao(ctx.config), { ...origemDaSessao(req), exigeFator });
  eventoDeSeguranca(req.log, 'entrada', { conta: email, endereco: ip, motivo: via, sessao: sessao.id, cadastroDoFatorPendente: exigeFator });
  return { ok: true, usuario, sessao, refreshToken, exigeFator, viaFator: Boolean(fator) };
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

/**
 * A signed access token for the session (ACCESS_TOKEN_TTL, 5 minutes by default), with the user's roles as Keycloak
 * carries them; issued to the web app's client, or the portal's for a session opened at the portal's door.
 */
export function accessToken(ctx: ContextoDaIdentidade, usuario: UsuarioRow, sessao: SessaoRow, porta: Porta = 'equipe') {
  return ctx.keys.sign(claimsDeAcesso(usuario, sessao.id, ESCOPOS_WEB), porta === 'portal' ? CLIENTE_DO_PORTAL : undefined);
}
