import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test } from './support';
import type { VafRow } from '@ceasa/shared';
import { ARTEFATOS, entrar, imprimirPdf, linhas, redigitar, semViolacoesGraves, toast } from './support';

/** Types a date into a form date picker (mask dd/mm/aaaa), as a user does, and leaves the field. */
async function data(page: Page, rotulo: string, ddmmaaaa: string) {
  const campo = page.getByLabel(rotulo, { exact: true });
  await redigitar(campo, ddmmaaaa.replace(/\D/g, ''));
  await campo.press('Tab');
  await expect(campo).toHaveValue(ddmmaaaa);
}

test('VAF: Pesquisar só com as duas datas, período sem movimento, erro, Média Mensal e boletim impresso', async ({ page }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'VAF' }).click();
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
  await page.screenshot({ path: path.join(ARTEFATOS, 'vaf-vazio.png'), fullPage: true });

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
  await expect(linhas(page)).toHaveCount(10);
  await expect(page.getByText('Mostrando de 1 a 10 de 25 registros')).toBeVisible();
  await expect(linhas(page).first()).toContainText('Produto VAF 01');
  await expect(linhas(page).first()).toContainText('Saco 50kg');
  await expect(linhas(page).first()).toContainText('R$\u00a010,00');
  await expect(linhas(page).first()).toContainText('1.000,00');
  await expect(linhas(page).filter({ hasText: 'Produto VAF 05' })).toContainText('Não informado');
  await expect(linhas(page).filter({ hasText: 'Produto VAF 04' })).toContainText('Sem preço');
  for (const h of ['Produto', 'Un Padrão', 'Valor Un (R$)', 'Município', 'Total (kg)']) await expect(page.getByRole('columnheader', { name: h })).toBeVisible();

  // Rows per page 10/20/30.
  const porPagina = page.getByLabel('Linhas por página');
  await expect(porPagina.locator('option')).toHaveText(['10', '20', '30']);
  await porPagina.selectOption('20');
  await expect(linhas(page)).toHaveCount(20);
  await expect(page.getByText('Mostrando de 1 a 20 de 25 registros')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'vaf.png'), fullPage: true });

  // Toasts are the app-wide theme's (checked elsewhere); everything of this page is checked, once the
  // toasts of the steps above have gone (a fading toast's half-transparent text fails the contrast check).
  await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
  await semViolacoesGraves(page);

  // The printable bulletin with the period.
  await page.getByRole('button', { name: 'Imprimir boletim' }).click();
  const rel = page.getByRole('dialog', { name: 'Boletim VAF - Média Mensal' });
  await expect(rel).toBeVisible();
  await expect(rel.getByText('Período: 01/01/2001 a 31/01/2001')).toBeVisible();
  await expect(rel.getByRole('row')).toHaveCount(26);
  await expect(rel.getByText(/Total geral: .* kg em 25 registro/)).toBeVisible();
  await imprimirPdf(page, 'vaf', { contem: ['Boletim VAF', 'Período: 01/01/2001 a 31/01/2001', 'Produto VAF 25'], naoContem: ['Pesquisar'] });
});
