import { expect, test } from './support';
import { digitarData, entrar, linhas, toast } from './support';

test('Feriado: criar, validar, recusar data repetida, filtrar, editar e remover', async ({ page }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Feriado' }).click();
  await expect(page.getByRole('heading', { name: 'Feriados' })).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/feriadocreate$/);
  await expect(page.getByRole('heading', { name: 'Novo Feriado' })).toBeVisible();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A data é obrigatória')).toBeVisible();
  await expect(page.getByText('O nome é obrigatório')).toBeVisible();
  // The input stops at the shared schema's limit.
  await expect(page.getByLabel('Nome', { exact: true })).toHaveAttribute('maxlength', '200');

  await digitarData(page.getByLabel('Data', { exact: true }), '25/12/2031');
  await page.getByLabel('Nome', { exact: true }).fill('Natal E2E');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/feriado$/, { timeout: 5000 });

  // A second holiday on the same date: the server's pt-BR refusal.
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await digitarData(page.getByLabel('Data', { exact: true }), '25/12/2031');
  await page.getByLabel('Nome', { exact: true }).fill('Outro E2E');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Já existe um feriado nesta data.').first()).toBeVisible();
  await page.goto('/feriado');

  await page.getByLabel('Filtrar por Nome').fill('natal e2e');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('25/12/2031');

  await page.getByRole('button', { name: 'Editar Natal E2E (25/12/2031)' }).click();
  await expect(page.getByRole('heading', { name: 'Editar Feriado' })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Natal E2E');
  await page.getByLabel('Nome', { exact: true }).fill('Natal do Senhor E2E');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/feriado$/, { timeout: 5000 });

  await page.getByLabel('Filtrar por Nome').fill('e2e');
  await page.getByRole('button', { name: 'Remover Natal do Senhor E2E (25/12/2031)' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Nenhum feriado encontrado')).toBeVisible();
});
