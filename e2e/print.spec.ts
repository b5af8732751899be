import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { entrar } from './support';

const OUT = path.resolve('.tmp/e2e-artifacts');

test('relatório de ids das rotas: diálogo de impressão e PDF A4 limpo', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await entrar(page);
  await page.goto('/rotas');
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Rotas' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(dialog.getByRole('cell', { name: 'permissoes' })).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(OUT, 'rotas.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(statSync(pdf).size).toBeGreaterThan(5000);
  // Only the report is printed: the menu and the dialog's buttons are not.
  const texto = execFileSync('pdftotext', [pdf, '-']).toString();
  expect(texto).toContain('Rotas');
  expect(texto).toContain('permissoes');
  expect(texto).not.toContain('Exportar CSV');
  expect(texto).not.toContain('Sair');
  if (existsSync('/usr/bin/pdftoppm')) execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdf, path.join(OUT, 'rotas')]);
});
