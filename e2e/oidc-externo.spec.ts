import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { ARTEFATOS, expect, iniciarInstancia, pararInstancia, test } from './support';

/**
 * One product instance in external identity mode (OIDC_ISSUER) against ANOTHER product
 * instance acting as the provider (its built-in OpenID Connect provider, with OIDC_CLIENTS registering the
 * first as a public client): sign in in the browser on the provider's pt-BR page, land in the back office,
 * call the API, sign out (at the provider too). The provider listens on 127.0.0.2 so the two instances'
 * cookies (same names) stay apart, as on two hosts. Ports from E2E_PORT: +3 the client, +4 the provider.
 * (apps/api/test/oidc-externo.test.ts runs the same mode against a bare oidc-provider.)
 */
const PORTA_PRODUTO = E2E_PORT + 3;
const PORTA_PROVEDOR = E2E_PORT + 4;
const PRODUTO = `http://127.0.0.1:${PORTA_PRODUTO}`;
const PROVEDOR = `http://127.0.0.2:${PORTA_PROVEDOR}`;
const ISSUER = `${PROVEDOR}/realms/ceasa`;
/** The provider instance's first super-admin: the person who signs in at the client instance. */
const GESTOR = { email: 'gestor.externo@prefeitura.test', senha: 'Senha#no-provedor1' };
const CLIENTE = {
  client_id: 'ceasa-e2e-externo',
  redirect_uris: [`${PRODUTO}/api/auth/sessao/callback`],
  post_logout_redirect_uris: [`${PRODUTO}/`],
};

test.use({ baseURL: PRODUTO });
test.describe.configure({ mode: 'serial' });

const instancias: ChildProcess[] = [];
const pastas: string[] = [];

/** Starts one product instance exactly as `npm start` runs it, on a fresh embedded database. */
async function iniciar(porta: number, host: string, env: Record<string, string>) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-externo-'));
  pastas.push(dataDir);
  instancias.push(await iniciarInstancia({ porta, host, dataDir, env }));
}

test.beforeAll(async () => {
  await iniciar(PORTA_PROVEDOR, '127.0.0.2', { ADMIN_EMAIL: GESTOR.email, ADMIN_PASSWORD: GESTOR.senha, OIDC_CLIENTS: JSON.stringify([CLIENTE]) });
  await iniciar(PORTA_PRODUTO, '127.0.0.1', {
    OIDC_ISSUER: ISSUER,
    OIDC_CLIENT_ID: CLIENTE.client_id,
    // The provider instance's access tokens are for its API (aud = {its PUBLIC_URL}/api).
    OIDC_AUDIENCE: `${PROVEDOR}/api`,
  });
});

test.afterAll(async () => {
  for (const p of instancias) await pararInstancia(p);
  for (const d of pastas) rmSync(d, { recursive: true, force: true });
});

test('entra pelo provedor do município, chega ao painel, chama a API e sai também no provedor', async ({ page }) => {
  // /login sends the browser to the provider instance's own pt-BR sign-in page.
  await page.goto('/login');
  await expect(page).toHaveURL(new RegExp(`^${PROVEDOR}/login\\?interacao=`));
  await page.getByLabel('E-mail').fill(GESTOR.email);
  await page.getByLabel('Senha', { exact: true }).fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.getByText('Email ou senha inválido')).toBeVisible();
  await page.getByLabel('Senha', { exact: true }).fill(GESTOR.senha);
  await page.getByRole('button', { name: 'Entrar' }).click();

  // Back in this instance's back office, signed in as the provider's user with the claim's role (super-admin).
  await expect(page).toHaveURL(`${PRODUTO}/admin`);
  await expect(page.getByText('ADMINISTRADOR', { exact: true })).toBeVisible();

  // The screens call this instance's API with its session: the users' list shows the account the sign-in created.
  await page.goto('/usuarios');
  await expect(page.getByRole('cell', { name: GESTOR.email, exact: true })).toBeVisible();
  // Roles are still given here; passwords are the provider's: no reset e-mail button.
  await expect(page.getByRole('button', { name: `Editar perfis de ${GESTOR.email}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Enviar redefinição de senha para ${GESTOR.email}` })).toHaveCount(0);

  // Sign-out: this instance's session ends, then the provider's (with the ID token as hint it does not ask,
  // as Keycloak), back to PUBLIC_URL.
  const saidaNoProvedor = page.waitForRequest((r) => r.url().startsWith(`${ISSUER}/protocol/openid-connect/logout`) && r.isNavigationRequest());
  await page.getByRole('button', { name: 'Sair' }).click();
  const pedido = new URL((await saidaNoProvedor).url());
  expect(pedido.searchParams.get('id_token_hint')).toMatch(/^ey/);
  expect(pedido.searchParams.get('post_logout_redirect_uri')).toBe(`${PRODUTO}/`);
  await expect(page).toHaveURL(`${PRODUTO}/`);
  await expect(page.getByText('A entrada é pelo provedor de identidade do município.')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'oidc-externo-saiu.png') });
  const renovar = await page.request.post('/api/auth/sessao/refresh', { headers: { 'x-ceasa-csrf': '1', origin: PRODUTO } });
  expect(renovar.status()).toBe(401);

  // Signing in again asks for the password at the provider (its session ended too).
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${PROVEDOR}/login\\?interacao=`));
  await expect(page.getByLabel('Senha', { exact: true })).toBeVisible();
});

test("'Criar conta' e 'Esqueci minha senha' levam ao provedor; uma recusa volta com o motivo em pt-BR", async ({ page }) => {
  for (const rota of ['/register', '/reset']) {
    await page.goto(rota);
    await expect(page).toHaveURL(new RegExp(`^${PROVEDOR}/login\\?interacao=`));
  }
  await page.goto('/login?erro=cancelado');
  await expect(page.getByRole('alert')).toHaveText('A entrada foi cancelada no provedor de identidade.');
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/api/auth/sessao/entrar');
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/api/auth/sessao/entrar');
  await page.screenshot({ path: path.join(ARTEFATOS, 'oidc-externo-erro.png') });
  // A verified e-mail that already belongs to an account bound to another subject of the provider (decision 0156).
  await page.goto('/login?erro=email-em-uso');
  await expect(page.getByRole('alert')).toHaveText(
    'O seu e-mail já pertence a outro usuário deste sistema, ligado a outra conta do provedor de identidade. Favor entrar em contato com a TI da prefeitura.',
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'oidc-externo-email-em-uso.png') });
  // The built-in provider is off in this mode.
  const realm = await page.request.get('/realms/ceasa/.well-known/openid-configuration');
  expect(realm.status()).toBe(404);
});
