import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { ARTEFATOS, entrar, expect, imprimirPdf, maisDias, semViolacoesGraves, sufixoUnico, test, vigiarCsp } from './support';
import { boletimColhendo, pedraLivre, romaneios, segundaDaqui } from './fabricas';

/** The i-th product's name: one word, so a narrow table cell does not wrap it in the PDF's text. */
const produtoN = (s: string, i: number) => `Couve${s}n${String(i).padStart(2, '0')}`;

/**
 * A producer with a property, a bulletin of 12 products harvestable on the date and one romaneio of the 12
 * (one stall booked), created through the API as the gate's form would (POST romaneio: the batch).
 */
async function romaneioDe12Itens(request: APIRequestContext) {
  const s = sufixoUnico();
  // At most 44 weeks ahead: always within the issue date's year range (up to next year).
  const data = segundaDaqui(4 + (Number(s) % 40));
  const {
    produtor,
    propriedade: sitio,
    municipio: mun,
    produtos,
    boletim,
  } = await boletimColhendo(request, {
    dia: data,
    antes: 30,
    produtor: { nome: `Maria Etiqueta E2E ${s}` },
    tecnico: { nome: `Técnico Etiqueta E2E ${s}` },
    municipio: { nome: `Lavras${s}`, sigla: 'MG' },
    propriedade: { nome: `Sítio${s}` },
    grupo: { nome: `Folhosas E2E ${s}` },
    produtos: Array.from({ length: 12 }, (_, i) => ({ nome: produtoN(s, i + 1) })),
  });
  const livre = await pedraLivre(request, data);
  const divida = 70_000_000 + Number(s);
  // The batch of two market days (Monday and Thursday) under one debt: 12 items, then 1.
  const quinta = maisDias(data, 3);
  const [romaneio, segundo] = await romaneios(request, [
    {
      dataEmissao: data,
      divida,
      pessoaId: produtor.id,
      pedras: [{ pedrasId: livre.id }],
      itens: boletim.itens.map((b, i) => ({ produtoId: b.produtoId, quantidade: 10 + i, boletimItensId: b.id })),
    },
    {
      dataEmissao: quinta,
      divida,
      pessoaId: produtor.id,
      pedras: [],
      itens: [{ produtoId: boletim.itens[0].produtoId, quantidade: 5, boletimItensId: boletim.itens[0].id }],
    },
  ]);
  return { s, data, produtor, sitio, mun, produtos, romaneio, segundo, livre };
}

/** The romaneio's row on the list (filtered by its code; the row's buttons name it). */
async function abrirLinha(page: Page, id: number) {
  await page.goto('/romaneio');
  await page.getByLabel('Filtrar por Código').fill(String(id));
  await expect(page.getByRole('button', { name: `Imprimir o romaneio ${id}`, exact: true })).toBeVisible();
}

const paginasDoPdf = (pdf: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdf]).toString())![1]);
const tamanhoDoPdf = (pdf: string) =>
  /Page size:\s+([\d.]+) x ([\d.]+) pts/
    .exec(execFileSync('pdfinfo', [pdf]).toString())!
    .slice(1, 3)
    .map(Number);

test('romaneio: folha de controle (quebra a cada 10 itens), etiquetas com QR, e o QR abre a página pública do lote num celular', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  const c = await romaneioDe12Itens(request);
  const r = c.romaneio;
  expect(r.itens).toHaveLength(12);
  await entrar(page);

  // Control sheet: 12 items → two pages, the header and data repeated, the break after the 10th row.
  await abrirLinha(page, r.id);
  await page.screenshot({ path: path.join(ARTEFATOS, 'etiquetas-lista.png') });
  await page.getByRole('button', { name: `Imprimir o romaneio ${r.id}`, exact: true }).click();
  const controle = page.getByRole('dialog', { name: 'Controle de entrada de mercadoria' });
  await expect(controle.getByRole('heading', { name: 'CONTROLE ENTRADA DE MERCADORIA' })).toHaveCount(2);
  const texto = await imprimirPdf(page, 'etiquetas-controle', {
    contem: ['CONTROLE ENTRADA DE MERCADORIA', c.produtor.nome, String(r.divida), c.livre.numero, 'Assinatura do produtor', 'Horário de chegada'],
    naoContem: ['Exportar CSV', 'Sair'],
  });
  const paginas = texto.split('\f').filter((p) => p.trim());
  expect(paginas).toHaveLength(2);
  for (let i = 1; i <= 12; i++) {
    const nome = produtoN(c.s, i);
    expect(paginas[i <= 10 ? 0 : 1], nome).toContain(nome);
    expect(paginas[i <= 10 ? 1 : 0], nome).not.toContain(nome);
  }
  for (const p of paginas) {
    expect(p).toContain('CONTROLE ENTRADA DE MERCADORIA');
    expect(p).toMatch(/Qtde\s+Unidade\s+Produto\s+Início\s+Fim\s+Propriedade - Município/);
    expect(p).toContain(`${c.sitio.nome} - ${c.mun.nome}`);
  }
  // Qtde says its unit: packages (the 'Unidade' beside) and their kg.
  expect(paginas[0]).toMatch(/10 \(200 kg\)\s+CX 20kg/);
  expect(paginas[0]).not.toContain('Assinatura do produtor');
  expect(paginas[1]).toContain('Assinatura do produtor');
  await controle.getByRole('button', { name: /fechar|close/i }).click();
  await expect(controle).toBeHidden();

  // All romaneios of the debt: the 12-item sheet (two pages) and the Thursday's (one).
  await page.getByRole('button', { name: `Imprimir todos os romaneios da dívida ${r.divida}`, exact: true }).click();
  await expect(controle.getByRole('heading', { name: 'CONTROLE ENTRADA DE MERCADORIA' })).toHaveCount(3);
  await expect(controle.getByRole('region', { name: `Romaneio ${c.segundo.id}, página 1 de 1` })).toContainText(c.segundo.itens[0].produtoNome);
  await controle.getByRole('button', { name: /fechar|close/i }).click();
  await expect(controle).toBeHidden();

  // Labels: one per item, one per page at the label size (100 × 70 mm).
  await page.getByRole('button', { name: `Etiquetas do romaneio ${r.id}`, exact: true }).click();
  const dialogo = page.getByRole('dialog', { name: 'Etiquetas de rastreamento' });
  const etiquetas = dialogo.locator('.etiqueta');
  await expect(etiquetas).toHaveCount(12);
  await expect(dialogo.getByRole('radio', { name: 'Uma por página (etiqueta)' })).toBeChecked();
  // No PUBLIC_URL or QR_HOST in this server: the dialog says the codes open only on this computer (and is not printed).
  await expect(dialogo.getByRole('alert')).toHaveText(
    `Atenção: sem PUBLIC_URL ou QR_HOST configurado, os QR codes abrirão apenas neste computador (http://127.0.0.1:${E2E_PORT}). Peça ao administrador para configurar o endereço público.`,
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'etiquetas-dialogo.png') });
  // The item's own random lot code (decision 0107).
  const lote = r.itens[0].lote!;
  expect(lote).toMatch(/^[2-9A-HJ-NP-Z]{12}$/);
  const primeira = etiquetas.first();
  await expect(primeira).toContainText('CONTROLE DE RASTREAMENTO DE PRODUTOS');
  await expect(primeira).toContainText(`Lote: ${lote}`);
  const pdfEtiquetas = path.join(ARTEFATOS, 'etiquetas-etiquetas.pdf');
  const textoEtiquetas = await imprimirPdf(page, 'etiquetas-etiquetas', {
    contem: ['CONTROLE DE RASTREAMENTO DE PRODUTOS', lote, c.produtor.nome],
    naoContem: ['PUBLIC_URL'],
  });
  expect(paginasDoPdf(pdfEtiquetas)).toBe(12);
  const [largura, altura] = tamanhoDoPdf(pdfEtiquetas);
  // Chromium rounds the page to whole CSS pixels (100 mm = 283.46 pt → 282.96 pt).
  expect(Math.abs(largura - (100 / 25.4) * 72)).toBeLessThan(1.5);
  expect(Math.abs(altura - (70 / 25.4) * 72)).toBeLessThan(1.5);
  expect(textoEtiquetas.split('\f').filter((p) => p.trim())).toHaveLength(12);

  // Several to an A4 sheet: 8 labels (2 × 4) a page.
  await dialogo.getByRole('radio', { name: 'Folha A4' }).check();
  await imprimirPdf(page, 'etiquetas-a4', { contem: ['CONTROLE DE RASTREAMENTO DE PRODUTOS'] });
  const pdfA4 = path.join(ARTEFATOS, 'etiquetas-a4.pdf');
  expect(paginasDoPdf(pdfA4)).toBe(2);
  expect(tamanhoDoPdf(pdfA4)[0]).toBeCloseTo(595, -1);

  // The QR code of the first label, read from a screenshot of the label.
  mkdirSync(ARTEFATOS, { recursive: true });
  const png = PNG.sync.read(await primeira.screenshot({ path: path.join(ARTEFATOS, 'etiquetas-etiqueta.png') }));
  const qr = jsQR(new Uint8ClampedArray(png.data), png.width, png.height);
  expect(qr, 'QR code legível na etiqueta').not.toBeNull();
  expect(qr!.data).toBe(`http://127.0.0.1:${E2E_PORT}/lote/${lote}`);

  // Opened signed out on a phone: the lot card.
  await cartaoNoCelular(browser, qr!.data, c, 'etiquetas-lote-celular');
});

test('página pública do lote: sem entrar, num celular, o cartão do lote; códigos malformados ou de outro romaneio dizem "Sem dados para mostrar."', async ({
  request,
  browser,
}) => {
  const c = await romaneioDe12Itens(request);
  const r = c.romaneio;
  // The lot of the 12th item: each label's code names its own item. Its sequential code names nothing (decision 0107).
  await cartaoNoCelular(browser, `/lote/${r.itens[11].lote}`, c, 'etiquetas-lote-item12', async (p) => {
    for (const codigo of ['abc', '1.5R2', `${r.id}R999999999`, `${c.segundo.id}R${r.itens[0].id}`, `${r.id}R${r.itens[11].id}`, "1R1'%20OR%20'1'='1"]) {
      await p.goto(`/lote/${codigo}`);
      await expect(p.getByText('Sem dados para mostrar.')).toBeVisible();
      await expect(p.getByRole('article')).toHaveCount(0);
    }
    await p.screenshot({ path: path.join(ARTEFATOS, 'etiquetas-lote-sem-dados.png') });
  });
});

/**
 * Opens a lot URL signed out in a phone-sized browser (390 × 844) and checks the card of the item the code
 * names: no sign-in, no login button or link, only the page's own small bundle, no CSP or axe violation.
 */
async function cartaoNoCelular(
  browser: Browser,
  url: string,
  c: Awaited<ReturnType<typeof romaneioDe12Itens>>,
  nome: string,
  depois?: (p: Page) => Promise<void>,
) {
  const lote = decodeURIComponent(url.split('/lote/')[1]);
  const item = c.romaneio.itens.find((i) => i.lote === lote)!;
  const celular = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
  });
  const violacoes = vigiarCsp(celular);
  try {
    const p = await celular.newPage();
    const erros: string[] = [];
    p.on('console', (m) => m.type() === 'error' && erros.push(m.text()));
    const scripts: string[] = [];
    p.on('request', (q) => q.resourceType() === 'script' && scripts.push(q.url()));
    await p.goto(url);
    const cartao = p.getByRole('article');
    await expect(cartao.getByRole('heading', { name: new RegExp(item.produtoNome) })).toContainText('CX 20kg');
    for (const t of [c.produtor.nome, c.sitio.nome, c.mun.nome, c.data.split('-').reverse().join('/'), lote]) await expect(cartao).toContainText(t);
    // LGPD: the CPF masked, its middle six digits only.
    await expect(cartao).toContainText(/\*\*\*\.\d{3}\.\d{3}-\*\*/);
    await expect(p.getByRole('button')).toHaveCount(0);
    // No link but the skip link every page starts with.
    await expect(p.getByRole('link')).toHaveCount(1);
    await expect(p.getByRole('link', { name: 'Pular para o conteúdo' })).toHaveAttribute('href', '#conteudo');
    // Its own small bundle: no back-office chunk (PrimeReact, the router) was loaded.
    expect(scripts.some((u) => /datatable|back-office|ripple|router/i.test(u))).toBe(false);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await semViolacoesGraves(p);
    await p.screenshot({ path: path.join(ARTEFATOS, `${nome}.png`), fullPage: true });
    expect(erros).toEqual([]);
    await depois?.(p);
  } finally {
    await celular.close();
  }
  expect(violacoes, 'violações da Content-Security-Policy na página do lote').toEqual([]);
}
