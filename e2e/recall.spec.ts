import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { RECALL_COLUNAS, RECALL_MSG } from '@ceasa/shared';
import { formatDate } from '@ceasa/shared/format';
import { expect, test } from './support';
import { apiAdmin, ARTEFATOS, entrar, escolherOpcao, linhas, semViolacoesGraves, redigitar, sufixoUnico, toast } from './support';
import { boletimColhendo, lojista, loja, pedra, romaneio } from './fabricas';

/** A Thursday (a market day) about eleven months ahead, on stall 177: no other spec books it. */
function quintaDistante(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 335);
  while (d.getUTCDay() !== 4) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DIA = quintaDistante();

/** A producer with a phone, his property and bulletin item, a romaneio on DIA on stall 177 and a shop sheet with the product that day, through the real API. */
async function cenario(request: APIRequestContext) {
  const s = sufixoUnico();
  const b = await boletimColhendo(request, {
    dia: DIA,
    produtor: { nome: `Produtor Recall ${s}`, celular: '99981234567' },
    tecnico: { nome: `Técnico Recall ${s}` },
    municipio: { nome: `Recall ${s}` },
    propriedade: { nome: `Sítio Recall ${s}` },
    grupo: { nome: `Tomates Recall ${s}`, unPadrao: 'CX 20kg' },
    produtos: [{ nome: `Tomate Recall ${s}` }],
    item: { producaoEmbalada: 200 },
  });
  const [produto] = b.produtos;
  await romaneio(request, {
    dataEmissao: DIA,
    divida: Number(`7${s}`) * 10 + 3,
    pessoaId: b.produtor.id,
    pedras: [{ pedrasId: (await pedra(request, '177')).id, ocupacao: null }],
    itens: [{ produtoId: produto.id, quantidade: 12, boletimItensId: b.itens[0] }],
  });
  const dono = await lojista(request, { nome: `Lojista Recall ${s}` });
  const ficha = await loja(request, { lojistaId: dono.id, dataEmissao: DIA, itens: [{ produtoId: produto.id, quantidade: 4, municipioId: b.municipio.id }] });
  const itens = await apiAdmin<{ lote: string }[]>(request, 'GET', `recall?pessoaId=${b.produtor.id}`);
  return { s, produtor: b.produtor, produto, loja: ficha, lote: itens[0].lote };
}

test('Recall: sem ponto de partida, por produtor e por lote, tabela, CSV e impressão com o cabeçalho municipal', async ({ page, request }) => {
  const c = await cenario(request);
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Recall' }).click();
  await expect(page).toHaveURL(/\/recall$/);
  await expect(page.getByRole('heading', { name: 'Recall', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Baixar CSV' })).toBeDisabled();

  // Nothing to start from: the server's pt-BR refusal.
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await toast(page, RECALL_MSG.semPontoDePartida);

  // From the producer.
  await escolherOpcao(page, 'Produtor', c.produtor.nome);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await toast(page, 'Pesquisa concluída!');
  await expect(linhas(page)).toHaveCount(1);
  const linha = linhas(page).first();
  for (const t of [
    formatDate(DIA),
    c.lote,
    '177',
    `${c.produto.nome} - CX 20kg`,
    '240',
    c.produtor.nome,
    '(99) 98123-4567',
    `Sítio Recall ${c.s} - Recall ${c.s}/MA`,
  ])
    await expect(linha).toContainText(t);
  await expect(linha).toContainText(`Loja ${c.loja.id} - Lojista Recall ${c.s} (4,00)`);
  await page.screenshot({ path: path.join(ARTEFATOS, 'recall.png'), fullPage: true });
  await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
  await semViolacoesGraves(page);

  // The server's CSV of the same search.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar CSV' }).click()]);
  expect(download.suggestedFilename()).toBe('recall.csv');
  const csv = readFileSync(await download.path(), 'utf8');
  expect(csv.startsWith('\uFEFF')).toBe(true);
  const [cabecalho, primeira] = csv.slice(1).split('\r\n');
  expect(cabecalho).toBe(RECALL_COLUNAS.join(';'));
  // For a pt-BR spreadsheet: dd/mm/yyyy, the phone formatted (text, never 9,99E+10).
  expect(primeira).toContain(`;${c.lote};${formatDate(DIA)};177;${c.produto.nome};CX 20kg;12;240;${c.produtor.nome};(99) 98123-4567;`);

  // The print view: municipal header, the search, the item.
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const rel = page.getByRole('dialog', { name: 'Recall - Itens de romaneio atingidos' });
  await expect(rel).toBeVisible();
  await expect(rel.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(rel.getByText(`Produtor: ${c.produtor.nome}`)).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'recall-impressao-dialogo.png') });
  // Print media (this machine has no pdftotext for imprimirPdf): an A4 PDF is made, and the page as printed shows
  // the report with its header and hides the screen (menu, filters, the dialog's buttons); screenshot to look at.
  await page.emulateMedia({ media: 'print' });
  const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
  expect(pdf.length).toBeGreaterThan(5000);
  await expect(page.locator('.print-area')).toBeVisible();
  await expect(page.locator('.print-area')).toContainText('Recall - Itens de romaneio atingidos');
  await expect(page.locator('.print-area')).toContainText(c.lote);
  await expect(page.locator('.print-area')).toContainText('Total: 1 item(ns), 240,00 kg');
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Pesquisar' })).toBeHidden();
  await expect(rel.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  // As wide as an A4 sheet (portrait, 96 dpi) for the screenshot.
  await page.setViewportSize({ width: 794, height: 1123 });
  await page.screenshot({ path: path.join(ARTEFATOS, 'recall-impressao.png'), fullPage: true });
  await page.emulateMedia({ media: 'screen' });
  await page.setViewportSize({ width: 1366, height: 900 });
  await rel.getByRole('button', { name: /Fechar|Close/ }).click();

  // From the lot code alone (the producer cleared).
  await page.getByRole('button', { name: 'Limpar' }).click();
  await expect(linhas(page).first()).toContainText('Informe um ponto de partida');
  await redigitar(page.getByLabel('Lote', { exact: true }), c.lote);
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText(c.produtor.nome);
});
