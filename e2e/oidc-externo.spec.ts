import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { E2E_PORT } from '../playwright.config';
import { iniciarProvedor, type ProvedorDeTeste } from '../apps/api/test/provedor-oidc';
import { expect, test } from './support';

/**
 * One product instance in external identity mode (OIDC_ISSUER) against an OpenID Connect provider no one here
 * wrote (a bare oidc-provider): sign in in the browser, land in the back office, call the API, sign out (at the
 * provider too). Ports from E2E_PORT: +3 the product in external mode, +4 the provider.
 */
const PORTA_PRODUTO = E2E_PORT + 3;
const PORTA_PROVEDOR = E2E_PORT + 4;
const PRODUTO = `http://127.0.0.1:${PORTA_PRODUTO}`;
const GESTOR = { email: 'gestor.externo@prefeitura.test', senha: 'senha-no-provedor', nome: 'Gestor Externo', roles: ['super-admin'] };

test.use({ baseURL: PRODUTO });
test.describe.configure({ mode: 'serial' });

let provedor: ProvedorDeTeste;
let produto: ChildProcess;
let dataDir: string;

test.beforeAll(async () => {
  provedor = await iniciarProvedor({
    porta: PORTA_PROVEDOR,
    // A public client: PKCE only, no secret (as a Keycloak client with client authentication off).
    cliente: { client_id: 'ceasa-e2e', redirect_uris: [`${PRODUTO}/api/auth/sessao/callback`], post_logout_redirect_uris: [`${PRODUTO}/`] },
    contas: [GESTOR],
  });
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-externo-'));
  produto = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
    cwd: path.resolve(import.meta.dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: '',
      PORT: String(PORTA_PRODUTO),
      HOST: '127.0.0.1',
      PUBLIC_URL: PRODUTO,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      OIDC_ISSUER: provedor.issuer,
      OIDC_CLIENT_ID: 'ceasa-e2e',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const inicio = Date.now();
  for (;;) {
    if (produto.exitCode !== null) throw new Error('O produto em modo externo terminou ao iniciar');
    if (
      await fetch(`${PRODUTO}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (Date.now() - inicio > 60_000) throw new Error('O produto em modo externo não respondeu em 60 s');
    await new Promise((r) => setTimeout(r, 250));
  }
});

test.afterAll(async () => {
  if (produto && produto.exitCode === null) {
    produto.kill('SIGTERM');
    await new Promise((r) => produto.once('exit', r));
  }
  await provedor?.fechar();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('entra pelo provedor do município, chega ao painel, chama a API e sai também no provedor', async ({ page }) => {
  // /login sends the browser to the provider's sign-in page.
  await page.goto('/login');
  await expect(page).toHaveURL(new RegExp(`^${provedor.issuer}/interaction/`));
  await page.getByLabel('E-mail').fill(GESTOR.email);
  await page.getByLabel('Senha').fill('senha-errada');
  await page.getByRole('button', { name: 'Entrar no provedor' }).click();
  await expect(page.getByRole('alert')).toHaveText('E-mail ou senha inválidos');
  await page.getByLabel('E-mail').fill(GESTOR.email);
  await page.getByLabel('Senha').fill(GESTOR.senha);
  await page.getByRole('button', { name: 'Entrar no provedor' }).click();

  // Back in the product's back office, signed in as the provider's user with the claim's role.
  await expect(page).toHaveURL(`${PRODUTO}/admin`);
  await expect(page.getByText(GESTOR.nome.toUpperCase())).toBeVisible();

  // The screens call the API with the session: the users' list shows the account the sign-in created.
  await page.goto('/usuarios');
  await expect(page.getByRole('cell', { name: GESTOR.email, exact: true })).toBeVisible();

  // Sign-out: the product's session ends, then the provider's own (its confirmation page), back to PUBLIC_URL.
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(new RegExp(`^${provedor.issuer}/session/end`));
  const saidas = provedor.saidas;
  await page.getByRole('button', { name: 'Sair do provedor' }).click();
  await expect(page).toHaveURL(`${PRODUTO}/`);
  expect(provedor.saidas).toBe(saidas + 1);
  await expect(page.getByText('A entrada é pelo provedor de identidade do município.')).toBeVisible();
  await page.screenshot({ path: '/tmp/h2-oidc-externo-saiu.png' });
  const renovar = await page.request.post('/api/auth/sessao/refresh', { headers: { 'x-ceasa-csrf': '1', origin: PRODUTO } });
  expect(renovar.status()).toBe(401);

  // Signing in again asks for the password at the provider (its session ended too).
  await page.getByRole('button', { name: 'Entrar', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`^${provedor.issuer}/interaction/`));
});

test("'Criar conta' e 'Esqueci minha senha' levam ao provedor; uma recusa volta com o motivo em pt-BR", async ({ page }) => {
  for (const rota of ['/register', '/reset']) {
    await page.goto(rota);
    await expect(page).toHaveURL(new RegExp(`^${provedor.issuer}/interaction/`));
  }
  await page.goto('/login?erro=cancelado');
  await expect(page.getByRole('alert')).toHaveText('A entrada foi cancelada no provedor de identidade.');
  await expect(page.getByRole('link', { name: 'Criar conta' })).toHaveAttribute('href', '/api/auth/sessao/entrar');
  await expect(page.getByRole('link', { name: 'Esqueci minha senha' })).toHaveAttribute('href', '/api/auth/sessao/entrar');
  await page.screenshot({ path: '/tmp/h2-oidc-externo-erro.png' });
  // The built-in provider is off in this mode.
  const realm = await page.request.get('/realms/ceasa/.well-known/openid-configuration');
  expect(realm.status()).toBe(404);
});
