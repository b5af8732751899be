import path from 'node:path';
import { expect, test } from './support';
import { ARTEFATOS, entrar, linhas } from './support';

/**
 * A list whose matches pass the API's count cap (10,000: the API then answers totalElements 10000
 * and totalExato false, apps/api/test/lista.test.ts): the footer and the report say 'mais de 10.000'
 * and the paginator reaches the cap's last page. The price search's answers are shaped here like the
 * API's past the cap, so the browser sees such a list without 10,000 prices being created.
 */
test('Lista além do limite da contagem: rodapé e relatório dizem "mais de 10.000"', async ({ page }) => {
  const pedidas: number[] = [];
  await page.route('**/api/precos/searchPrecos/**', async (route) => {
    const url = new URL(route.request().url());
    const pageNumber = Number(url.searchParams.get('page') ?? 0);
    const size = Number(url.searchParams.get('size') ?? 20);
    pedidas.push(pageNumber);
    const content = Array.from({ length: size }, (_, i) => {
      const id = pageNumber * size + i + 1;
      return {
        id,
        valor: 10 + (id % 7),
        data: '2026-11-20',
        produtoId: 1,
        produtoNome: `Açúcar Cristal ${id}`,
        produtoEmbalagem: 'sc 50kg',
        produtoGrupoId: 1,
        produtoGrupoNome: 'Açúcar',
        produto: { nome: `Açúcar Cristal ${id}`, embalagem: 'sc 50kg', pesoEmKg: 50, produtoGrupo: { id: 1, nome: 'Açúcar' } },
      };
    });
    await route.fulfill({ json: { content, totalElements: 10000, totalPages: Math.ceil(10000 / size), number: pageNumber, size, totalExato: false } });
  });
  await entrar(page);
  await page.goto('/precos');
  await expect(linhas(page)).toHaveCount(20);
  await expect(page.getByText('Mostrando de 1 a 20 de mais de 10.000 preços')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'lista-alem-do-limite.png'), fullPage: true });

  // The last page the count reaches.
  await page.locator('.p-paginator-last').click();
  await expect(page.getByText('Mostrando de 9981 a 10000 de mais de 10.000 preços')).toBeVisible();
  await expect(linhas(page).first()).toContainText('Açúcar Cristal 9981');
  expect(pedidas).toContain(499);

  await page.locator('.p-paginator-first').click();
  await expect(page.getByText('Mostrando de 1 a 20 de mais de 10.000 preços')).toBeVisible();
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const rel = page.getByRole('dialog', { name: 'Preços' });
  await expect(rel.getByText('Mostrando de 1 a 20 de mais de 10.000 preços')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'lista-alem-do-limite-relatorio.png') });
});
