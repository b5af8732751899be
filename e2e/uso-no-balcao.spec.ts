import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from './support';
import type { Estacionamento, Page as ListPage, Pessoa, Preco, Propriedade } from '@ceasa/shared';
import { soDigitos } from '@ceasa/shared/format';
import { apiAdmin, ARTEFATOS, DIVIDAS_E2E, entrar, escolherOpcao, imprimirPdf, linhas, sufixoUnico, toast } from './support';
import * as fabrica from './fabricas';

/**
 * The desk: a clerk tabs into a field and types at full speed, clicks Salvar twice,
 * and types 200-character names. Every value is checked where it ends up: through the API.
 */

const s = sufixoUnico();

/**
 * Tab from `anterior` into the next field and type `texto` straight away: no pause after the focus,
 * no delay between keys (a machine's burst), or `ritmo` ms between keys (a clerk typing at full speed,
 * which spans the 100 ms after the focus where PrimeReact's InputMask used to move the caret).
 */
async function tabDigitar(page: Page, anterior: Locator, texto: string, ritmo = 0) {
  await anterior.focus();
  await page.keyboard.press('Tab');
  await page.keyboard.type(texto, { delay: ritmo });
}

/** A clerk's full speed: about 30 keys a second. */
const BALCAO = 30;

/** A form's pick list (its typed search box): the focus stop just before the next field. */
const limparDe = (page: Page, rotulo: string) => page.getByRole('combobox', { name: rotulo, exact: true });

type Grupo = { id: number; nome: string };

/** A group of 'Caixa 20kg' named `nomeGrupo` with one product `nomeProduto` in 'Caixa 20kg' boxes. */
async function grupoEProduto(request: Parameters<typeof apiAdmin>[0], nomeGrupo: string, nomeProduto: string) {
  const {
    grupo,
    produtos: [produto],
  } = await fabrica.produtosNumGrupo(request, [{ nome: nomeProduto, embalagem: 'Caixa 20kg' }], { nome: nomeGrupo, unPadrao: 'Caixa 20kg' });
  return { grupo, produto };
}

const precosDe = async (request: Parameters<typeof apiAdmin>[0], produtoId: number) =>
  (await apiAdmin<ListPage<Preco>>(request, 'POST', 'precos/searchPrecos/asc/id?size=100', { produtoId })).content;

test('digitação rápida: datas, valores, CEP, CPF/CNPJ e celular, logo após o Tab, chegam exatos ao servidor', async ({ page, request }) => {
  const { produto } = await grupoEProduto(request, `Grupo Rápido E2E ${s}`, `Produto Rápido E2E ${s}`);
  const dono = await fabrica.produtor(request, { nome: `Dono Rápido E2E ${s}` });
  const municipio = await fabrica.municipio(request, { nome: `Município Rápido E2E ${s}` });
  await entrar(page);

  // Price: the date, then the value, each typed right after the Tab.
  await page.goto('/precoscreate');
  const data = page.getByLabel('Data', { exact: true });
  await expect(data).toBeVisible();
  await tabDigitar(page, page.getByRole('link', { name: 'Voltar' }), '01122011', BALCAO);
  await expect(data).toHaveValue('01/12/2011');
  await tabDigitar(page, page.getByRole('link', { name: 'Voltar' }), '13032012');
  await expect(data).toHaveValue('13/03/2012');
  await escolherOpcao(page, 'Produto', `Produto Rápido E2E ${s} - Caixa 20kg`);
  await tabDigitar(page, limparDe(page, 'Produto'), '1234,56');
  // As typed while it has the focus; formatted once left.
  await expect(page.getByLabel('Valor (R$)')).toHaveValue('1234,56');
  await page.getByLabel('Valor (R$)').blur();
  await expect(page.getByLabel('Valor (R$)')).toHaveValue('R$\u00a01.234,56');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/precos$/, { timeout: 5000 });
  expect((await precosDe(request, produto.id)).map((p) => ({ data: p.data, valor: p.valor }))).toEqual([{ data: '2012-03-13', valor: 1234.56 }]);

  // The list's date filter, typed at full speed right after the Tab from the value filter.
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await page.getByLabel('Filtrar por Nome').fill(`Produto Rápido E2E ${s}`);
  await tabDigitar(page, page.getByLabel('Filtrar por Valor (R$)'), '13032012', BALCAO);
  await expect(page.getByLabel('Filtrar por Data')).toHaveValue('13/03/2012');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('13/03/2012');
  await page.getByLabel('Filtrar por Data').fill('');
  await tabDigitar(page, page.getByLabel('Filtrar por Valor (R$)'), '14032012');
  await expect(page.getByText('Nenhum preço encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page.getByLabel('Filtrar por Data')).toHaveValue('');

  // Parking: date (in an emptied field), fee and debt number, each right after the Tab.
  await page.goto('/estacionamentocreate');
  await page.getByLabel('Data', { exact: true }).fill('');
  await page.getByLabel('Placa').click();
  await tabDigitar(page, page.getByRole('link', { name: 'Voltar' }), '29022024', BALCAO);
  await expect(page.getByLabel('Data', { exact: true })).toHaveValue('29/02/2024');
  const placa = `RPD${s.slice(-4)}`;
  await page.getByLabel('Placa').fill(placa);
  await tabDigitar(page, page.getByLabel('Placa'), '1550', BALCAO);
  await tabDigitar(page, page.getByLabel('Valor'), String(DIVIDAS_E2E[0].numero));
  await escolherOpcao(page, 'Pessoa', `Dono Rápido E2E ${s}`);
  await escolherOpcao(page, 'Tipo de Veículo', 'Caminhonete');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  const est = await apiAdmin<ListPage<Estacionamento>>(request, 'POST', 'estacionamento/searchEstacionamento/asc/id', { placa });
  expect(est.content.map((e) => ({ data: e.data, valor: e.valor, divida: e.divida }))).toEqual([
    { data: '2024-02-29', valor: 1550, divida: DIVIDAS_E2E[0].numero },
  ]);

  // Property: the CEP (saved unmasked) and an area, right after the Tab.
  const sitio = `Sítio Rápido E2E ${s}`;
  await page.goto('/propriedadecreate');
  await escolherOpcao(page, 'Proprietário', dono.nome);
  await page.getByLabel('Nome', { exact: true }).fill(sitio);
  await page.getByLabel('Complemento').fill('Zona rural');
  await tabDigitar(page, page.getByLabel('Complemento'), '12345678', BALCAO);
  await expect(page.getByLabel('CEP')).toHaveValue('12345-678');
  await tabDigitar(page, page.getByLabel('Complemento'), '65900000');
  await expect(page.getByLabel('CEP')).toHaveValue('65900-000');
  await escolherOpcao(page, 'Município', municipio.nome);
  await tabDigitar(page, limparDe(page, 'Município'), '1234,5');
  await tabDigitar(page, page.getByLabel('Área Total'), '800,25');
  await tabDigitar(page, page.getByLabel('Explorada'), '650');
  await escolherOpcao(page, 'Pronaf', 'NÃO');
  await escolherOpcao(page, 'Tipo de Posse', 'PRÓPRIO');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  const prop = await apiAdmin<ListPage<Propriedade>>(request, 'POST', 'propriedade/searchPropriedade/asc/nome', { nome: sitio });
  expect(prop.content.map((p) => ({ cep: p.cep, areaTotal: p.areaTotal, areaExplorada: p.areaExplorada, areaCultivada: p.areaCultivada }))).toEqual([
    { cep: '65900000', areaTotal: 1234.5, areaExplorada: 800.25, areaCultivada: 650 },
  ]);

  // People: CPF with an 11-digit mobile, CNPJ with a 10-digit phone, both typed straight after the Tab.
  const cpf = fabrica.cpfUnico();
  const cnpj = fabrica.cnpjUnico();
  for (const [nome, doc, mascaraDoc, cel, mascaraCel] of [
    [`João Rápido E2E ${s}`, cpf, `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`, '98987654321', '(98) 98765-4321'],
    [
      `Açúcar Rápido Ltda E2E ${s}`,
      cnpj,
      `${cnpj.slice(0, 2)}.${cnpj.slice(2, 5)}.${cnpj.slice(5, 8)}/${cnpj.slice(8, 12)}-${cnpj.slice(12)}`,
      '9832214455',
      '(98) 3221-4455',
    ],
  ]) {
    await page.goto('/pessoacreate');
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await tabDigitar(page, page.getByLabel('Nome', { exact: true }), doc, BALCAO);
    await page.keyboard.press('Tab');
    await page.keyboard.type(cel);
    await expect(page.getByLabel('CPF/CNPJ')).toHaveValue(mascaraDoc);
    await expect(page.getByLabel('Celular')).toHaveValue(mascaraCel);
    await escolherOpcao(page, 'Tipo', 'Comprador');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click();
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/pessoa$/, { timeout: 5000 });
    const r = await apiAdmin<ListPage<Pessoa>>(request, 'POST', 'pessoa/searchPessoa/asc/id', { nome });
    expect(r.content.map((p) => ({ doc: soDigitos(p.cpfcnpj), celular: p.celular }))).toEqual([{ doc, celular: cel }]);
  }

  // The public quotation's own date filter, right after the Tab from the name filter.
  await page.goto('/home');
  await page.getByLabel('Filtrar por Nome').fill(`Grupo Rápido E2E ${s}`);
  await tabDigitar(page, page.getByLabel('Filtrar por Nome'), '13032012', BALCAO);
  await expect(page.getByLabel('Filtrar por Data Cotação')).toHaveValue('13/03/2012');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('13/03/2012');
});

test("o botão do calendário diz 'Escolher data' e escolhe a data com o mouse", async ({ page }) => {
  await entrar(page);
  // On a page where no calendar was opened yet, each button sits right of its field, on the same line.
  await page.goto('/vaf');
  for (const rotulo of ['Data Inicial', 'Data Final']) {
    const campo = (await page.getByLabel(rotulo, { exact: true }).boundingBox())!;
    const botao = (await page.locator('.field').filter({ hasText: rotulo }).getByRole('button', { name: 'Escolher data' }).boundingBox())!;
    expect(Math.abs(botao.y - campo.y), rotulo).toBeLessThan(2);
    expect(botao.x, rotulo).toBeGreaterThanOrEqual(campo.x + campo.width - 2);
  }
  await page.goto('/precoscreate');
  const data = page.getByLabel('Data', { exact: true });
  await data.fill('10/02/2016');
  await expect(page.getByRole('button', { name: /choose/i })).toHaveCount(0);
  await page.getByRole('button', { name: 'Escolher data' }).click();
  const calendario = page.locator('.p-datepicker');
  await expect(calendario).toBeVisible();
  await expect(calendario).toContainText(/fevereiro/i);
  await calendario.getByText('23', { exact: true }).click();
  await expect(data).toHaveValue('23/02/2016');
  await expect(calendario).toBeHidden();

  // The lists' date filters too.
  await page.goto('/precos');
  await expect(page.getByLabel('Filtrar por Data')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Escolher data' })).toHaveCount(1);
  await expect(page.getByRole('button', { name: /choose/i })).toHaveCount(0);
});

test('um segundo (e terceiro) clique em Salvar não salva duas vezes', async ({ page, request }) => {
  const { produto } = await grupoEProduto(request, `Grupo Clique E2E ${s}`, `Produto Clique E2E ${s}`);
  await entrar(page);

  // Price: double click, then triple click on Salvar: one price each.
  for (const [dia, cliques] of [
    ['01042013', 2],
    ['02042013', 3],
  ] as const) {
    await page.goto('/precoscreate');
    await page.getByLabel('Data', { exact: true }).fill(`${dia.slice(0, 2)}/${dia.slice(2, 4)}/${dia.slice(4)}`);
    await escolherOpcao(page, 'Produto', `Produto Clique E2E ${s} - Caixa 20kg`);
    await page.getByLabel('Valor (R$)').pressSequentially('10');
    await page.getByRole('button', { name: 'Salvar', exact: true }).click({ clickCount: cliques });
    await toast(page, 'Cadastro concluído!');
    // ... and once more while the page waits its 2 s before going back to the list.
    await page.getByRole('button', { name: 'Salvar', exact: true }).click({ force: true });
    await expect(page).toHaveURL(/\/precos$/, { timeout: 5000 });
  }
  expect((await precosDe(request, produto.id)).map((p) => p.data)).toEqual(['2013-04-01', '2013-04-02']);

  // 'Salvar e continuar' twice at once: one price; the form then stays and saves the next one.
  await page.goto('/precoscreate');
  await page.getByLabel('Data', { exact: true }).fill('03/04/2013');
  await escolherOpcao(page, 'Produto', `Produto Clique E2E ${s} - Caixa 20kg`);
  await page.getByLabel('Valor (R$)').pressSequentially('11');
  await page.getByRole('button', { name: 'Salvar e continuar' }).dblclick();
  await toast(page, 'Cadastro concluído!');
  await expect(page.getByLabel('Valor (R$)')).toHaveValue('');
  await page.getByLabel('Valor (R$)').pressSequentially('12');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  // A second price of the day asks first (decision 0136).
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message').filter({ hasText: 'Cadastro concluído!' })).toHaveCount(2);
  await expect(page).toHaveURL(/\/precoscreate$/);
  expect((await precosDe(request, produto.id)).filter((p) => p.data === '2013-04-03').map((p) => p.valor)).toEqual([11, 12]);

  // Product group: double and triple click, and Enter pressed twice in the field.
  const grupos = [`Dois Cliques E2E ${s}`, `Três Cliques E2E ${s}`, `Dois Enter E2E ${s}`];
  for (const [i, nome] of grupos.entries()) {
    await page.goto('/produtoGrupocreate');
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Un Padrão').fill('KG');
    if (i === 2) {
      await page.getByLabel('Un Padrão').press('Enter');
      await page.getByLabel('Un Padrão').press('Enter');
    } else await page.getByRole('button', { name: 'Salvar', exact: true }).click({ clickCount: i + 2 });
    await toast(page, 'Cadastro concluído!');
    await page.getByLabel('Un Padrão').press('Enter');
    await expect(page).toHaveURL(/\/produtoGrupo$/, { timeout: 5000 });
  }
  for (const nome of grupos) {
    const r = await apiAdmin<ListPage<Grupo>>(request, 'POST', 'produtoGrupo/searchProdutoGrupo/asc/nome', { nome });
    expect(
      r.content.map((g) => g.nome),
      nome,
    ).toEqual([nome]);
  }

  // A refused save unlocks the form: the clerk fixes it and saves once.
  await page.goto('/produtoGrupocreate');
  await page.route(
    '**/api/produtoGrupo',
    (r) => (r.request().method() === 'POST' ? r.fulfill({ status: 500, json: { status: 500, error: 'Erro', message: 'Falha simulada' } }) : r.continue()),
    { times: 1 },
  );
  await page.getByLabel('Nome', { exact: true }).fill(`Depois da Falha E2E ${s}`);
  await page.getByLabel('Un Padrão').fill('KG');
  await page.getByRole('button', { name: 'Salvar', exact: true }).dblclick();
  await toast(page, 'Erro ao cadastrar grupo de produto!');
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  const r = await apiAdmin<ListPage<Grupo>>(request, 'POST', 'produtoGrupo/searchProdutoGrupo/asc/nome', { nome: `Depois da Falha E2E ${s}` });
  expect(r.content).toHaveLength(1);
});

/** Whether `el` lies wholly inside the viewport. */
async function naTela(page: Page, el: Locator) {
  const b = (await el.boundingBox())!;
  const v = page.viewportSize()!;
  expect(b, await el.evaluate((e) => e.outerHTML.slice(0, 120))).toBeTruthy();
  expect(b.x).toBeGreaterThanOrEqual(0);
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.x + b.width).toBeLessThanOrEqual(v.width + 0.5);
  expect(b.y + b.height).toBeLessThanOrEqual(v.height + 0.5);
}

/** Inner width an element's content overflows by (0 when it fits). */
const transborda = (el: Locator) => el.evaluate((e) => Math.max(0, e.scrollWidth - e.clientWidth));

/** Filters of the list header whose placeholder does not fit (text cut), as 'label: text'. */
function placeholdersCortados(page: Page) {
  return page.evaluate(() => {
    const ctx = document.createElement('canvas').getContext('2d')!;
    const cortados: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLInputElement>('thead input[placeholder]'))) {
      if (el.value || el.offsetParent === null) continue;
      const cs = getComputedStyle(el);
      ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
      const util = el.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight);
      if (ctx.measureText(el.placeholder).width > util + 0.5) cortados.push(`${el.getAttribute('aria-label')}: ${el.placeholder}`);
    }
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('thead .p-dropdown-label.p-placeholder'))) {
      if (el.scrollWidth > el.clientWidth)
        cortados.push(`${el.closest('.p-dropdown')?.querySelector('[aria-label]')?.getAttribute('aria-label')}: ${el.textContent}`);
    }
    return cortados;
  });
}

test('nomes de 200 caracteres quebram dentro da célula, da confirmação e do relatório; os filtros cabem nas colunas', async ({ page, request }) => {
  const marca = `L${s}`;
  const semEspaco = 'A'.repeat(200 - marca.length) + marca;
  const comEspaco = `Grupo de nome bem comprido ${marca} `.repeat(8).slice(0, 200).trim();
  const produtoLongo = `Produto ${s} ` + 'Ç'.repeat(200 - 9 - s.length);
  const { grupo, produto } = await grupoEProduto(request, semEspaco, produtoLongo);
  await fabrica.produtoGrupo(request, { nome: comEspaco, unPadrao: 'U'.repeat(50) });
  await fabrica.preco(request, { produtoId: produto.id, data: '2014-05-05', valor: 99.9 });
  await entrar(page);

  // The group list: both names wrap inside their cells, nothing scrolls sideways.
  await page.goto('/produtoGrupo');
  await page.getByLabel('Filtrar por Nome').fill(marca);
  await expect(linhas(page)).toHaveCount(2);
  const tabela = page.locator('.p-datatable-wrapper');
  expect(await transborda(tabela)).toBe(0);
  for (const nome of [semEspaco, comEspaco])
    await naTela(
      page,
      linhas(page)
        .filter({ hasText: nome })
        .getByRole('button', { name: `Remover ${nome}` }),
    );
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-grupo-lista.png'), fullPage: true });

  // The delete confirmation: the whole dialog and its Sim/Não on screen.
  await page.getByRole('button', { name: `Remover ${semEspaco}` }).click();
  const confirma = page.locator('.p-confirm-dialog');
  await expect(confirma).toBeVisible();
  await expect(confirma).toContainText(`Você tem certeza que quer remover ${semEspaco}?`);
  await naTela(page, confirma);
  await naTela(page, confirma.getByRole('button', { name: 'Sim' }));
  await naTela(page, confirma.getByRole('button', { name: 'Não' }));
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-grupo-remover.png') });
  await confirma.getByRole('button', { name: 'Não' }).click();
  await expect(confirma).toBeHidden();

  // The group's report: the header and the table inside the dialog, on screen and on paper.
  await page.getByRole('button', { name: `Imprimir boletins do grupo ${semEspaco}` }).click();
  const rel = page.getByRole('dialog', { name: 'Boletins por Grupo de Produto' });
  await expect(rel).toBeVisible({ timeout: 3000 });
  await expect(rel.getByText(`Grupo: ${semEspaco} (Caixa 20kg)`)).toBeVisible();
  await naTela(page, rel);
  await naTela(page, rel.getByRole('button', { name: 'Imprimir' }));
  expect(await transborda(rel.locator('.p-dialog-content'))).toBe(0);
  const caixa = (await rel.locator('.p-dialog-content').boundingBox())!;
  const tabelaRel = (await rel.locator('.print-table').boundingBox())!;
  expect(tabelaRel.x + tabelaRel.width).toBeLessThanOrEqual(caixa.x + caixa.width);
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-grupo-relatorio.png') });
  await imprimirPdf(page, 'longo-grupo-relatorio', { contem: ['Boletins por Grupo de Produto'] });
  await rel.getByRole('button', { name: 'Fechar' }).click();

  // The price list and its report: a long product beside a long group.
  await page.goto('/precos');
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await page.getByLabel('Filtrar por Nome').fill(`Produto ${s}`);
  await expect(linhas(page)).toHaveCount(1);
  expect(await transborda(page.locator('.p-datatable-wrapper'))).toBe(0);
  await naTela(
    page,
    linhas(page)
      .first()
      .getByRole('button', { name: `Remover ${produtoLongo}` }),
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-precos-lista.png'), fullPage: true });
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const relPrecos = page.getByRole('dialog', { name: 'Preços' });
  await expect(relPrecos.getByRole('cell', { name: produtoLongo })).toBeVisible();
  expect(await transborda(relPrecos.locator('.p-dialog-content'))).toBe(0);
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-precos-relatorio.png') });
  await imprimirPdf(page, 'longo-precos-relatorio', { contem: ['Preços', 'R$ 99,90'] });
  await relPrecos.getByRole('button', { name: 'Fechar' }).click();
  await page.getByRole('button', { name: `Remover ${produtoLongo}` }).click();
  await naTela(page, confirma);
  await naTela(page, confirma.getByRole('button', { name: 'Sim' }));
  await confirma.getByRole('button', { name: 'Não' }).click();

  // The public quotation with the long group.
  await page.goto('/home');
  await page.getByLabel('Filtrar por Nome').fill(semEspaco);
  await expect(linhas(page)).toHaveCount(1);
  await naTela(
    page,
    linhas(page)
      .first()
      .getByRole('button', { name: `Ver histórico de preços de ${semEspaco}` }),
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'longo-home.png'), fullPage: true });
  expect(grupo.nome).toBe(semEspaco);

  // Every list's filter placeholder shows whole.
  await page.getByLabel('Filtrar por Nome').fill('');
  expect(await placeholdersCortados(page), '/home').toEqual([]);
  for (const rota of [
    '/precos',
    '/produto',
    '/produtoGrupo',
    '/pessoa',
    '/propriedade',
    '/estacionamento',
    '/municipio',
    '/logs',
    '/pedra',
    '/rotas',
    '/permissoes',
    '/usuarios',
  ]) {
    await page.goto(rota);
    await page.getByRole('button', { name: 'Limpar Filtros' }).click();
    await expect(page.locator('.p-datatable thead')).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await placeholdersCortados(page), rota).toEqual([]);
    await page.screenshot({ path: path.join(ARTEFATOS, `filtros${rota.replace('/', '-')}.png`) });
  }
});

test('Logs só para ler (sem Remover) e Município sem remoção', async ({ page, request }) => {
  const municipio = await fabrica.municipio(request, { nome: `Município Sem Remover E2E ${s}`, sigla: 'PI' });
  await entrar(page);

  await page.goto('/logs');
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await page.getByLabel('Filtrar por Cadastro').fill('Municipio');
  await expect(
    linhas(page)
      .first()
      .getByRole('button', { name: /^Ver log \d+$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remover/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Editar/ })).toHaveCount(0);
  await linhas(page)
    .first()
    .getByRole('button', { name: /^Ver log/ })
    .click();
  await expect(page).toHaveURL(/\/logs\/edit\/\d+$/);
  await expect(page.getByRole('button', { name: /Salvar|Atualizar|Remover/ })).toHaveCount(0);

  await page.goto('/municipio');
  await page.getByLabel('Filtrar por Nome').fill(municipio.nome);
  await expect(linhas(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Editar ${municipio.nome}` })).toBeVisible();
  await expect(page.getByRole('button', { name: `Remover ${municipio.nome}` })).toHaveCount(0);
});
