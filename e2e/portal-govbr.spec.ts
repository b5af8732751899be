import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MENSAGENS_GOVBR } from '@ceasa/shared/portal-textos';
import { CLIENTE_GOVBR_FALSO, iniciarGovbrFalso, type GovbrFalso } from '../apps/api/test/govbr-falso';
import { E2E_PORT } from '../playwright.config';
import { cpfUnico, produtor } from './fabricas';
import { ADMIN, ARTEFATOS, expect, iniciarInstancia, pararInstancia, test, violacoesGraves } from './support';

/**
 * 'Entrar com gov.br' in the producers' portal, on a phone, against the fake gov.br (apps/api/test/govbr-falso.ts: the
 * person types a CPF): a product instance of its own with GOVBR_* set and PORTAL_NIVEL_MINIMO=prata (ports from
 * E2E_PORT: +3 the instance, +6 the fake gov.br). A prata account whose CPF is a producer's lands signed in the portal
 * and signs out at gov.br too; a bronze one comes back to the sign-in, which says why in pt-BR.
 */
const PORTA_PRODUTO = E2E_PORT + 3;
const PORTA_GOVBR = E2E_PORT + 6;
const PRODUTO = `http://127.0.0.1:${PORTA_PRODUTO}`;

test.use({ baseURL: PRODUTO, viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true });
test.describe.configure({ mode: 'serial' });

const CPF_PRATA = cpfUnico();
const CPF_BRONZE = cpfUnico();
let govbr: GovbrFalso;
let instancia: ChildProcess | undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-e2e-govbr-'));

test.beforeAll(async () => {
  govbr = await iniciarGovbrFalso({
    porta: PORTA_GOVBR,
    redirectUri: `${PRODUTO}/api/portal/govbr/retorno`,
    postLogoutRedirectUri: `${PRODUTO}/portal`,
    contas: [
      { cpf: CPF_PRATA, nivel: 'prata', email: 'prata@govbr.test', nome: 'Nome no gov.br Prata' },
      { cpf: CPF_BRONZE, nivel: 'bronze', email: 'bronze@govbr.test', nome: 'Nome no gov.br Bronze' },
    ],
  });
  instancia = await iniciarInstancia({
    porta: PORTA_PRODUTO,
    dataDir,
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.senha,
      GOVBR_ISSUER: govbr.issuer,
      GOVBR_CLIENT_ID: CLIENTE_GOVBR_FALSO.clientId,
      GOVBR_CLIENT_SECRET: CLIENTE_GOVBR_FALSO.clientSecret,
      PORTAL_NIVEL_MINIMO: 'prata',
    },
  });
});

test.afterAll(async () => {
  if (instancia) await pararInstancia(instancia);
  await govbr?.fechar();
  rmSync(dataDir, { recursive: true, force: true });
});

/** From /portal through the fake gov.br's page, typing `cpf` there. */
async function entrarComGovbr(page: import('@playwright/test').Page, cpf: string) {
  await page.goto('/portal');
  await page.getByRole('link', { name: 'Entrar com gov.br' }).click();
  await expect(page).toHaveURL(new RegExp(`^${govbr.issuer}/`));
  await page.getByLabel('CPF').fill(cpf);
  await page.getByRole('button', { name: 'Entrar com gov.br' }).click();
}

test('uma conta gov.br prata cujo CPF é de um produtor entra no portal, e sair encerra também no gov.br', async ({ page, request }) => {
  const maria = await produtor(request, { nome: 'Maria do Gov Prata', cpfcnpj: CPF_PRATA });
  await entrarComGovbr(page, CPF_PRATA);
  await expect(page).toHaveURL(`${PRODUTO}/portal`);
  // His name is the market's record of him, not gov.br's.
  await expect(page.getByText(`Olá, ${maria.nome}`)).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Seções do portal' })).toBeVisible();
  expect(await violacoesGraves(page)).toEqual([]);
  await page.screenshot({ path: path.join(ARTEFATOS, 'portal-govbr-prata.png'), fullPage: true });

  // Sair: the portal's session ends, then gov.br's (its own page asks), and the browser comes back to /portal.
  const saidas = govbr.saidas;
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(new RegExp(`^${govbr.issuer}/`));
  await page.getByRole('button', { name: 'Sair do gov.br' }).click();
  await expect(page).toHaveURL(`${PRODUTO}/portal`);
  await expect(page.getByLabel('E-mail', { exact: true })).toBeVisible();
  expect(govbr.saidas).toBe(saidas + 1);
  const renovar = await page.request.post('/api/portal/sessao/refresh', { headers: { 'x-ceasa-csrf': '1', origin: PRODUTO } });
  expect(renovar.status()).toBe(401);
});

test('uma conta gov.br bronze volta à entrada do portal, que diz o nível pedido e como aumentá-lo', async ({ page, request }) => {
  await produtor(request, { nome: 'João do Gov Bronze', cpfcnpj: CPF_BRONZE });
  await entrarComGovbr(page, CPF_BRONZE);
  await expect(page).toHaveURL(/\/portal\?govbr=nivel/);
  await expect(page.getByRole('alert')).toHaveText(MENSAGENS_GOVBR.nivel('bronze', 'prata'));
  await expect(page.getByRole('navigation', { name: 'Seções do portal' })).toHaveCount(0);
  expect(await violacoesGraves(page)).toEqual([]);
  const excesso = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(excesso).toBeLessThanOrEqual(0);
  await page.screenshot({ path: path.join(ARTEFATOS, 'portal-govbr-bronze.png'), fullPage: true });
});
