import path from 'node:path';
import { formatDate } from '@ceasa/shared';
import { ARTEFATOS, diasAtrasIso, digitarData, expect, imprimirPdf, semViolacoesGraves, sufixoUnico, test } from './support';
import { preco, produtosNumGrupo } from './fabricas';

/* The market's information service on a phone (decisions 0190, 0192, 0193). */
test.use({ viewport: { width: 390, height: 844 } });

const brl = (v: number) => v.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' }).replace(/\u00a0/g, ' ');

test('a cotação por produto em /home, a referência de preços com seu link permanente e o mês em números, num celular', async ({ page, request }) => {
  // Three pages and two accessibility checks: more than the default minute on a loaded machine.
  test.setTimeout(120_000);
  const s = sufixoUnico();
  const nome = `Produto Informação ${s}`;
  const {
    produtos: [produto],
  } = await produtosNumGrupo(request, [{ nome, embalagem: 'CX 10kg', pesoEmKg: 10 }], { nome: `Informação ${s}`, unPadrao: 'CX 10kg' });
  // Yesterday 40, today 42,50: +6,3%, 'Firme' (the threshold is ±5%).
  await preco(request, { produtoId: produto.id, data: diasAtrasIso(1), valor: 40 });
  await preco(request, { produtoId: produto.id, data: diasAtrasIso(0), valor: 42.5 });

  // /home: the phone-first table and the day's summary line.
  await page.goto('/home');
  const secao = page.getByRole('region', { name: 'Cotação por produto' });
  await expect(secao.getByText(/\d+ em alta, \d+ (estável|estáveis), \d+ em baixa/)).toBeVisible();
  const linha = secao.getByRole('row').filter({ hasText: nome });
  await expect(linha.locator('td.mais-comum')).toHaveText(brl(42.5));
  await expect(linha).toContainText('Firme');
  await expect(linha).toContainText('+6,3%');
  await linha.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTEFATOS, 'informacao-home.png'), fullPage: false });

  // /referencia: the figures, the moment and a permalink that answers them again.
  await page.goto('/referencia');
  // Asked without a product: the refusal in Portuguese on its field, which takes the focus (no browser bubble).
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('O produto é obrigatório')).toBeVisible();
  await expect(page.getByLabel('Produto')).toBeFocused();
  await page.getByLabel('Produto').selectOption({ label: `${nome} (CX 10kg)` });
  // The period typed as dd/mm/aaaa.
  await digitarData(page.getByLabel('De', { exact: true }), formatDate(diasAtrasIso(1)));
  await digitarData(page.getByLabel('Até', { exact: true }), formatDate(diasAtrasIso(0)));
  await page.getByRole('button', { name: 'Consultar' }).click();
  const numeros = page.locator('.referencia-numeros');
  await expect(numeros.getByRole('row', { name: /Número de preços/ })).toContainText('2');
  await expect(numeros.getByRole('row', { name: /Média/ })).toContainText(brl(41.25));
  await expect(numeros.getByRole('row', { name: /Mínimo/ })).toContainText(brl(40));
  await expect(numeros.getByRole('row', { name: /Máximo/ })).toContainText(brl(42.5));
  await expect(page.getByText(/Consultado em \d\d\/\d\d\/\d{4} às \d\d:\d\d:\d\d \(UTC−03:00\)/)).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'informacao-referencia.png'), fullPage: true });
  // Printed: the figures and the moment of the query on paper (the page prints itself, not a blank sheet).
  await imprimirPdf(page, 'informacao-referencia', { contem: ['Número de preços', 'Consultado em', 'consultado em'] });
  const permalink = await page.getByRole('link', { name: /\/referencia\?produtoId=/ }).getAttribute('href');
  const consultado = await page.locator('.referencia-resultado strong').first().textContent();

  // A price added later in the period: a new query counts it, the permalink does not.
  await preco(request, { produtoId: produto.id, data: diasAtrasIso(0), valor: 60, confirmar: true });
  await page.goto(permalink!);
  await expect(numeros.getByRole('row', { name: /Número de preços/ })).toContainText('2');
  await expect(page.locator('.referencia-resultado strong').first()).toHaveText(consultado!);
  await semViolacoesGraves(page);

  // /estatisticas: the month's figures with their charts and the index's base.
  const mes = diasAtrasIso(0).slice(0, 7);
  await page.goto(`/estatisticas?mes=${mes}`);
  await expect(page.getByRole('heading', { name: /O mês em números/ })).toBeVisible();
  // The month is chosen in Portuguese (the browser's month input would show 'November 2026').
  await expect(page.getByLabel('Mês', { exact: true }).locator('option:checked')).toHaveText(
    ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'][Number(mes.slice(5)) - 1],
  );
  await expect(page.getByLabel('Ano', { exact: true })).toHaveValue(mes.slice(0, 4));
  await expect(page.getByRole('columnheader', { name: 'Variação' })).toBeVisible();
  // (Other browser tests may have brought arrivals this month: the charts, or the words that there are none.)
  await expect(page.getByText(/^(Sem entradas registradas neste mês\.|Entradas por grupo de produto \(kg\))$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: /Índice de preços \(base .* = 100\)/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Baixar CSV' })).toHaveAttribute('href', `/api/publico/estatisticas?mes=${mes}&formato=csv`);
  // Nothing wider than the phone's screen (no sideways scroll).
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(ARTEFATOS, 'informacao-estatisticas.png'), fullPage: true });
  await semViolacoesGraves(page);
  await imprimirPdf(page, 'informacao-estatisticas', { contem: ['O mês em números', 'Origem por município'], naoContem: ['Baixar CSV'] });
});
