import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { usuarios } from '../db/schema';
import { ALG, CLIENT_ID, REALM } from './keys';
import { verificarSenha } from './passwords';
import { loginThrottle } from './throttle';
import { abrirSessao, revogarPorRefresh, rotacionar, sessaoAberta, type SessaoRow, type UsuarioRow } from './tokens';

const BASE = `/realms/${REALM}`;
const OIDC = `${BASE}/protocol/openid-connect`;

export const MSG_CREDENCIAIS = 'Email ou senha inválido';
export const MSG_TENTATIVAS = 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.';
const MSG_SESSAO = 'Sessão inválida ou expirada. Entre novamente.';

/** The realm's public address as the caller sees it (behind a proxy: its X-Forwarded-* headers). */
const issuerDe = (req: FastifyRequest) => `${req.protocol}://${req.host}${BASE}`;

/** Keycloak's error body, plus `message` like every other error of the product. */
function oauthErro(reply: FastifyReply, status: number, error: string, descricao: string) {
  return reply.code(status).header('cache-control', 'no-store').send({ error, error_description: descricao, message: descricao });
}

type Campos = Record<string, unknown>;
const campo = (body: unknown, nome: string): string | undefined => {
  const v = body && typeof body === 'object' ? (body as Campos)[nome] : undefined;
  return typeof v === 'string' && v !== '' ? v : undefined;
};

/**
 * The built-in OpenID Connect provider of realm `ceasa`, at Keycloak's paths: discovery, JWKS,
 * token (password and refresh_token grants for the public client `ceasa-web`), userinfo, logout.
 */
export function registerIdentity(app: FastifyInstance, ctx: AppContext) {
  const { db, config, keys } = ctx;
  const throttle = loginThrottle(ctx);
  const tags = ['Identidade'];

  async function tokensPara(req: FastifyRequest, usuario: UsuarioRow, sessao: SessaoRow, refreshToken: string) {
    const accessToken = await keys.sign(
      { sub: usuario.id, email: usuario.email, name: usuario.nome, sid: sessao.id, realm_access: { roles: usuario.roles } },
      config.accessTokenTtl,
      issuerDe(req),
    );
    return {
      access_token: accessToken,
      expires_in: config.accessTokenTtl,
      refresh_expires_in: Math.max(0, Math.floor((sessao.expiraEm.getTime() - Date.now()) / 1000)),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: sessao.id,
      scope: 'openid profile email',
    };
  }

  app.get(`${BASE}/.well-known/openid-configuration`, { schema: { tags, summary: 'Descoberta OpenID Connect' } }, async (req) => {
    const issuer = issuerDe(req);
    return {
      issuer,
      token_endpoint: `${issuer}/protocol/openid-connect/token`,
      userinfo_endpoint: `${issuer}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${issuer}/protocol/openid-connect/logout`,
      jwks_uri: `${issuer}/protocol/openid-connect/certs`,
      grant_types_supported: ['password', 'refresh_token'],
      response_types_supported: ['token'],
      subject_types_supported: ['public'],
      id_token_signing_alg_values_supported: [ALG],
      userinfo_signing_alg_values_supported: [ALG],
      token_endpoint_auth_methods_supported: ['none'],
      scopes_supported: ['openid', 'profile', 'email'],
      claims_supported: ['sub', 'iss', 'name', 'email', 'preferred_username', 'realm_access'],
    };
  });

  app.get(`${OIDC}/certs`, { schema: { tags, summary: 'Chaves públicas (JWKS)' } }, async () => keys.jwks);

  app.post(`${OIDC}/token`, { schema: { tags, summary: 'Emite tokens (grant password ou refresh_token)' } }, async (req, reply) => {
    const body = req.body;
    const grant = campo(body, 'grant_type');
    if (grant !== 'password' && grant !== 'refresh_token')
      return oauthErro(reply, 400, 'unsupported_grant_type', 'Tipo de concessão não suportado.');
    if (campo(body, 'client_id') !== CLIENT_ID) return oauthErro(reply, 401, 'unauthorized_client', 'Cliente inválido.');

    if (grant === 'refresh_token') {
      const token = campo(body, 'refresh_token');
      if (!token) return oauthErro(reply, 400, 'invalid_request', 'O refresh_token é obrigatório.');
      const r = await rotacionar(db, token);
      if (!r.ok) {
        // A reused token or a disabled account revoked the session (committed by now).
        if (r.motivo === 'reuso' || r.motivo === 'desativado') app.esquecerSessoes();
        return oauthErro(reply, 400, 'invalid_grant', MSG_SESSAO);
      }
      return reply.header('cache-control', 'no-store').send(await tokensPara(req, r.usuario, r.sessao, r.refreshToken));
    }

    const email = campo(body, 'username')?.trim().toLowerCase();
    const senha = campo(body, 'password');
    if (!email || !senha || email.length > 320) return oauthErro(reply, 401, 'invalid_grant', MSG_CREDENCIAIS);
    if (throttle.conta.bloqueado(email) || throttle.ip.bloqueado(req.ip))
      return oauthErro(reply, 429, 'invalid_grant', MSG_TENTATIVAS);

    const [usuario] = await db.select().from(usuarios).where(eq(usuarios.email, email));
    const senhaOk = await verificarSenha(usuario?.senhaHash, senha);
    if (!usuario || !senhaOk || !usuario.ativo) {
      throttle.conta.falhou(email);
      throttle.ip.falhou(req.ip);
      return oauthErro(reply, 401, 'invalid_grant', MSG_CREDENCIAIS);
    }
    throttle.conta.limpar(email);
    const { sessao, refreshToken } = await abrirSessao(db, usuario.id, config.refreshTokenTtl);
    return reply.header('cache-control', 'no-store').send(await tokensPara(req, usuario, sessao, refreshToken));
  });

  async function userinfo(req: FastifyRequest, reply: FastifyReply) {
    const m = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
    const claims = m ? await keys.verify(m[1]).catch(() => null) : null;
    const [usuario] = claims ? await db.select().from(usuarios).where(eq(usuarios.id, claims.sub)) : [];
    if (!claims || !usuario?.ativo || !(await sessaoAberta(db, claims.sid))) {
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

  app.post(`${OIDC}/logout`, { schema: { tags, summary: 'Encerra a sessão do refresh token' } }, async (req, reply) => {
    const cliente = campo(req.body, 'client_id');
    if (cliente && cliente !== CLIENT_ID) return oauthErro(reply, 401, 'unauthorized_client', 'Cliente inválido.');
    const token = campo(req.body, 'refresh_token');
    if (token) {
      await revogarPorRefresh(db, token);
      app.esquecerSessoes();
    }
    return reply.code(204).send();
  });
}
