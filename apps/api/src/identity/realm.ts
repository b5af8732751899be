import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ContextoDaIdentidade } from './contexto';
import { usuarios } from '../db/schema';
import { accessToken, entrarComSenha, MSG_CREDENCIAIS } from './entrar';
import { CLIENT_ID, REALM } from './keys';
import { CLIENTE_DO_PORTAL, recusaDaPorta, type Porta } from './portal';
import type { Provedor } from './provedor';
import { MSG_TENTATIVAS } from './throttle';
import { revogarPorRefresh, rotacionar, sessaoAberta, type SessaoRow, type UsuarioRow } from './tokens';

const BASE = `/realms/${REALM}`;
const OIDC = `${BASE}/protocol/openid-connect`;

export { MSG_CREDENCIAIS, MSG_TENTATIVAS };
export const MSG_SESSAO = 'Sessão inválida ou expirada. Entre novamente.';

/** Keycloak's error body, plus `message` like every other error of the product. */
function oauthErro(reply: FastifyReply, status: number, error: string, descricao: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: descricao, message: descricao });
}

type Campos = Record<string, unknown>;
const campo = (body: unknown, nome: string): string | undefined => {
  const v = body && typeof body === 'object' ? (body as Campos)[nome] : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/** The token answer of the hand-written grants (Keycloak's fields). */
async function tokensPara(ctx: ContextoDaIdentidade, usuario: UsuarioRow, sessao: SessaoRow, refreshToken: string, porta: Porta) {
  return {
    access_token: await accessToken(ctx, usuario, sessao, porta),
    expires_in: ctx.config.accessTokenTtl,
    refresh_expires_in: Math.max(0, Math.floor((sessao.expiraEm.getTime() - Date.now()) / 1000)),
    refresh_token: refreshToken,
    token_type: 'Bearer',
    'not-before-policy': 0,
    session_state: sessao.id,
    scope: 'openid profile email',
  };
}

/** The refresh_token grant of ceasa-web or ceasa-portal: only a session of the client's door is renewed. */
async function renovarPeloRealm(app: FastifyInstance, ctx: ContextoDaIdentidade, req: FastifyRequest, reply: FastifyReply, porta: Porta) {
  const token = campo(req.body, 'refresh_token');
  if (!token) return oauthErro(reply, 400, 'invalid_request', 'O refresh_token é obrigatório.');
  const r = await rotacionar(ctx.db, token, ctx.config.sessaoInatividadeMin, (u) => recusaDaPorta(u, porta));
  if (!r.ok) {
    // A reused token or a disabled account revoked the session (committed by now).
    if (r.motivo === 'reuso' || r.motivo === 'desativado' || r.motivo === 'ociosa') app.esquecerSessoes();
    return oauthErro(reply, 400, 'invalid_grant', r.motivo === 'outra-porta' ? r.mensagem : MSG_SESSAO);
  }
  return reply.header('cache-control', 'no-store').send(await tokensPara(ctx, r.usuario, r.sessao, r.refreshToken, porta));
}

/** The password grant of ceasa-web (staff accounts) or ceasa-portal (portal accounts). */
async function entrarPeloRealm(ctx: ContextoDaIdentidade, req: FastifyRequest, reply: FastifyReply, porta: Porta) {
  // The second factor's code travels as `totp`, the parameter of Keycloak's direct grant.
  const cred = { email: campo(req.body, 'username'), senha: campo(req.body, 'password'), codigo: campo(req.body, 'totp') };
  const r = await entrarComSenha(ctx, req, cred, porta);
  if (!r.ok) {
    if (r.esperarSegundos) reply.header('retry-after', String(r.esperarSegundos));
    // RFC 6749 5.2: wrong credentials (or an account of the other door) are a 400 invalid_grant; too many attempts stay a 429.
    return oauthErro(reply, r.status === 401 ? 400 : r.status, 'invalid_grant', r.message);
  }
  return reply.header('cache-control', 'no-store').send(await tokensPara(ctx, r.usuario, r.sessao, r.refreshToken, porta));
}

/**
 * The realm under Keycloak's paths. The web app's client `ceasa-web` keeps the hand-written password and
 * refresh_token grants and POST logout with a refresh token (the contract fixes their answers); the producers'
 * portal's client `ceasa-portal` has the same grants for portal accounts only (identity/portal.ts); userinfo
 * and the keys are served here for every token of the realm. Everything else (discovery, authorization,
 * the code and refresh grants of the clients of OIDC_CLIENTS, revocation, RP-initiated logout) is
 * oidc-provider's (provedor.ts, docs/decisions/0113).
 */
export function registerIdentity(app: FastifyInstance, ctx: ContextoDaIdentidade, provedor: Provedor) {
  const { db, config, keys } = ctx;
  const tags = ['Identidade'];

  app.get(`${OIDC}/certs`, { schema: { tags, summary: 'Chaves públicas (JWKS)' } }, async () => keys.jwks);

  app.post(
    `${OIDC}/token`,
    {
      schema: {
        tags,
        summary:
          'Emite tokens: password e refresh_token do ceasa-web (equipe) e do ceasa-portal (produtores); authorization_code e refresh_token dos clientes de OIDC_CLIENTS',
      },
    },
    async (req, reply) => {
      const grant = campo(req.body, 'grant_type');
      const cliente = campo(req.body, 'client_id');
      // The hand-written clients: the web app's (staff accounts) and the portal's (producers' accounts).
      const porta = cliente === CLIENT_ID ? 'equipe' : cliente === CLIENTE_DO_PORTAL ? 'portal' : null;
      // Other clients and grants: oidc-provider (a client authenticated by HTTP Basic names no client_id here).
      if (grant !== 'password' && !porta) return provedor.encaminhar(req, reply);
      if (grant !== 'password' && grant !== 'refresh_token') return oauthErro(reply, 400, 'unsupported_grant_type', 'Tipo de concessão não suportado.');
      if (!porta) return oauthErro(reply, 400, 'unauthorized_client', 'Este cliente não pode usar o grant password.');
      return grant === 'refresh_token' ? renovarPeloRealm(app, ctx, req, reply, porta) : entrarPeloRealm(ctx, req, reply, porta);
    },
  );

  async function userinfo(req: FastifyRequest, reply: FastifyReply) {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const claims = m ? await keys.verify(m[1]).catch(() => null) : null;
    const [usuario] = claims ? await db.select().from(usuarios).where(eq(usuarios.id, claims.sub)) : [];
    if (!claims || !usuario?.ativo || !(await sessaoAberta(db, claims.sid, config.sessaoInatividadeMin))) {
      reply.header('www-authenticate', 'Bearer error="invalid_token"');
      return oauthErro(reply, 401, 'invalid_token', MSG_SESSAO);
    }
    return {
      sub: usuario.id,
      name: usuario.nome,
      email: usuario.email,
      avatarUrl: usuario.avatarUrl ?? null,
      preferred_username: usuario.email,
      email_verified: false,
      realm_access: { roles: usuario.roles },
    };
  }
  app.get(`${OIDC}/userinfo`, { schema: { tags, summary: 'Dados do usuário do token' } }, userinfo);
  app.post(`${OIDC}/userinfo`, { schema: { tags, summary: 'Dados do usuário do token' } }, userinfo);

  app.post(
    `${OIDC}/logout`,
    { schema: { tags, summary: 'Encerra a sessão do refresh token (ou, sem ele, logout iniciado pelo cliente com id_token_hint)' } },
    async (req, reply) => {
      const cliente = campo(req.body, 'client_id');
      const token = campo(req.body, 'refresh_token');
      // RP-initiated logout by form POST (id_token_hint, post_logout_redirect_uri): oidc-provider's.
      const nosso = cliente === CLIENT_ID || cliente === CLIENTE_DO_PORTAL;
      if (!token && !nosso) return provedor.encaminhar(req, reply);
      if (cliente && !nosso) return oauthErro(reply, 400, 'unauthorized_client', 'Este cliente não pode encerrar sessões por refresh token.');
      if (token) {
        await revogarPorRefresh(db, token);
        app.esquecerSessoes();
      }
      return reply.code(204).send();
    },
  );

  // Discovery, authorization, the other clients' grants, revocation, GET logout and the rest: oidc-provider.
  app.route({
    method: ['GET', 'POST', 'OPTIONS'],
    url: `${BASE}/*`,
    schema: { hide: true },
    handler: (req, reply) => provedor.encaminhar(req, reply),
  });
}
