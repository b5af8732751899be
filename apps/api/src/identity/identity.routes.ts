import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context';
import { usuarios } from '../db/schema';
import { accessToken, entrarComSenha, issuerDo, MSG_CREDENCIAIS } from './entrar';
import { ALG, CLIENT_ID, REALM } from './keys';
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

export function registerIdentity(app: FastifyInstance, ctx: AppContext) {
  const { db, config, keys } = ctx;
  const tags = ['Identidade'];
  const issuer = issuerDo(ctx);

  async function tokensPara(usuario: UsuarioRow, sessao: SessaoRow, refreshToken: string) {
    return {
      access_token: await accessToken(ctx, usuario, sessao),
      expires_in: config.accessTokenTtl,
      refresh_expires_in: Math.max(0, Math.floor((sessao.expiraEm.getTime() - Date.now()) / 1000)),
      refresh_token: refreshToken,
      token_type: 'Bearer',
      'not-before-policy': 0,
      session_state: sessao.id,
      scope: 'openid profile email',
    };
  }

  app.get(`${BASE}/.well-known/openid-configuration`, { schema: { tags, summary: 'Descoberta OpenID Connect' } }, async () => {
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
    if (grant !== 'password' && grant !== 'refresh_token') return oauthErro(reply, 400, 'unsupported_grant_type', 'Tipo de concessão não suportado.');
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
      return reply.header('cache-control', 'no-store').send(await tokensPara(r.usuario, r.sessao, r.refreshToken));
    }

    const r = await entrarComSenha(ctx, req.ip, campo(body, 'username'), campo(body, 'password'));
    if (!r.ok) {
      if (r.esperarSegundos) reply.header('retry-after', String(r.esperarSegundos));
      return oauthErro(reply, r.status, 'invalid_grant', r.message);
    }
    return reply.header('cache-control', 'no-store').send(await tokensPara(r.usuario, r.sessao, r.refreshToken));
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
