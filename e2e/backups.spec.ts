import { existsSync } from 'node:fs';
import { apiAdmin, entrar, expect, linhas, semViolacoesGraves, test, toast } from './support';

/**
 * The super-admin's 'Backups' screen, from the menu: the backups' runs (no 'Adicionar', no removal), and 'Fazer
 * backup agora'. The test server has a BACKUP_DIR of its own (e2e/global-setup.ts), with no scheduled run during the
 * suite: the list starts empty unless the run's environment sets BACKUP_DIR and an interval. The tests run in order.
 */
test('Backups: the super-admin opens the backups from the menu, a list without Adicionar', async ({ page }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  for (const coluna of ['Início', 'Fim', 'Situação', 'Arquivo', 'Tamanho', 'Servidor'])
    await expect(page.getByRole('columnheader', { name: coluna }).first()).toBeVisible();
  await expect(linhas(page).first()).toBeVisible();
  if (process.env.BACKUP_DIR) await expect(linhas(page).first()).toContainText(/Gravado|Em andamento/);
  else await expect(linhas(page).first()).toContainText('Nenhum backup agendado registrado');
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await semViolacoesGraves(page);
  if (process.env.E2E_CAPTURA) await page.screenshot({ path: process.env.E2E_CAPTURA, fullPage: true });
});

test("Backups: 'Fazer backup agora' waits disabled for the file, names it in a toast and the list shows its row", async ({ page, request }) => {
  await entrar(page);
  await page.goto('/backups');
  const antes = await apiAdmin<{ totalElements: number }>(request, 'GET', 'backups?size=1');
  // The answer held back a moment, so the button is seen busy while the server writes.
  let soltar = () => {};
  const segurado = new Promise<void>((ok) => (soltar = ok));
  await page.route('**/api/backups', async (rota) => {
    if (rota.request().method() !== 'POST') return rota.fallback();
    const resposta = await rota.fetch();
    await segurado;
    await rota.fulfill({ response: resposta });
  });
  const botao = page.getByRole('button', { name: 'Fazer backup agora' });
  await expect(botao).toBeEnabled();
  await semViolacoesGraves(page);
  await botao.click();
  // Asked first: the desk may stop while it is written.
  await expect(page.getByText('no banco embutido ele fica parado até o fim')).toBeVisible();
  await page.getByRole('button', { name: 'Fazer backup', exact: true }).click();
  await expect(botao).toBeDisabled();
  await expect(botao.locator('.p-button-loading-icon')).toBeVisible();
  soltar();
  await toast(page, 'Backup gravado');
  const detalhe = (await page.locator('.p-toast-message').filter({ hasText: 'Backup gravado' }).first().textContent()) ?? '';
  const nome = /ceasa-backup-\d{4}-\d{2}-\d{2}-\d{6}\.jsonl\.gz/.exec(detalhe)?.[0];
  expect(nome, detalhe).toBeTruthy();
  await expect(botao).toBeEnabled();
  // The list reloaded: its newest row is the file, written.
  await expect(linhas(page).first()).toContainText(nome!);
  await expect(linhas(page).first()).toContainText('Gravado');
  const depois = await apiAdmin<{ totalElements: number; content: { arquivo: string; erro: string | null }[] }>(request, 'GET', 'backups?size=1');
  expect(depois.totalElements).toBe(antes.totalElements + 1);
  expect(depois.content[0].arquivo.endsWith(nome!)).toBe(true);
  expect(existsSync(depois.content[0].arquivo)).toBe(true);
  // With the toast still over the top bar (opaque, so its text keeps its contrast).
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Backup gravado' })).toBeVisible();
  await semViolacoesGraves(page);
});
