import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import bwipjs from 'bwip-js/node';
import { formatChaveNfe, formatDate, montarChaveNfe, NFE_MSG, type Romaneio } from '@ceasa/shared';
import { abrirPortaria, apiAdmin, ARTEFATOS, diasAtrasIso, entrar, expect, imprimirPdf, servidorLento, sufixoUnico, test, toast } from './support';
import { boletimColhendo, segundaDaqui } from './fabricas';
import { ARGS_DO_CHROMIUM, CHROMIUM } from '../scripts/chromium.mjs';

/*
 * The producer's invoice at the gate: a USB barcode reader types the DANFE's 44 digits and Enter at
 * full speed on a slow server (Enter adds the key, never submits the form), the key reaches the API, the list finds the
 * romaneio by it, the control sheet and the label print its invoice; and the phone's camera (Chromium's fake camera fed
 * a picture of a printed CODE-128 barcode made here) reads a key into the field.
 */

/** A producer (with a valid CPF) with one product harvestable for a year. */
async function cenario(request: APIRequestContext) {
  const s = sufixoUnico();
  const {
    produtor,
    produtos: [produto],
  } = await boletimColhendo(request, {
    dia: diasAtrasIso(0),
    depois: 400,
    produtor: { nome: `Lavrador NF-e ${s}` },
    tecnico: { nome: `Téc. NF-e ${s}` },
    municipio: { nome: `Município NF-e ${s}` },
    propriedade: { nome: `Sítio NF-e ${s}` },
    grupo: { nome: `NF-e E2E ${s}` },
    produtos: [{ nome: `Quiabo N${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 }],
    item: { producaoEstimada: 900000, producaoEmbalada: 800000 },
  });
  // An invoice of this month, issued under the producer's CPF.
  const [ano, mes] = diasAtrasIso(0).split('-').map(Number);
  const chave = (numero: number) => montarChaveNfe({ cUF: '21', ano, mes, emitente: produtor.cpfcnpj, serie: 920, numero });
  return { s, produtor, produto, chave };
}

async function peloRotulo(page: Page, rotulo: string) {
  await page.locator('label', { hasText: new RegExp(`^${rotulo}$`) }).click();
  await expect(page.getByLabel(rotulo, { exact: true })).toBeFocused();
}

test('leitor USB na portaria lenta: 44 dígitos e Enter adicionam a chave sem enviar o formulário; a chave chega à API, filtra a lista e sai na folha de controle e na etiqueta', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const c = await cenario(request);
  const data = segundaDaqui(1);
  const divida = Number(`8${c.s}1`);
  const chave = c.chave(Number(`1${c.s}`));
  await servidorLento(page);
  await entrar(page);
  await abrirPortaria(page);
  await peloRotulo(page, 'Datas de Emissão');
  await page.keyboard.type(formatDate(data).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await peloRotulo(page, 'Dívida');
  await page.keyboard.type(String(divida));
  await peloRotulo(page, 'Produtor');
  await page.keyboard.type(c.produtor.nome);
  await page.keyboard.press('Enter');
  await peloRotulo(page, 'Produto');
  await page.keyboard.type(c.produto.nome);
  await page.keyboard.press('Enter');
  await page.keyboard.type('12');
  await page.keyboard.press('Enter');

  // The reader: a wrong key (one digit changed) and then the right one, each 44 digits and Enter at full speed.
  await peloRotulo(page, 'Chaves de acesso NF-e');
  const errada = chave.slice(0, 43) + String((Number(chave[43]) + 1) % 10);
  await page.keyboard.type(errada);
  await page.keyboard.press('Enter');
  await expect(page.locator('#campo-chave-nfe-erro')).toHaveText(NFE_MSG.digito);
  await page.getByLabel('Chaves de acesso NF-e').fill('');
  await page.keyboard.type(chave);
  await page.keyboard.press('Enter');
  const numero = Number(chave.slice(25, 34));
  await expect(page.getByTestId('chaves-nfe')).toHaveText(`NF-e ${numero} série 920 ${formatChaveNfe(chave)}`);
  // Enter sent nothing: still the new romaneio, the field empty and ready for the next key.
  await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();
  await expect(page.getByLabel('Chaves de acesso NF-e')).toHaveValue('');
  await expect(page.getByLabel('Chaves de acesso NF-e')).toBeFocused();
  await page.screenshot({ path: path.join(ARTEFATOS, 'nfe-portaria.png'), fullPage: true });

  // Ctrl+Enter may come before the producer's items (the product typed waits for them): the save waits too.
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cadastro concluído!');
  const [salvo] = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`);
  expect(salvo.chavesNfe).toEqual([chave]);
  expect(salvo.nfe).toEqual([{ chave, emitenteConfere: true }]);

  // The list by the key's digits, then the control sheet and the label of that romaneio.
  await page.goto('/romaneio');
  await page.getByLabel('Filtrar por NF-e').fill(chave);
  await expect(page.getByRole('button', { name: `Imprimir o romaneio ${salvo.id}`, exact: true })).toBeVisible();
  await expect(page.locator('tbody tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Imprimir o romaneio ${salvo.id}`, exact: true }).click();
  const controle = page.getByRole('dialog', { name: 'Controle de entrada de mercadoria' });
  await expect(controle).toContainText(`${numero} série 920 — chave ${formatChaveNfe(chave)}`);
  await imprimirPdf(page, 'nfe-controle', { contem: ['CONTROLE ENTRADA DE MERCADORIA', `${numero} série 920`, chave.slice(0, 4)] });
  await controle.getByRole('button', { name: /fechar|close/i }).click();
  await page.getByRole('button', { name: `Etiquetas do romaneio ${salvo.id}`, exact: true }).click();
  const etiquetas = page.getByRole('dialog', { name: 'Etiquetas de rastreamento' });
  await expect(etiquetas.locator('.etiqueta').first()).toContainText(`NF-e: ${numero} série 920`);
  await imprimirPdf(page, 'nfe-etiqueta', { contem: ['CONTROLE DE RASTREAMENTO DE PRODUTOS', `${numero} série 920`] });
});

/** A y4m video (one frame, repeated by Chromium) of a DANFE's CODE-128 barcode: black bars on white paper. */
function videoDoCodigo(chave: string, arquivo: string) {
  const [{ sbs }] = bwipjs.raw('code128', chave, {}) as unknown as [{ sbs: number[] }];
  const W = 1280;
  const H = 720;
  const modulo = 4;
  const largura = sbs.reduce((a, b) => a + b, 0) * modulo;
  const y = Buffer.alloc(W * H, 235);
  let x = Math.floor((W - largura) / 2);
  sbs.forEach((w, i) => {
    if (i % 2 === 0) for (let yy = 200; yy < 520; yy++) y.fill(16, yy * W + x, yy * W + x + w * modulo);
    x += w * modulo;
  });
  const croma = Buffer.alloc((W / 2) * (H / 2) * 2, 128);
  writeFileSync(arquivo, Buffer.concat([Buffer.from(`YUV4MPEG2 W${W} H${H} F10:1 Ip A1:1 C420jpeg\n`), Buffer.from('FRAME\n'), y, croma]));
}

test('câmera do celular: "Ler com a câmera" lê o código de barras da DANFE e adiciona a chave', async ({ request, baseURL }) => {
  test.setTimeout(90_000);
  const c = await cenario(request);
  const chave = c.chave(Number(`2${c.s}`));
  const video = path.join(ARTEFATOS, 'nfe-danfe.y4m');
  videoDoCodigo(chave, video);
  const navegador = await chromium.launch({
    executablePath: CHROMIUM,
    args: [...ARGS_DO_CHROMIUM, '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
  });
  try {
    const contexto = await navegador.newContext({ baseURL, locale: 'pt-BR', viewport: { width: 390, height: 844 }, permissions: ['camera'] });
    const page = await contexto.newPage();
    await entrar(page);
    await page.goto('/romaneiocreate');
    await page.getByRole('button', { name: 'Ler com a câmera' }).click();
    await expect(page.getByTestId('leitor-camera')).toBeVisible();
    const numero = Number(chave.slice(25, 34));
    await expect(page.getByTestId('chaves-nfe')).toHaveText(`NF-e ${numero} série 920 ${formatChaveNfe(chave)}`, { timeout: 30_000 });
    // Read once: the camera closes.
    await expect(page.getByTestId('leitor-camera')).toBeHidden();
    await page.screenshot({ path: path.join(ARTEFATOS, 'nfe-camera.png'), fullPage: true });
  } finally {
    await navegador.close();
  }
});
