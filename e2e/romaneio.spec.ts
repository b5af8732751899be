import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { expect, type Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { formatDate, type Romaneio } from '@ceasa/shared';
import {
  apiAdmin,
  ARTEFATOS,
  diasAtrasIso,
  DIVIDAS_E2E,
  entrar,
  filtrarPorOpcao,
  linhas,
  maisDias,
  redigitar,
  semViolacoesGraves,
  sufixoUnico,
  test,
  toast,
} from './support';
import * as fabrica from './fabricas';

/*
 * Market day at the gate: a romaneio for two market days (Monday/Thursday, the default setting) with
 * items added from the keyboard, seen in the list with its tag, a quantity edited inline, a reused
 * debt refused with the pt-BR message, and the delete.
 */

/** The gate's confirmation before an unusual save: it names `aviso`; 'Salvar' goes on. */
async function confirmarAvisos(page: Page, aviso: string) {
  await expect(page.getByTestId('avisos-do-romaneio')).toContainText(aviso);
  await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Salvar', exact: true }).click();
}

/** The first two market days (Monday or Thursday) after today, yyyy-mm-dd. */
function proximosDiasDeMercado(): [string, string] {
  const dias: string[] = [];
  for (let n = 1; dias.length < 2; n++) {
    const d = diasAtrasIso(-n);
    const semana = new Date(`${d}T12:00:00Z`).getUTCDay();
    if (semana === 1 || semana === 4) dias.push(d);
  }
  return [dias[0], dias[1]];
}

/** Producer with a property and a bulletin: tomato harvestable on both days, lettuce only from the second. */
async function cenario(request: Parameters<typeof apiAdmin>[0], d1: string, d2: string) {
  const s = sufixoUnico();
  const { produtor, propriedade: sitio } = await fabrica.produtorComPropriedade(request, {
    produtor: { nome: `Romeu Feirante E2E ${s}` },
    municipio: { nome: `Imperatriz R E2E ${s}` },
    propriedade: { nome: `Sítio do Romeu E2E ${s}` },
  });
  const tecnico = await fabrica.tecnico(request, { nome: `Téc. Romaneio E2E ${s}` });
  const grupo = await fabrica.produtoGrupo(request, { nome: `Feira E2E ${s}` });
  const tomate = await fabrica.produto(request, { nome: `Tomate R E2E ${s}`, produtoGrupoId: grupo.id });
  const alface = await fabrica.produto(request, { nome: `Alface R E2E ${s}`, produtoGrupoId: grupo.id });
  const item = (produtoId: number, inicio: string, fim: string) => ({
    produtoId,
    areaProducao: 1,
    producaoEstimada: 5000,
    producaoEmbalada: 4000,
    inicioColheita: inicio,
    fimColheita: fim,
  });
  await fabrica.boletim(request, {
    dataVisita: diasAtrasIso(30),
    dataEmissao: diasAtrasIso(30),
    produtorId: produtor.id,
    propriedadeId: sitio.id,
    tecnicoId: tecnico.id,
    itens: [item(tomate.id, maisDias(d1, -10), maisDias(d2, 10)), item(alface.id, d2, maisDias(d2, 20))],
  });
  return { produtor, tomate, alface };
}

/** Types a date into the issue-date input and includes it with Enter. */
async function incluirData(page: Page, iso: string) {
  const campo = page.getByLabel('Datas de Emissão');
  await redigitar(campo, formatDate(iso).replace(/\D/g, ''));
  await campo.press('Enter');
  await expect(page.getByRole('button', { name: `Remover a data ${formatDate(iso)}` })).toBeVisible();
}

/** Picks the producer from the keyboard: its name typed in the search box, Enter (the protocol). */
async function escolherProdutor(page: Page, nome: string) {
  const campo = page.getByLabel('Produtor', { exact: true });
  await campo.click();
  await page.keyboard.type(nome);
  await page.keyboard.press('Enter');
  await expect(campo).toHaveValue(nome);
}

/** Adds an item from the keyboard: the product's name typed, Enter (focus to the quantity), quantity, Enter; focus comes back to the product. */
async function adicionarPeloTeclado(page: Page, produto: string, quantidade: string) {
  const produtoInput = page.locator('#novo-produto');
  await expect(produtoInput).toBeFocused();
  await expect(produtoInput).toHaveAttribute('placeholder', 'Digite o produto e Enter');
  await page.keyboard.type(produto);
  await page.keyboard.press('Enter');
  await expect(page.locator('#novo-quantidade')).toBeFocused();
  await page.keyboard.type(quantidade);
  await page.keyboard.press('Enter');
  await expect(page.locator('.p-datatable[aria-label="Produtos adicionados"]')).toContainText(produto);
  await expect(produtoInput).toBeFocused();
  // Ready for the next product: both inputs cleared.
  await expect(page.locator('#novo-quantidade')).toHaveValue('');
  await expect(produtoInput).toHaveValue('');
}

test('Romaneio: dois dias de mercado com itens pelo teclado, lista com etiqueta, edição da quantidade, dívida repetida e remoção', async ({
  page,
  request,
}) => {
  const [d1, d2] = proximosDiasDeMercado();
  const c = await cenario(request, d1, d2);
  const divida = DIVIDAS_E2E[0];
  await entrar(page);

  // What the form asks for (decisions 0125 and 0126): the producers with a harvest in the year before the
  // earliest date or later, and the chosen producer's items harvestable on a chosen date, not every year's rows.
  const pedidos: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/(pessoa\/tipo\/1|boletimitens\/produtos\/)/.test(r.url())) pedidos.push(r.url().replace(/^.*\/api\//, ''));
  });
  // A free stall clicked on the stall map opens the form with that stall and date.
  await page.goto(`/romaneiocreate?pedra=15&data=${d1}`);
  await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();
  await expect(page.getByTestId('datas-escolhidas')).toHaveText(`Escolhidas:${formatDate(d1)}`);
  await expect(page.getByRole('button', { name: 'Remover a pedra 15' })).toHaveCount(1);
  // Not a market day: refused with the weekdays allowed.
  const terca = maisDias(d1, (2 - new Date(`${d1}T12:00:00Z`).getUTCDay() + 7) % 7 || 7);
  await redigitar(page.getByLabel('Datas de Emissão'), formatDate(terca).replace(/\D/g, ''));
  await page.getByLabel('Datas de Emissão').press('Enter');
  await expect(page.getByText('A data de emissão deve ser um dia de mercado (segunda-feira ou quinta-feira).')).toBeVisible();
  await incluirData(page, d2);
  await expect(page.getByTestId('datas-escolhidas')).toHaveText(`Escolhidas:${formatDate(d1)}${formatDate(d2)}`);
  await semViolacoesGraves(page);
  await expect(page.getByRole('button', { name: 'Salvar' })).toBeDisabled();

  // The debt: looked up on leaving the field.
  await redigitar(page.getByLabel('Dívida'), String(divida.numero));
  await page.getByLabel('Dívida').press('Tab');
  await toast(page, divida.nomeContribuinte);
  // Closed by hand, and the pointer taken off the toasts' corner: PrimeReact pauses a toast's 5 s while the
  // pointer rests on it, and the list below must open without it.
  await page.locator('.p-toast-message').filter({ hasText: divida.nomeContribuinte }).locator('.p-toast-icon-close').click();
  await page.mouse.move(0, 899);

  await expect.poll(() => pedidos).toContain(`pessoa/tipo/1?ativosDesde=${maisDias(d1, -365)}`);
  await escolherProdutor(page, c.produtor.nome);
  const colheitaEm = `boletimitens/produtos/${c.produtor.id}?colheitaEm=${d1},${d2}`;
  await expect.poll(() => pedidos).toContain(colheitaEm);
  // The products offered are the harvestable ones; every item of the producer is read only after them (to say why a
  // product typed is not offered), so nothing unfiltered comes first.
  expect(pedidos.slice(0, pedidos.indexOf(colheitaEm)).filter((u) => !u.includes('?'))).toEqual([]);
  await page.locator('#novo-produto').focus();
  await adicionarPeloTeclado(page, c.tomate.nome, '120,5');
  await adicionarPeloTeclado(page, c.alface.nome, '30');
  await page.screenshot({ path: path.join(ARTEFATOS, 'romaneio-form.png'), fullPage: true });

  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/romaneio')) posts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Salvar' }).click();
  // The tax system's debt is not the producer's: the server asks (its 409), it does not refuse.
  await confirmarAvisos(page, `O contribuinte da dívida ${divida.numero} é ${divida.nomeContribuinte}`);
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/romaneio$/);
  // One save: the batch asked, then the same batch confirming that question; one romaneio per date, the lettuce only on the second day.
  expect(posts).toHaveLength(2);
  expect(posts.map((p) => (JSON.parse(p) as { confirmar?: unknown }[]).map((r) => r.confirmar))).toEqual([
    [undefined, undefined],
    [['contribuinte'], ['contribuinte']],
  ]);
  const lote = JSON.parse(posts[1]) as { dataEmissao: string; itens: { produtoNome: string }[] }[];
  expect(lote.map((r) => [r.dataEmissao, r.itens.map((i) => i.produtoNome)])).toEqual([
    [d1, [c.tomate.nome]],
    [d2, [c.tomate.nome, c.alface.nome]],
  ]);

  // The list: both romaneios of the producer, with the debt and the green 'NÃO' tag.
  await filtrarPorOpcao(page, 'Filtrar por Nome do Produtor', c.produtor.nome);
  await expect(linhas(page)).toHaveCount(2);
  // The newest first (issue date descending): the second day above the first.
  await expect(linhas(page).first()).toContainText(formatDate(d2));
  await expect(linhas(page).last()).toContainText(formatDate(d1));
  await expect(linhas(page).first()).toContainText(String(divida.numero));
  await expect(linhas(page).first().locator('.p-tag.p-tag-success')).toHaveText('NÃO');
  await page.screenshot({ path: path.join(ARTEFATOS, 'romaneio-lista.png'), fullPage: true });
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
  // (Focus off the producer filter: PrimeReact's focused dropdown carries attributes axe flags, on every list.)
  await page.getByRole('heading', { name: 'Romaneios' }).click();
  await semViolacoesGraves(page);
  const salvos = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida.numero}`);
  expect(salvos.map((r) => r.pedras.map((p) => p.pedrasNumero))).toEqual([['15'], ['15']]);

  // Edit the second day: read-only but the quantities, each saved at once.
  const [, segundo] = salvos;
  await page.getByRole('button', { name: `Editar Romaneio ${segundo.id}` }).click();
  await expect(page.getByRole('heading', { name: `Editar Romaneio ${segundo.id}` })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar' })).toHaveCount(0);
  await expect(page.getByLabel('Dívida')).toBeDisabled();
  await semViolacoesGraves(page);
  const qtde = page.getByLabel(`Quantidade de ${c.tomate.nome}`);
  await expect(qtde).toHaveValue('120,50');
  await redigitar(qtde, '150');
  await qtde.press('Tab');
  const item = segundo.itens.find((i) => i.produtoNome === c.tomate.nome)!;
  await toast(page, 'Cadastro Alterado!');
  await toast(page, `Quantidade de ${c.tomate.nome} do Romaneio ${segundo.id} alterada com sucesso`);
  await page.screenshot({ path: path.join(ARTEFATOS, 'romaneio-edicao.png'), fullPage: true });
  expect((await apiAdmin<Romaneio>(request, 'GET', `romaneio/${segundo.id}`)).itens.find((i) => i.id === item.id)!.quantidade).toBe(150);
  // A refused quantity: 'Erro ao alterar!' with the rule's message, the saved value back in the cell, nothing stored.
  await redigitar(qtde, '0');
  await qtde.press('Tab');
  await expect(page.locator('.p-toast-message-error').filter({ hasText: 'Erro ao alterar!' })).toContainText('A quantidade deve ser maior que 0');
  await expect(qtde).toHaveValue('150,00');
  expect((await apiAdmin<Romaneio>(request, 'GET', `romaneio/${segundo.id}`)).itens.find((i) => i.id === item.id)!.quantidade).toBe(150);

  // A market day past every harvest window: the producer has nothing to bring then.
  const longe = [35, 36, 37, 38, 39, 40, 41].map((n) => maisDias(d2, n)).find((d) => new Date(`${d}T12:00:00Z`).getUTCDay() === 1)!;
  await page.goto(`/romaneiocreate?data=${longe}`);
  await escolherProdutor(page, c.produtor.nome);
  await toast(page, 'Data de emissão fora do período de colheita dos produtos!');

  // The same debt in another batch ('Adicionar todos' with the quantity typed): refused in pt-BR.
  await page.goto(`/romaneiocreate?data=${d2}`);
  await redigitar(page.getByLabel('Dívida'), String(divida.numero));
  await escolherProdutor(page, c.produtor.nome);
  await redigitar(page.getByLabel('Quantidade', { exact: true }), '10');
  await page.getByRole('button', { name: 'Adicionar todos' }).click();
  await expect(linhas(page)).toHaveCount(2);
  // Refused before anything is asked (a second romaneio of the producer that day would be a question).
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Erro ao cadastrar romaneio!');
  await toast(page, 'Verifique se a dívida já não está cadastrada em outro romaneio');
  await page.screenshot({ path: path.join(ARTEFATOS, 'romaneio-divida-repetida.png'), fullPage: true });

  // Delete the first day: asked by its debt.
  await page.goto('/romaneio');
  await expect(linhas(page)).toHaveCount(2);
  await page.getByRole('button', { name: `Remover Romaneio ${salvos[0].id}` }).click();
  await expect(page.getByText(`Você tem certeza que quer remover ${divida.numero}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await toast(page, `Romaneio ${salvos[0].id} removido(a) com sucesso`);
  await expect(linhas(page)).toHaveCount(1);
});

test('Dia de mercado: da pedra livre no mapa ao romaneio de dois dias, a pedra ocupada, a folha de controle, a etiqueta e o QR aberto num celular', async ({
  page,
  request,
  browser,
}) => {
  // A Thursday some weeks ahead (no other test books it) and the Monday after it.
  const s = Number(sufixoUnico());
  const hoje = diasAtrasIso(0);
  const ateQuinta = (4 - new Date(`${hoje}T12:00:00Z`).getUTCDay() + 7) % 7 || 7;
  const d1 = maisDias(hoje, ateQuinta + 7 * (20 + (s % 12)));
  const d2 = maisDias(d1, 4);
  const c = await cenario(request, d1, d2);
  const [livre] = await apiAdmin<{ id: number; numero: string }[]>(request, 'POST', 'pedras/livres', [d1, d2]);
  const divida = DIVIDAS_E2E[2];
  await entrar(page);

  // The stall map of that day: the free stall opens the gate form with it and the date.
  await page.goto(`/admin?data=${d1}`);
  const mapa = page.getByRole('group', { name: 'Mapa de pedras' });
  await mapa.getByRole('link', { name: `Pedra ${livre.numero}: livre. Criar romaneio` }).click();
  await expect(page).toHaveURL(new RegExp(`/romaneiocreate\\?pedra=${livre.numero}&data=${d1}$`));
  await expect(page.getByTestId('datas-escolhidas')).toHaveText(`Escolhidas:${formatDate(d1)}`);
  await incluirData(page, d2);
  await redigitar(page.getByLabel('Dívida'), String(divida.numero));
  await page.getByLabel('Dívida').press('Tab');
  await toast(page, divida.nomeContribuinte);
  await escolherProdutor(page, c.produtor.nome);
  await page.locator('#novo-produto').focus();
  await adicionarPeloTeclado(page, c.tomate.nome, '80');
  // Salvar clicked twice at full speed: one batch.
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/romaneio')) posts.push(r.postData() ?? '');
  });
  await page.getByRole('button', { name: 'Salvar' }).dblclick();
  await confirmarAvisos(page, `O contribuinte da dívida ${divida.numero} é ${divida.nomeContribuinte}`);
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/romaneio$/);
  // The batch once, asked, and once confirmed.
  expect(posts).toHaveLength(2);
  const [r1, r2] = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida.numero}`);
  expect([r1.dataEmissao, r2.dataEmissao]).toEqual([d1, d2]);

  // Back on the map: the stall is red, with the producer in its tooltip, on both days.
  for (const d of [d1, d2]) {
    await page.goto(`/admin?data=${d}`);
    const ocupada = mapa.getByRole('img', { name: `Pedra ${livre.numero}: ocupada por ${c.produtor.nome}` });
    await expect(ocupada).toBeVisible();
    // The stall sits at the same place on both days: without leaving it first, the pointer never "enters" it again.
    await page.mouse.move(0, 0);
    await ocupada.hover();
    await expect(page.locator('.p-tooltip')).toContainText(c.produtor.nome);
  }

  // The list: the control sheet and the tracking label of the first day.
  await page.goto('/romaneio');
  await page.getByLabel('Filtrar por Código').fill(String(r1.id));
  await page.getByRole('button', { name: `Imprimir o romaneio ${r1.id}`, exact: true }).click();
  const controle = page.getByRole('dialog', { name: 'Controle de entrada de mercadoria' });
  await expect(controle.getByRole('heading', { name: 'CONTROLE ENTRADA DE MERCADORIA' })).toHaveCount(1);
  await expect(controle).toContainText(c.produtor.nome);
  await expect(controle).toContainText(c.tomate.nome);
  await controle.getByRole('button', { name: /fechar|close/i }).click();
  await page.getByRole('button', { name: `Etiquetas do romaneio ${r1.id}`, exact: true }).click();
  const etiqueta = page.getByRole('dialog', { name: 'Etiquetas de rastreamento' }).locator('.etiqueta');
  await expect(etiqueta).toHaveCount(1);
  const png = PNG.sync.read(await etiqueta.screenshot());
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(qr, 'QR code legível na etiqueta').not.toBeNull();
  // The item's own random lot code (decision 0107), never the guessable 'romaneioIdRitemId'.
  expect(r1.itens[0].lote).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
  expect(qr!.data).toBe(`http://127.0.0.1:${E2E_PORT}/lote/${r1.itens[0].lote}`);

  // Scanned by a buyer: the lot card, signed out, on a phone.
  const celular = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'pt-BR' });
  try {
    const p = await celular.newPage();
    await p.goto(qr!.data);
    const cartao = p.getByRole('article');
    await expect(cartao.getByRole('heading', { name: new RegExp(c.tomate.nome) })).toBeVisible();
    await expect(cartao).toContainText(c.produtor.nome);
    await expect(cartao).toContainText(formatDate(d1));
    await expect(p.getByRole('button')).toHaveCount(0);
  } finally {
    await celular.close();
  }
});
