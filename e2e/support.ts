import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const ADMIN = { email: 'admin@e2e.local', senha: 'Admin#e2e1' };
export const MAIL_DIR = path.join(os.tmpdir(), 'ceasa-e2e-mail');

/**
 * Debts of the tax system the tests look up (parking and romaneio debt fields), loaded into the
 * `dividas` table by global-setup through the CSV import (`npm run dividas:import`) before the server starts.
 */
export const DIVIDAS_E2E = [
  { numero: 20259001, nomeContribuinte: 'Contribuinte E2E Ltda', valorPgto: '1.250,75' },
  { numero: 20259002, nomeContribuinte: 'Contribuinte Quitado E2E', valorPgto: '0,00' },
] as const;

/** A token for API set-up calls (the browser flow itself always goes through the screens). */
export async function tokenApi(request: APIRequestContext, email = ADMIN.email, senha = ADMIN.senha): Promise<string> {
  const r = await request.post('/realms/ceasa/protocol/openid-connect/token', {
    form: { grant_type: 'password', client_id: 'ceasa-web', username: email, password: senha },
  });
  expect(r.ok(), await r.text()).toBeTruthy();
  return (await r.json()).access_token;
}

/** Calls the API as the admin; throws with the server's message on failure. */
export async function apiAdmin<T = unknown>(request: APIRequestContext, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, data?: unknown): Promise<T> {
  const token = await tokenApi(request);
  const r = await request.fetch(`/api/${url}`, { method, data, headers: { authorization: `Bearer ${token}` } });
  if (!r.ok()) throw new Error(`${method} ${url}: ${r.status()} ${await r.text()}`);
  const text = await r.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Creates an account through the register endpoint and gives it roles as the super-admin would. */
export async function criarUsuario(request: APIRequestContext, roles: string[], nome = 'Usuário E2E') {
  const email = `u${Date.now()}${Math.floor(Math.random() * 1000)}@e2e.local`;
  const senha = 'Senha#123';
  const r = await request.post('/api/auth/register', { data: { nome, email, senha } });
  expect(r.status()).toBe(201);
  const { id } = await r.json();
  if (roles.length) await apiAdmin(request, 'PUT', `usuarios/${id}`, { roles });
  return { id, email, senha, nome };
}

export async function entrar(page: Page, email = ADMIN.email, senha = ADMIN.senha) {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha', { exact: true }).fill(senha);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login$/);
}

/** Mails received by the test SMTP server addressed to `to`, newest last. */
export function mailsPara(to: string): string[] {
  return readdirSync(MAIL_DIR)
    .sort()
    .map((f) => readFileSync(path.join(MAIL_DIR, f), 'utf8'))
    .filter((m) => m.toLowerCase().includes(to.toLowerCase()));
}

/** Decodes quoted-printable bodies enough to find links. */
export function textoDoEmail(eml: string): string {
  return eml.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
}

export async function toast(page: Page, texto: string | RegExp) {
  await expect(page.locator('.p-toast-message').filter({ hasText: texto }).first()).toBeVisible();
}

/** Picks `opcao` in the PrimeReact dropdown of the form field labelled `rotulo` (typing in its filter when it has one). */
export async function escolherOpcao(page: Page, rotulo: string, opcao: string | RegExp) {
  const campo = page.locator('.field').filter({ has: page.locator('label', { hasText: new RegExp(`^${rotulo.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  await campo.locator('.p-dropdown').click();
  const painel = page.locator('.p-dropdown-panel');
  const filtro = painel.locator('.p-dropdown-filter');
  if (typeof opcao === 'string' && (await filtro.count())) await filtro.fill(opcao);
  await painel.getByRole('option', { name: opcao }).first().click();
  await expect(painel).toBeHidden();
}

