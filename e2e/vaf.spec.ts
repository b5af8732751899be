import { execFileSync } from 'node:child_process';
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import type { VafRow } from '@ceasa/shared';
import { entrar, toast } from './support';

const OUT = path.resolve('.tmp/e2e-artifacts');

/** Types a date into a form date picker (mask dd/mm/aaaa), as a user does, and leaves the field. */
async function data(page: Page, rotulo: string, ddmmaaaa: string) {
  const campo = page.getByLabel(rotulo, { exact: true });
  await campo.click();
  // The mask places the caret a moment after the focus: type at a person's pace.
  await page.waitForTimeout(100);
  await campo.press('Control+a');
  await campo.press('Backspace');
  await campo.pressSequentially(ddmmaaaa.replace(/\D/g, ''), { delay: 40 });
  await campo.press('Tab');
  await expect(campo).toHaveValue(ddmmaaaa);
}

test('VAF: Pesquisar só com as duas datas, período sem movimento, erro, Média Mensal e boletim impresso', async ({ page }) => {
  mkdirSync(OUT, { recursive: true });
  await entrar(page);
  await page.getByRole('link', { name: 'VAF' }).click();
  await expect(page).toHaveURL(/\/vaf$/);
  await expect(page.getByRole('heading', { name: 'VAF', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Média Mensal' })).toBeVisible();

  // 'Pesquisar' stays disabled until both dates are set.
  const pesquisar = page.getByRole('button', { name: 'Pesquisar' });
  await expect(pesquisar).toBeDisabled();
  await data(page, 'Data Inicial', '31/01/2001');
  await expect(pesquisar).toBeDisabled();
  await data(page, 'Data Final', '01/01/2001');
  await expect(pesquisar).toBeEnabled();

  // An inverted period: the shared schema's message, nothing sent.
  await pesquisar.click();
  await expect(page.getByText('A data inicial não pode ser posterior à data final')).toBeVisible();

  // A period with no movement (real server).
  await data(page, 'Data Inicial', '01/01/2001');
  await data(page, 'Data Final', '31/01/2001');
  await expect(page.getByText('A data inicial não pode ser posterior à data final')).toHaveCount(0);
  await pesquisar.click();
  await toast(page, 'Nenhum movimento encontrado');
  await expect(page.locator('.p-datatable-emptymessage')).toHaveText('Nenhum movimento encontrado');
  await expect(page.getByRole('button', { name: 'Imprimir boletim' })).toBeDisabled();
  await page.screenshot({ path: path.join(OUT, 'vaf-vazio.png'), fullPage: true });

  // A server failure.
  await page.route('**/api/precos/vaf', (r) => r.fulfill({ status: 500, json: { status: 500, error: 'Internal Server Error', message: 'Falha simulada' } }));
  await pesquisar.click();
  await toast(page, 'Erro ao pesquisar!');
  await toast(page, 'Falha simulada');
  await page.unroute('**/api/precos/vaf');

  // Rows (romaneio and loja screens come later: the answer is simulated in the server's shape).
  const rows: VafRow[] = Array.from({ length: 25 }, (_, i) => ({
    id: i + 1,
    nome: `Produto VAF ${String(i + 1).padStart(2, '0')}`,
    unPadrao: i % 2 ? 'Caixa 20kg' : 'Saco 50kg',
    valorUn: i === 3 ? null : 10 + i * 1.5,
    municipio: i === 4 ? null : `Município ${(i % 3) + 1}`,
    total: 1000 + i * 250.5,
  }));
  await page.route('**/api/precos/vaf', (r) => r.fulfill({ status: 200, json: rows }));
  await pesquisar.click();
  await toast(page, 'Pesquisa concluída!');
  const linhas = page.locator('.p-datatable-tbody > tr');
  await expect(linhas).toHaveCount(10);
  await expect(page.getByText('Mostrando de 1 a 10 de 25 registros')).toBeVisible();
  await expect(linhas.first()).toContainText('Produto VAF 01');
  await expect(linhas.first()).toContainText('Saco 50kg');
  await expect(linhas.first()).toContainText('R$\u00a010,00');
  await expect(linhas.first()).toContainText('1.000,00');
  await expect(linhas.filter({ hasText: 'Produto VAF 05' })).toContainText('Não informado');
  await expect(linhas.filter({ hasText: 'Produto VAF 04' })).toContainText('Sem preço');
  for (const h of ['Produto', 'Un Padrão', 'Valor Un (R$)', 'Município', 'Total (kg)']) await expect(page.getByRole('columnheader', { name: h })).toBeVisible();

  // Rows per page 10/20/30.
  const porPagina = page.getByLabel('Linhas por página');
  await expect(porPagina.locator('option')).toHaveText(['10', '20', '30']);
  await porPagina.selectOption('20');
  await expect(linhas).toHaveCount(20);
  await expect(page.getByText('Mostrando de 1 a 20 de 25 registros')).toBeVisible();
  await page.screenshot({ path: path.join(OUT, 'vaf.png'), fullPage: true });

  // Toasts are the app-wide theme's (checked elsewhere); everything of this page is checked.
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const graves = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(graves.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

  // The printable bulletin with the period.
  await page.getByRole('button', { name: 'Imprimir boletim' }).click();
  const rel = page.getByRole('dialog', { name: 'Boletim VAF - Média Mensal' });
  await expect(rel).toBeVisible();
  await expect(rel.getByText('Período: 01/01/2001 a 31/01/2001')).toBeVisible();
  await expect(rel.getByRole('row')).toHaveCount(26);
  await expect(rel.getByText(/Total geral: .* kg em 25 registro/)).toBeVisible();
  await page.emulateMedia({ media: 'print' });
  const pdf = path.join(OUT, 'vaf.pdf');
  await page.pdf({ path: pdf, format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(statSync(pdf).size).toBeGreaterThan(5000);
  const texto = execFileSync('pdftotext', ['-layout', pdf, '-']).toString();
  expect(texto).toContain('Boletim VAF');
  expect(texto).toContain('Período: 01/01/2001 a 31/01/2001');
  expect(texto).toContain('Produto VAF 25');
  expect(texto).not.toContain('Pesquisar');
  execFileSync('pdftoppm', ['-png', '-r', '50', '-f', '1', '-l', '1', pdf, path.join(OUT, 'vaf')]);
});
