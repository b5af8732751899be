import { expect, test } from './support';
import { entrar, imprimirPdf } from './support';

test('relatório de ids das rotas: diálogo de impressão e PDF A4 limpo', async ({ page }) => {
  await entrar(page);
  await page.goto('/rotas');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'permissoes' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  // Only the report is printed: the menu and the dialog's buttons are not.
  await imprimirPdf(page, 'rotas', { contem: ['Rotas', 'permissoes'], naoContem: ['Exportar CSV', 'Sair'] });
});
