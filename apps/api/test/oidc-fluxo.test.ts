import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { eq } from 'drizzle-orm';
import { usuarios } from '../src/db/schema';
import { build } from './helpers';
import { Cookies, entrarPeloNavegador, ir, pedidoComPkce } from './oidc-apoio';

/** Ports of this file (helper H1's range): the product, and the (never contacted) clients' address. */
const PORTA = 3411;
const CLIENTE = 'http://127.0.0.1:3412';
const ISSUER = `http://127.0.0.1:${PORTA}/realms/ceasa`;
const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const SEGREDO = 'segredo-do-bi-com-mais-de-32-caracteres!';

let app: FastifyInstance;
beforeAll(async () => {
  app = await build({
    host: '127.0.0.1',
    port: PORTA,
    oidcClients: [
      { client_id: 'bi-prefeitura', client_secret: SEGREDO, redirect_uris: [`${CLIENTE}/cb`], post_logout_redirect_uris: [`${CLIENTE}/saiu`] },
      { client_id: 'app-feira', redirect_uris: [`${CLIENTE}/cb`], post_logout_redirect_uris: [`${CLIENTE}/saiu`] },
    ],
  });
  await app.listen({ host: '127.0.0.1', port: PORTA });
});
afterAll(() => app?.close());

const descobrir = (clientId: string, segredo?: string) =>
  oidc.discovery(new URL(ISSUER), clientId, undefined, segredo ? oidc.ClientSecretBasic(segredo) : oidc.None(), { execute: [oidc.allowInsecureRequests] });

const chamarApi = (token: string) => fetch(`http://127.0.0.1:${PORTA}/api/municipio`, { headers: { authorization: `Bearer ${token}` } });

/** The whole code + PKCE flow, as a relying party and a browser do it. */
async function entrar(config: oidc.Configuration, cookies = new Cookies()) {
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const { url, verifier } = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid profile email api', { nonce, state });
  expect(url.href.startsWith(`${ISSUER}/protocol/openid-connect/auth?`)).toBe(true);
  const { retorno } = await entrarPeloNavegador(url, ADMIN.email, ADMIN.senha, cookies);
  expect(retorno!.origin + retorno!.pathname).toBe(`${CLIENTE}/cb`);
  const tokens = await oidc.authorizationCodeGrant(config, retorno!, { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
  return { tokens, nonce, cookies };
}

describe('discovery', () => {
  it('lists the standard endpoints at Keycloak paths, and only what is supported', async () => {
    const r = await fetch(`${ISSUER}/.well-known/openid-configuration`);
    expect(r.status).toBe(200);
    const d = (await r.json()) as Record<string, string[]> & Record<string, unknown>;
    const o = `${ISSUER}/protocol/openid-connect`;
    expect(d).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${o}/auth`,
      token_endpoint: `${o}/token`,
      userinfo_endpoint: `${o}/userinfo`,
      jwks_uri: `${o}/certs`,
      revocation_endpoint: `${o}/revoke`,
      end_session_endpoint: `${o}/logout`,
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
      id_token_signing_alg_values_supported: ['ES256'],
      scopes_supported: ['openid', 'profile', 'email', 'api'],
    });
    // Advertised only what works end to end: no pushed authorization requests, no DPoP (the API checks no proof).
    expect(d.pushed_authorization_request_endpoint).toBeUndefined();
    expect(d.require_pushed_authorization_requests).toBeUndefined();
    expect(d.dpop_signing_alg_values_supported).toBeUndefined();
    expect([...d.grant_types_supported].sort()).toEqual(['authorization_code', 'password', 'refresh_token']);
    expect(d.token_endpoint_auth_methods_supported.sort()).toEqual(['client_secret_basic', 'client_secret_post', 'none']);
    expect(d.introspection_endpoint).toBeUndefined();
    expect(d.registration_endpoint).toBeUndefined();
  });
});

describe.each([
  ['confidential', 'bi-prefeitura', SEGREDO],
  ['public (PKCE)', 'app-feira', undefined],
])('authorization code flow, %s client, driven by openid-client', (_nome, clientId, segredo) => {
  it('signs in through the product page and gets ID token, userinfo, API access, refresh, revocation', async () => {
    const config = await descobrir(clientId, segredo);
    const { tokens, nonce } = await entrar(config);
    expect(tokens.token_type.toLowerCase()).toBe('bearer');
    expect(tokens.refresh_token).toBeTruthy();
    const id = tokens.claims()!;
    expect(id).toMatchObject({ iss: ISSUER, aud: clientId, email: ADMIN.email, name: 'Administrador', nonce });

    // The access token is a JWT for the product's API, carrying what plugins/auth.ts needs.
    const [, corpo] = tokens.access_token.split('.');
    const at = JSON.parse(Buffer.from(corpo, 'base64url').toString());
    expect(at).toMatchObject({ iss: ISSUER, aud: `http://127.0.0.1:${PORTA}/api`, sub: id.sub, typ: 'Bearer', email: ADMIN.email, client_id: clientId });
    expect(at.scope).toBe('api');
    expect(at.exp - at.iat).toBe(300);
    expect(at.realm_access.roles).toEqual(['super-admin']);

    const ui = await oidc.fetchUserInfo(config, tokens.access_token, id.sub);
    expect(ui).toMatchObject({ sub: id.sub, email: ADMIN.email, name: 'Administrador' });
    expect((await chamarApi(tokens.access_token)).status).toBe(200);

    // Refresh rotates; the old refresh token used again revokes the grant and the session.
    const novos = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
    expect(novos.refresh_token).toBeTruthy();
    expect(novos.refresh_token).not.toBe(tokens.refresh_token);
    expect((await chamarApi(novos.access_token)).status).toBe(200);
    const reuso = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch((e: oidc.ResponseBodyError) => e);
    expect(reuso).toBeInstanceOf(oidc.ResponseBodyError);
    expect((reuso as oidc.ResponseBodyError).error).toBe('invalid_grant');
    expect((reuso as oidc.ResponseBodyError).status).toBe(400);
    expect((await chamarApi(novos.access_token)).status).toBe(401);
    const depois = await oidc.refreshTokenGrant(config, novos.refresh_token!).catch((e: oidc.ResponseBodyError) => e);
    expect((depois as oidc.ResponseBodyError).error).toBe('invalid_grant');

    // Revocation of a refresh token ends its session (a new sign-in, in a new browser). An access token is a
    // JWT: the library refuses to revoke it (unsupported_token_type), it ends with its session.
    const outra = await entrar(config);
    expect((await chamarApi(outra.tokens.access_token)).status).toBe(200);
    const jwt = await oidc.tokenRevocation(config, outra.tokens.access_token).catch((e: oidc.ResponseBodyError) => e);
    expect((jwt as oidc.ResponseBodyError).error).toBe('unsupported_token_type');
    expect((jwt as oidc.ResponseBodyError).status).toBe(400);
    expect((await chamarApi(outra.tokens.access_token)).status).toBe(200);
    await oidc.tokenRevocation(config, outra.tokens.refresh_token!, { token_type_hint: 'refresh_token' });
    const revogado = await oidc.refreshTokenGrant(config, outra.tokens.refresh_token!).catch((e: oidc.ResponseBodyError) => e);
    expect((revogado as oidc.ResponseBodyError).error).toBe('invalid_grant');
    expect((await chamarApi(outra.tokens.access_token)).status).toBe(401);
    const ui2 = await fetch(`${ISSUER}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${outra.tokens.access_token}` } });
    expect(ui2.status).toBe(401);
  });

  it('ends the session by RP-initiated logout (GET with id_token_hint and post_logout_redirect_uri)', async () => {
    const config = await descobrir(clientId, segredo);
    const { tokens, cookies } = await entrar(config);
    const sair = oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: `${CLIENTE}/saiu`, state: 'st' });
    expect(sair.pathname).toBe('/realms/ceasa/protocol/openid-connect/logout');
    const pagina = await ir(sair, cookies);
    expect(pagina.status).toBe(200);
    const html = await pagina.text();
    // With the hint the page sends its form by itself (a script of this server, as the CSP wants).
    expect(html).toContain('Saindo do CEASA Regional…');
    expect(html).toContain('<script src="/realms/ceasa/sair.js"></script>');
    expect(await (await fetch(`${ISSUER}/sair.js`)).text()).toContain("document.getElementById('op.logoutForm').submit()");
    const acao = /action="([^"]+)"/.exec(html)![1];
    const campos = Object.fromEntries([...html.matchAll(/<input type="hidden" name="(\w+)" value="([^"]+)"/g)].map((m) => [m[1], m[2]]));
    expect(campos.logout).toBe('yes');
    const fim = await ir(new URL(acao, ISSUER), cookies, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(campos).toString(),
    });
    expect(fim.status).toBe(303);
    expect(fim.headers.get('location')).toBe(`${CLIENTE}/saiu?state=st`);
    expect((await chamarApi(tokens.access_token)).status).toBe(401);
    const r = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch((e: oidc.ResponseBodyError) => e);
    expect((r as oidc.ResponseBodyError).error).toBe('invalid_grant');
  });
});

describe('logout without id_token_hint', () => {
  it('asks the person to confirm', async () => {
    const config = await descobrir('app-feira');
    const { cookies } = await entrar(config);
    const pagina = await ir(oidc.buildEndSessionUrl(config, { client_id: 'app-feira', post_logout_redirect_uri: `${CLIENTE}/saiu` }), cookies);
    expect(pagina.status).toBe(200);
    const html = await pagina.text();
    expect(html).toContain('Deseja sair do CEASA Regional?');
    expect(html).not.toContain('<script');
  });
});

describe('refusals', () => {
  it.each([
    ['public', 'app-feira', undefined],
    ['confidential', 'bi-prefeitura', SEGREDO],
  ])('refuses a %s client without PKCE, back at its redirect URI', async (_tipo, clientId, segredo) => {
    const config = await descobrir(clientId, segredo);
    const url = oidc.buildAuthorizationUrl(config, { redirect_uri: `${CLIENTE}/cb`, scope: 'openid', state: 's1' });
    const r = await ir(url, new Cookies());
    expect(r.status).toBe(303);
    const volta = new URL(r.headers.get('location')!);
    expect(volta.origin + volta.pathname).toBe(`${CLIENTE}/cb`);
    expect(volta.searchParams.get('error')).toBe('invalid_request');
    expect(volta.searchParams.get('state')).toBe('s1');
  });

  it('answers unknown paths, missing parameters and a logout without session in pt-BR', async () => {
    const nada = await fetch(`${ISSUER}/nada`);
    expect(nada.status).toBe(404);
    expect(await nada.json()).toEqual({ status: 404, error: 'Not Found', message: 'Recurso não encontrado' });
    const semCodigo = await fetch(`${ISSUER}/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'authorization_code', client_id: 'app-feira' }).toString(),
    });
    expect(semCodigo.status).toBe(400);
    expect(((await semCodigo.json()) as { message: string }).message).toBe("Pedido inválido: falta o parâmetro 'code'.");
    const json = await fetch(`${ISSUER}/protocol/openid-connect/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"token":"x"}',
    });
    expect(((await json.json()) as { message: string }).message).toBe('Pedido inválido: envie o corpo como application/x-www-form-urlencoded.');
    const sair = await fetch(`${ISSUER}/protocol/openid-connect/logout`);
    expect(sair.status).toBe(200);
    const html = await sair.text();
    expect(html).toContain('<html lang="pt-BR">');
    expect(html).toContain('Seu navegador não executa JavaScript: continue pelo botão.');
    expect(html).not.toMatch(/Submitting|Your browser|>Continue</);
  });

  it('refuses a redirect URI not registered, with a pt-BR page', async () => {
    const config = await descobrir('app-feira');
    const url = oidc.buildAuthorizationUrl(config, {
      redirect_uri: 'https://mal.exemplo/cb',
      scope: 'openid',
      code_challenge: 'x'.repeat(43),
      code_challenge_method: 'S256',
    });
    const r = await ir(url, new Cookies());
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain('Endereço de retorno (redirect_uri) não cadastrado para este cliente.');
  });

  it('answers a wrong password on the sign-in page as every sign-in does, and lets the right one through', async () => {
    const config = await descobrir('app-feira');
    const { url } = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid');
    const errada = await entrarPeloNavegador(url, ADMIN.email, 'errada');
    expect(errada.recusa).toEqual({ status: 401, message: 'Email ou senha inválido' });
  });

  it('throttles the sign-in page like every sign-in, and refuses an expired request and a cross-site post in pt-BR', async () => {
    const email = 'cobicado@teste.local';
    const reg = await fetch(`http://127.0.0.1:${PORTA}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Cobiçado', email, senha: 'senha-do-cobicado-1' }),
    });
    expect(reg.status).toBe(201);
    const config = await descobrir('app-feira');
    const pedido = async () => (await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid')).url;
    for (let i = 0; i < 5; i++) expect((await entrarPeloNavegador(await pedido(), email, `chute-${i}`)).recusa?.status).toBe(401);
    expect((await entrarPeloNavegador(await pedido(), email, 'senha-do-cobicado-1')).recusa).toEqual({
      status: 429,
      message: 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.',
    });

    const semCookie = await fetch(`http://127.0.0.1:${PORTA}/realms/ceasa/interacao/qualquer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-ceasa-csrf': '1', origin: `http://127.0.0.1:${PORTA}` },
      body: JSON.stringify({ email: ADMIN.email, senha: ADMIN.senha }),
    });
    expect(semCookie.status).toBe(400);
    expect(((await semCookie.json()) as { message: string }).message).toBe(
      'Este pedido de entrada expirou ou não é mais válido. Volte ao sistema de origem e tente novamente.',
    );
    const deOutroSite = await fetch(`http://127.0.0.1:${PORTA}/realms/ceasa/interacao/qualquer/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://mal.exemplo' },
      body: JSON.stringify({ email: ADMIN.email, senha: ADMIN.senha }),
    });
    expect(deOutroSite.status).toBe(400);
    expect(((await deOutroSite.json()) as { message: string }).message).toBe('Requisição recusada: ela não veio das telas do sistema.');
  });

  it('refuses the refresh of a disabled account, and its tokens at the API', async () => {
    const email = 'desativado@teste.local';
    const senha = 'senha-do-desativado-1';
    const reg = await fetch(`http://127.0.0.1:${PORTA}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ nome: 'Desativado', email, senha }),
    });
    expect(reg.status).toBe(201);
    const config = await descobrir('app-feira');
    const { url, verifier } = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid email');
    const { retorno } = await entrarPeloNavegador(url, email, senha);
    const tokens = await oidc.authorizationCodeGrant(config, retorno!, { pkceCodeVerifier: verifier });
    const ui = await fetch(`${ISSUER}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ui.status).toBe(200);
    // Only the account is switched off here (no session revoked): the account's state alone must stop it.
    await app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, email));
    app.esquecerSessoes();
    const r = await oidc.refreshTokenGrant(config, tokens.refresh_token!).catch((e: oidc.ResponseBodyError) => e);
    expect((r as oidc.ResponseBodyError).error).toBe('invalid_grant');
    const depois = await fetch(`${ISSUER}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(depois.status).toBe(401);
  });

  it('gives a token asked with scope=openid alone to userinfo, not to the API (pt-BR 403)', async () => {
    const config = await descobrir('bi-prefeitura', SEGREDO);
    const { url, verifier } = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid email');
    const { retorno } = await entrarPeloNavegador(url, ADMIN.email, ADMIN.senha);
    const tokens = await oidc.authorizationCodeGrant(config, retorno!, { pkceCodeVerifier: verifier });
    const ui = await fetch(`${ISSUER}/protocol/openid-connect/userinfo`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(ui.status).toBe(200);
    expect(((await ui.json()) as { email: string }).email).toBe(ADMIN.email);
    for (const caminho of ['/api/romaneio', '/api/municipio', '/api/auth/sessao/eu']) {
      const r = await fetch(`http://127.0.0.1:${PORTA}${caminho}`, { headers: { authorization: `Bearer ${tokens.access_token}` } });
      expect(r.status, caminho).toBe(403);
      expect(((await r.json()) as { message: string }).message).toBe(
        'Este token não dá acesso à API do CEASA Regional: o sistema que o pediu precisa do escopo api.',
      );
    }
    // The same client, asking for api as well, reaches the API.
    const comApi = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid email api');
    const volta = await entrarPeloNavegador(comApi.url, ADMIN.email, ADMIN.senha);
    const novos = await oidc.authorizationCodeGrant(config, volta.retorno!, { pkceCodeVerifier: comApi.verifier });
    expect((await fetch(`http://127.0.0.1:${PORTA}/api/romaneio`, { headers: { authorization: `Bearer ${novos.access_token}` } })).status).toBe(200);
  });

  it('refuses a code exchange with a wrong verifier and a wrong client secret (standard errors, pt-BR text)', async () => {
    const config = await descobrir('bi-prefeitura', SEGREDO);
    const { url, verifier } = await pedidoComPkce(config, `${CLIENTE}/cb`, 'openid');
    const { retorno } = await entrarPeloNavegador(url, ADMIN.email, ADMIN.senha);
    const code = retorno!.searchParams.get('code')!;
    const trocar = (auth: string, v: string) =>
      fetch(`${ISSUER}/protocol/openid-connect/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: `Basic ${Buffer.from(auth).toString('base64')}` },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: `${CLIENTE}/cb`, code_verifier: v }).toString(),
      });
    const segredoErrado = await trocar('bi-prefeitura:outro-segredo-qualquer-de-32-caracteres', verifier);
    expect(segredoErrado.status).toBe(401);
    expect(await segredoErrado.json()).toEqual({
      error: 'invalid_client',
      error_description: 'Cliente inválido ou não autenticado.',
      message: 'Cliente inválido ou não autenticado.',
    });
    const verificadorErrado = await trocar(`bi-prefeitura:${SEGREDO}`, oidc.randomPKCECodeVerifier());
    expect(verificadorErrado.status).toBe(400);
    expect(((await verificadorErrado.json()) as { error: string }).error).toBe('invalid_grant');
  });
});
