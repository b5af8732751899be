import { expect, test } from './support';
import { entrar, semViolacoesGraves } from './support';

/**
 * The super-admin's 'Backups' screen, from the menu: the scheduled backups' runs, read-only (no
 * 'Adicionar', no removal). With BACKUP_DIR on the test server its rows show; without, the list says it is empty.
 */
test('Backups: the super-admin opens the scheduled backups from the menu, a read-only list', async ({ page }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Backups' }).click();
  await expect(page).toHaveURL(/\/backups$/);
  await expect(page.getByRole('heading', { name: 'Backups' })).toBeVisible();
  for (const coluna of ['Início', 'Fim', 'Situação', 'Arquivo', 'Tamanho', 'Servidor'])
    await expect(page.getByRole('columnheader', { name: coluna }).first()).toBeVisible();
  const linhas = page.locator('.p-datatable-tbody > tr');
  await expect(linhas.first()).toBeVisible();
  if (process.env.BACKUP_DIR) await expect(linhas.first()).toContainText(/Gravado|Em andamento/);
  else await expect(linhas.first()).toContainText('Nenhum backup agendado registrado');
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await semViolacoesGraves(page);
  if (process.env.E2E_CAPTURA) await page.screenshot({ path: process.env.E2E_CAPTURA, fullPage: true });
});
