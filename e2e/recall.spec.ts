import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { RECALL_COLUNAS, RECALL_MSG } from '@ceasa/shared';
import { formatDate } from '@ceasa/shared/format';
import { expect, test } from './support';
import { apiAdmin, ARTEFATOS, entrar, escolherOpcao, linhas, semViolacoesGraves, maisDias, redigitar, sufixoUnico, toast } from './support';

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
  const post = <T = { id: number }>(url: string, body: unknown) => apiAdmin<T>(request, 'POST', url, body);
  const produtor = await post<{ id: number; nome: string }>('pessoa', {
    nome: `Produtor Recall ${s}`,
    cpfcnpj: `411222${s}`,
    tipoId: 1,
    celular: '99981234567',
  });
  const tecnico = await post('pessoa', { nome: `Técnico Recall ${s}`, cpfcnpj: `422333${s}`, tipoId: 2 });
  const lojista = await post('pessoa', { nome: `Lojista Recall ${s}`, cpfcnpj: `433444${s}`, tipoId: 3 });
  const mun = await post('municipio', { nome: `Recall ${s}`, sigla: 'MA' });
  const grupo = await post('produtoGrupo', { nome: `Tomates Recall ${s}`, unPadrao: 'CX 20kg' });
  const produto = await post<{ id: number; nome: string }>('produto', {
    nome: `Tomate Recall ${s}`,
    embalagem: 'CX 20kg',
    pesoEmKg: 20,
    produtoGrupoId: grupo.id,
    status: 'ATIVO',
  });
  const prop = await post('propriedade', {
    nome: `Sítio Recall ${s}`,
    municipioId: mun.id,
    areaTotal: 10,
    areaExplorada: 8,
    areaCultivada: 5,
    tipoPosse: 'PRÓPRIO',
    proprietarioId: produtor.id,
  });
  const boletim = await post<{ itens: { id: number }[] }>('boletim', {
    dataVisita: maisDias(DIA, -30),
    dataEmissao: maisDias(DIA, -30),
    produtorId: produtor.id,
    propriedadeId: prop.id,
    tecnicoId: tecnico.id,
    itens: [
      {
        produtoId: produto.id,
        areaProducao: 1,
        producaoEstimada: 5000,
        producaoEmbalada: 200,
        inicioColheita: maisDias(DIA, -10),
        fimColheita: maisDias(DIA, 30),
      },
    ],
  });
  const pedras = await apiAdmin<{ content: { id: number; numero: string }[] }>(request, 'GET', 'pedras/search?searchTerm=177&size=50');
  await post('romaneio', [
    {
      dataEmissao: DIA,
      divida: Number(`7${s}`) * 10 + 3,
      pessoaId: produtor.id,
      pedras: [{ pedrasId: pedras.content.find((p) => p.numero === '177')!.id, ocupacao: null }],
      itens: [{ produtoId: produto.id, quantidade: 12, boletimItensId: boletim.itens[0].id }],
    },
  ]);
  const loja = await post('loja', { lojistaId: lojista.id, dataEmissao: DIA, itens: [{ produtoId: produto.id, quantidade: 4, municipioId: mun.id }] });
  const itens = await apiAdmin<{ lote: string }[]>(request, 'GET', `recall?pessoaId=${produtor.id}`);
  return { s, produtor, produto, loja, lote: itens[0].lote };
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
