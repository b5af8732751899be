import { desc } from 'drizzle-orm';
import { decodeJwt, importJWK, SignJWT, type JWK, type JWTPayload } from 'jose';
import { describe, expect, it } from 'vitest';
import { enderecoPublico } from '../src/config';
import { chaves, sessoes, usuarios } from '../src/db/schema';
import { appDeTeste, call } from './helpers';

/**
 * Every access token of the realm carries iss, aud, exp and iat, and the API refuses one signed with the realm's
 * own key that lacks exp, lives longer than ACCESS_TOKEN_TTL, or names another issuer or audience.
 */
const t = appDeTeste({ tokens: [] });
const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const base = () => enderecoPublico(t.app.ctx.config);

/** A token minted with the realm's private key (as someone holding it would), for a fresh super-admin session. */
async function cunhar(ajustar: (j: SignJWT, agora: number) => SignJWT, extra: JWTPayload = {}, comIat = true) {
  const [chave] = await t.app.ctx.db.select().from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
  const privada = await importJWK(chave.privada as JWK, 'ES256');
  const [u] = await t.app.ctx.db
    .insert(usuarios)
    .values({ nome: 'Cunhado', email: `cunhado-${crypto.randomUUID().slice(0, 8)}@teste.local`, senhaHash: 'x', roles: ['super-admin'] })
    .returning();
  const [s] = await t.app.ctx.db
    .insert(sessoes)
    .values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) })
    .returning();
  const agora = Math.floor(Date.now() / 1000);
  const j = new SignJWT({
    sub: u.id,
    email: u.email,
    name: u.nome,
    sid: s.id,
    realm_access: { roles: ['super-admin'] },
    typ: 'Bearer',
    scope: 'openid api',
    ...extra,
  }).setProtectedHeader({ alg: 'ES256', kid: chave.kid, typ: 'JWT' });
  return ajustar(comIat ? j.setIssuedAt(agora) : j, agora).sign(privada);
}
const completo = (j: SignJWT, agora: number) =>
  j
    .setIssuer(`${base()}/realms/ceasa`)
    .setAudience(`${base()}/api`)
    .setExpirationTime(agora + 300);
const chamar = (token: string) => call(t.app, token, { method: 'GET', url: '/api/romaneio' });
const userinfo = (token: string) => call(t.app, token, { method: 'GET', url: '/realms/ceasa/protocol/openid-connect/userinfo' });

describe('tokens minted with the realm key', () => {
  it('accepts a complete one (iss, aud, iat, exp within ACCESS_TOKEN_TTL)', async () => {
    const token = await cunhar(completo);
    expect((await chamar(token)).status).toBe(200);
    expect((await userinfo(token)).status).toBe(200);
  });

  it.each([
    ['without exp', (j: SignJWT) => j.setIssuer(`${base()}/realms/ceasa`).setAudience(`${base()}/api`)],
    ['with exp a hundred years ahead', (j: SignJWT, agora: number) => completo(j, agora).setExpirationTime(agora + 100 * 365 * 86_400)],
    ['valid a minute longer than ACCESS_TOKEN_TTL', (j: SignJWT, agora: number) => completo(j, agora).setExpirationTime(agora + 300 + 120)],
    [
      'issued in the future',
      (j: SignJWT, agora: number) =>
        completo(j, agora)
          .setIssuedAt(agora + 3600)
          .setExpirationTime(agora + 3700),
    ],
    ['with another iss', (j: SignJWT, agora: number) => completo(j, agora).setIssuer('https://outro.exemplo/realms/ceasa')],
    ['with another aud', (j: SignJWT, agora: number) => completo(j, agora).setAudience('https://outro.exemplo/api')],
    ['without aud', (j: SignJWT, agora: number) => j.setIssuer(`${base()}/realms/ceasa`).setExpirationTime(agora + 300)],
    ['without iss', (j: SignJWT, agora: number) => j.setAudience(`${base()}/api`).setExpirationTime(agora + 300)],
  ])('refuses one %s with the pt-BR 401, at the API and at userinfo', async (_caso, ajustar) => {
    const token = await cunhar(ajustar);
    const r = await chamar(token);
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/[ãéí]/);
    expect((await userinfo(token)).status).toBe(401);
  });

  it('refuses one without iat', async () => {
    const token = await cunhar(completo, {}, false);
    expect(decodeJwt(token).iat).toBeUndefined();
    expect((await chamar(token)).status).toBe(401);
  });

  it('keeps a complete token without the api scope out of the API (pt-BR 403), but not out of userinfo', async () => {
    const token = await cunhar(completo, { scope: 'openid email' });
    const r = await chamar(token);
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Este token não dá acesso à API do CEASA Regional: o sistema que o pediu precisa do escopo api.');
    expect((await userinfo(token)).status).toBe(200);
  });
});

describe('tokens the realm issues', () => {
  const CSRF = () => ({ 'x-ceasa-csrf': '1', origin: base() });
  const esperado = () => ({ iss: `${base()}/realms/ceasa`, aud: `${base()}/api`, azp: 'ceasa-web', typ: 'Bearer' });
  const confere = (token: string) => {
    const c = decodeJwt(token);
    expect(c).toMatchObject(esperado());
    expect(c.exp! - c.iat!).toBe(t.app.ctx.config.accessTokenTtl);
    expect(String(c.scope).split(' ')).toContain('api');
  };

  it('password and refresh grants of ceasa-web: iss, aud, exp, iat; the answer keeps its fields', async () => {
    const senha = await call(t.app, null, {
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: ADMIN.email, password: ADMIN.senha }).toString(),
      remoteAddress: '10.29.0.1',
    });
    expect(senha.status).toBe(200);
    expect(Object.keys(senha.body).sort()).toEqual([
      'access_token',
      'expires_in',
      'not-before-policy',
      'refresh_expires_in',
      'refresh_token',
      'scope',
      'session_state',
      'token_type',
    ]);
    confere(senha.body.access_token);
    const renovado = await call(t.app, null, {
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token: senha.body.refresh_token }).toString(),
    });
    expect(renovado.status).toBe(200);
    confere(renovado.body.access_token);
    expect((await chamar(renovado.body.access_token)).status).toBe(200);
  });

  it("the web app's own sign-in and refresh: the same claims", async () => {
    const r = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/sessao/login',
      headers: CSRF(),
      payload: { email: ADMIN.email, senha: ADMIN.senha },
      remoteAddress: '10.29.0.2',
    });
    expect(r.status).toBe(200);
    confere(r.body.access_token);
    const cookie = /ceasa_refresh=([^;]*)/.exec([r.headers['set-cookie']].flat().join('\n'))![1];
    const n = await call(t.app, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: { ...CSRF(), cookie: `ceasa_refresh=${cookie}` } });
    expect(n.status).toBe(200);
    confere(n.body.access_token);
  });
});
