import { expect, test } from './support';
import { ADMIN, entrar, semViolacoesGraves } from './support';

// No serious or critical accessibility violation on the public pages and the main back-office frame.

for (const rota of ['/login', '/register', '/reset', '/home']) {
  test(`acessibilidade de ${rota}`, async ({ page }) => {
    await page.goto(rota);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await semViolacoesGraves(page);
  });
}

test('acessibilidade da lista de municípios', async ({ page }) => {
  await entrar(page);
  await page.goto('/municipio');
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await semViolacoesGraves(page);
});

test('acessibilidade dos avisos (toasts) de erro e de sucesso', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('E-mail').fill('ninguem@e2e.local');
  await page.getByLabel('Senha', { exact: true }).fill('x');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page.locator('.p-toast-message-error')).toBeVisible();
  await semViolacoesGraves(page);
  await page.goto('/reset');
  await page.getByLabel('E-mail').fill(ADMIN.email);
  await page.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.locator('.p-toast-message-success')).toBeVisible();
  await semViolacoesGraves(page);
});
