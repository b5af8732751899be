import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { formatDate } from '@ceasa/shared/format';
import { expect, test } from './support';
import { quintaDaqui, romaneioNasPedras } from './fabricas';
import { ARTEFATOS, criarUsuario, digitarData, entrar, imprimirPdf, linhas, maisDias, semViolacoesGraves, sufixoUnico, toast } from './support';

/** A Thursday (a market day) about ten months ahead: no other spec books stalls there, and the pickers reach it. */
const DIA = quintaDaqui(300);
/** Each test books its own Thursday (a romaneio holds its stalls on its day). */
const DIA_COMERCIALIZADO = maisDias(DIA, 7);
const DIA_AGRO = maisDias(DIA, 14);
/** The Monday after DIA: nothing booked. */
const DIA_LIVRE = maisDias(DIA, 4);

/**
 * Two producers with a bulletin item each (harvest window around `dia`, 1000 kg estimated), and their romaneios on `dia`
 * through the real API: Ana on stalls 10 and 11, Bruno on 200 as 'avulsa'. Ana's romaneio sells 31.25 melons of 8 kg
 * (UN), 250 of the 1000 kg estimated; Bruno 125 (1000 kg).
 */
async function cenario(request: APIRequestContext, dia: string) {
  const s = sufixoUnico();
  const divida = Number(`9${s}`) * 10;
  const melancia = { embalagem: 'UN', pesoEmKg: 8 };
  const item = { producaoEstimada: 1000, producaoEmbalada: 100 };
  const ana = await romaneioNasPedras(request, {
    dia,
    produtor: { nome: `Ana Pedreira E2E ${s}` },
    produto: { ...melancia, nome: `Melancia Mapa E2E ${s}` },
    item,
    pedras: ['10', '11'],
    divida: divida + 1,
    quantidade: 31.25,
  });
  const bruno = await romaneioNasPedras(request, {
    dia,
    produtor: { nome: `Bruno Avulso E2E ${s}` },
    produto: melancia,
    item,
    avulsas: ['200'],
    divida: divida + 2,
    quantidade: 125,
  });
  return { ana: ana.produtor, bruno: bruno.produtor, produto: ana.produtos[0], boletimAna: ana.boletim };
}

const mapa = (page: Page) => page.getByRole('group', { name: 'Mapa de pedras' });

async function pesquisarDia(page: Page, iso: string) {
  await digitarData(page.getByLabel('Data da pesquisa', { exact: true }), formatDate(iso));
  await page.getByRole('button', { name: 'Pesquisar...' }).click();
}

test('/admin: mapa de pedras do dia (livre, ocupada, avulsa), pesquisa, mostrar/ocultar, teclado, clique para o romaneio e relatório Pedras-', async ({
  page,
  request,
}) => {
  const c = await cenario(request, DIA);
  await page.setViewportSize({ width: 1366, height: 768 });
  await entrar(page);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Pedras', exact: true })).toBeVisible();
  // Without a date in the address: today, or the next market day.
  await expect(mapa(page).locator('.pedra')).toHaveCount(252);

  // A day with nothing booked.
  await pesquisarDia(page, DIA_LIVRE);
  await toast(page, 'Nenhuma Pedras encontrada');
  await expect(page).toHaveURL(new RegExp(`/admin\\?data=${DIA_LIVRE}$`));
  await expect(mapa(page).locator('.pedra-ocupada')).toHaveCount(0);

  // The day of the romaneios.
  await pesquisarDia(page, DIA);
  await toast(page, 'Pesquisa concluída!');
  await expect(page).toHaveURL(new RegExp(`/admin\\?data=${DIA}$`));
  const m = mapa(page);
  await expect(m.locator('.pedra-ocupada')).toHaveCount(3);
  const dez = m.getByRole('img', { name: `Pedra 10: ocupada por ${c.ana.nome}` });
  await expect(dez).toHaveCSS('background-color', 'rgb(185, 28, 28)');
  await expect(m.getByRole('img', { name: `Pedra 11: ocupada por ${c.ana.nome}` })).toBeVisible();
  const avulsa = m.getByRole('img', { name: `Pedra 200: ocupada por ${c.bruno.nome} (avulsa)` });
  expect(await avulsa.evaluate((e) => getComputedStyle(e).textDecorationLine)).toContain('underline');
  expect(await dez.evaluate((e) => getComputedStyle(e).textDecorationLine)).not.toContain('underline');
  // The occupant in a tooltip, on hover and on keyboard focus.
  await dez.hover();
  await expect(page.locator('.p-tooltip')).toContainText(c.ana.nome);
  await page.mouse.move(0, 0);
  await expect(page.locator('.p-tooltip')).toHaveCount(0);
  await avulsa.focus();
  await expect(page.locator('.p-tooltip')).toContainText(`${c.bruno.nome} (avulsa)`);

  // Free stalls are green links; Tab goes from 'Pesquisar...' to the first stall.
  const tres = m.getByRole('link', { name: 'Pedra 3: livre. Criar romaneio' });
  await expect(tres).toHaveCSS('background-color', 'rgb(21, 128, 61)');
  await expect(tres).toHaveAttribute('href', `/romaneiocreate?pedra=3&data=${DIA}`);
  await page.getByRole('button', { name: 'Pesquisar...' }).focus();
  await page.keyboard.press('Tab');
  await expect(m.getByRole('link', { name: 'Pedra 1: livre. Criar romaneio' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(m.getByRole('link', { name: 'Pedra 2: livre. Criar romaneio' })).toBeFocused();

  // Odd and even numbers in paired columns: 1 beside 2, 3 under 1; block 2 to the right of block 1.
  const caixa = async (n: number) => (await m.locator('.pedra', { hasText: new RegExp(`^${n}$`) }).boundingBox())!;
  const [b1, b2, b3, b85] = [await caixa(1), await caixa(2), await caixa(3), await caixa(85)];
  expect(Math.abs(b1.y - b2.y)).toBeLessThan(1);
  expect(b2.x).toBeGreaterThan(b1.x);
  expect(Math.abs(b3.x - b1.x)).toBeLessThan(1);
  expect(b3.y).toBeGreaterThan(b1.y);
  expect(b85.x).toBeGreaterThan(b2.x + b2.width);
  // The gap after 28: stall 29 sits lower under 27 than 27 under 25.
  const [b25, b27, b29] = [await caixa(25), await caixa(27), await caixa(29)];
  expect(b29.y - b27.y).toBeGreaterThan(b27.y - b25.y + 5);

  // (After the toasts: one caught mid-fade has a transparent text.)
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
  await semViolacoesGraves(page);
  await page.screenshot({ path: path.join(ARTEFATOS, 'admin-mapa-1366.png') });

  // Ocultar / Mostrar.
  await page.getByRole('button', { name: 'Ocultar Pedras' }).click();
  await expect(m).toBeHidden();
  await page.getByRole('button', { name: 'Mostrar Pedras' }).click();
  await expect(m).toBeVisible();

  // The report.
  await page.getByRole('button', { name: 'Imprimir', exact: true }).click();
  const titulo = `Pedras- ${formatDate(DIA)}`;
  const dialog = page.getByRole('dialog', { name: titulo });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(dialog.locator('table')).toHaveCount(9);
  await expect(dialog.getByRole('table', { name: 'Pedras 1 a 19' }).getByRole('row', { name: `10 ${c.ana.nome}` })).toBeVisible();
  const texto = await imprimirPdf(page, 'admin-pedras', {
    contem: [titulo, 'N° Ocupado', 'N° Livre', 'Avulsa', 'Pedras 1 a 19', 'Pedras 58 a 99', 'Pedras 230 a 252', c.ana.nome, `${c.bruno.nome} (avulsa)`],
    naoContem: ['Sair', 'Pesquisar...'],
  });
  expect(texto).toContain('252');
  await dialog.getByRole('button', { name: 'Close' }).or(dialog.locator('.p-dialog-header-close')).first().click();
  await expect(dialog).toBeHidden();

  // A failed search.
  await page.route('**/api/pedras/ocupadas', (r) =>
    r.fulfill({ status: 500, json: { status: 500, error: 'Internal Server Error', message: 'Falha simulada' } }),
  );
  await page.getByRole('button', { name: 'Pesquisar...' }).click();
  await toast(page, 'Erro ao pesquisar!');
  await page.unroute('**/api/pedras/ocupadas');

  // A narrow screen: the three blocks still side by side, nothing cut off.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin?data=${DIA}`);
  await expect(mapa(page).locator('.pedra-ocupada')).toHaveCount(3);
  const larguraDoc = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(larguraDoc).toBeLessThanOrEqual(390);
  await page.screenshot({ path: path.join(ARTEFATOS, 'admin-mapa-390.png'), fullPage: true });

  // A free stall opens a new romaneio on that stall and day.
  await page.setViewportSize({ width: 1366, height: 768 });
  await mapa(page).getByRole('link', { name: 'Pedra 3: livre. Criar romaneio' }).click();
  await expect(page).toHaveURL(new RegExp(`/romaneiocreate\\?pedra=3&data=${DIA}$`));
});

test('/admin: tabela Comercializado (15 por página, %, vazio e erro)', async ({ page, request }) => {
  const c = await cenario(request, DIA_COMERCIALIZADO);
  await entrar(page);
  await page.goto('/admin');
  const tabela = page.locator('.p-datatable').filter({ has: page.getByRole('heading', { name: 'Comercializado' }) });
  await expect(tabela).toBeVisible();
  for (const h of ['Boletim', 'Produto', 'Qtd. Estimada', 'Qtd. Comercializada', '% Comercializada', 'Produtor', 'Data Emissão', 'Fim Colheita'])
    await expect(tabela.getByRole('columnheader', { name: h, exact: true })).toBeVisible();
  const linhaAna = tabela.getByRole('row').filter({ hasText: c.ana.nome });
  await expect(linhaAna).toContainText(String(c.boletimAna.id));
  await expect(linhaAna).toContainText(c.produto.nome);
  // Packages weighed in kg before they meet the estimate (docs/produto/dados.md 'Derived values'), each with its unit.
  await expect(linhaAna).toContainText('1.000 kg');
  await expect(linhaAna).toContainText('250 kg');
  await expect(linhaAna).toContainText('25,00%');
  expect(await linhas(page).filter({ hasText: 'E2E' }).count()).toBeLessThanOrEqual(15);

  // The API's page size is 15.
  const pedido = page.waitForRequest((r) => r.url().includes('/api/produtos-comercializados'));
  await tabela.getByRole('columnheader', { name: '% Comercializada' }).click();
  expect(new URL((await pedido).url()).searchParams.get('size')).toBe('15');
  expect(new URL((await pedido).url()).searchParams.get('sort')).toBe('porcentagemComercializada,asc');

  // Empty and failing answers.
  await page.route('**/api/produtos-comercializados?*', (r) =>
    r.fulfill({ status: 200, json: { content: [], totalElements: 0, totalPages: 0, number: 0, size: 15 } }),
  );
  await page.reload();
  await expect(page.getByText('Nenhum dado encontrado.')).toBeVisible();
  await page.unroute('**/api/produtos-comercializados?*');
  await page.route('**/api/produtos-comercializados?*', (r) =>
    r.fulfill({ status: 500, json: { status: 500, error: 'Internal Server Error', message: 'Falha simulada' } }),
  );
  await page.reload();
  await toast(page, 'Erro ao obter dados');
});

test('/admin como Agronomia: o mapa só para ver (sem links), e a tabela Comercializado', async ({ page, request }) => {
  await cenario(request, DIA_AGRO);
  const u = await criarUsuario(request, ['user-agro'], 'Agrônoma Mapa');
  await entrar(page, u.email, u.senha);
  await page.goto(`/admin?data=${DIA_AGRO}`);
  await expect(mapa(page).locator('.pedra-ocupada')).toHaveCount(3);
  await expect(mapa(page).getByRole('link')).toHaveCount(0);
  await expect(mapa(page).getByRole('img', { name: 'Pedra 3: livre' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Comercializado' })).toBeVisible();
});
