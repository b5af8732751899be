import { createServer, type Server } from 'node:http';
import path from 'node:path';
import type { Page } from '@playwright/test';
import * as oidc from 'openid-client';
import { E2E_PORT } from '../playwright.config';
import { ADMIN, ARTEFATOS, CLIENTE_OIDC, expect, PORTA_CLIENTE_OIDC, test } from './support';

const BASE = `http://127.0.0.1:${E2E_PORT}`;
const ISSUER = `${BASE}/realms/ceasa`;
const [CALLBACK] = CLIENTE_OIDC.redirect_uris;
const [SAIU] = CLIENTE_OIDC.post_logout_redirect_uris;

/** The other system's pages: a tiny listener at its redirect URIs (it only has to answer). */
let cliente: Server;
test.beforeAll(async () => {
  cliente = createServer((_req, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>Outro sistema</title><p>ok</p>'),
  );
  await new Promise<void>((r) => cliente.listen(PORTA_CLIENTE_OIDC, '127.0.0.1', () => r()));
});
test.afterAll(() => new Promise<void>((r) => cliente.close(() => r())));

const chamarApi = (token: string) => fetch(`${BASE}/api/municipio`, { headers: { authorization: `Bearer ${token}` } });

/** openid-client builds the authorization URL; the person signs in on the product's pt-BR page; the code comes back. */
async function entrarPeloOutroSistema(page: Page, config: oidc.Configuration) {
  const verifier = oidc.randomPKCECodeVerifier();
  const nonce = oidc.randomNonce();
  const state = oidc.randomState();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: CALLBACK,
    scope: 'openid profile email api',
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    nonce,
    state,
  });
  await page.goto(url.href);
  await expect(page).toHaveURL(/\/login\?interacao=/);
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill(ADMIN.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await page.waitForURL(`${CALLBACK}?**`);
  const tokens = await oidc.authorizationCodeGrant(config, new URL(page.url()), { pkceCodeVerifier: verifier, expectedNonce: nonce, expectedState: state });
  return { tokens, nonce };
}

test('outro sistema: entra pelo provedor do sistema (código + PKCE, openid-client), usa a API, renova, revoga e sai', async ({ page }) => {
  const config = await oidc.discovery(new URL(ISSUER), CLIENTE_OIDC.client_id, undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });

  // A wrong password on the same page answers as every sign-in does.
  await page.goto(
    oidc.buildAuthorizationUrl(config, {
      redirect_uri: CALLBACK,
      scope: 'openid',
      code_challenge: await oidc.calculatePKCECodeChallenge(oidc.randomPKCECodeVerifier()),
      code_challenge_method: 'S256',
    }).href,
  );
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha inválido')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'oidc-login.png') });

  const { tokens, nonce } = await entrarPeloOutroSistema(page, config);
  const id = tokens.claims()!;
  expect(id).toMatchObject({ iss: ISSUER, aud: CLIENTE_OIDC.client_id, email: ADMIN.email, nonce });
  expect(id.name).toBeTruthy();
  expect(await oidc.fetchUserInfo(config, tokens.access_token, id.sub)).toMatchObject({ sub: id.sub, email: ADMIN.email });
  expect((await chamarApi(tokens.access_token)).status).toBe(200);

  const renovados = await oidc.refreshTokenGrant(config, tokens.refresh_token!);
  expect(renovados.refresh_token).not.toBe(tokens.refresh_token);
  expect((await chamarApi(renovados.access_token)).status).toBe(200);

  // RP-initiated logout in the browser: with the ID token as hint the product signs out and goes back by itself.
  await page.goto(oidc.buildEndSessionUrl(config, { id_token_hint: tokens.id_token!, post_logout_redirect_uri: SAIU }).href);
  await page.waitForURL(`${SAIU}**`);
  await expect.poll(async () => (await chamarApi(renovados.access_token)).status).toBe(401);
  await expect(oidc.refreshTokenGrant(config, renovados.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

  // Signed out: the next sign-in asks for the password again; revoking its refresh token ends that session.
  const outra = await entrarPeloOutroSistema(page, config);
  expect((await chamarApi(outra.tokens.access_token)).status).toBe(200);
  await oidc.tokenRevocation(config, outra.tokens.refresh_token!, { token_type_hint: 'refresh_token' });
  await expect.poll(async () => (await chamarApi(outra.tokens.access_token)).status).toBe(401);
  await expect(oidc.refreshTokenGrant(config, outra.tokens.refresh_token!)).rejects.toMatchObject({ error: 'invalid_grant' });

  // Without a hint the person is asked, and confirms with the button.
  await page.goto(oidc.buildEndSessionUrl(config, { client_id: CLIENTE_OIDC.client_id, post_logout_redirect_uri: SAIU }).href);
  await expect(page.getByText('Deseja sair do CEASA Regional?')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'oidc-sair.png') });
  await page.getByRole('button', { name: 'Sair' }).click();
  await page.waitForURL(`${SAIU}**`);
});
