import path from 'node:path';
import type { APIRequestContext } from '@playwright/test';
import { E2E_PORT } from '../playwright.config';
import { formatDate } from '@ceasa/shared';
import { ARTEFATOS, diasAtrasIso, entrar, expect, maisDias, semViolacoesGraves, sufixoUnico, test, toast, tokenApi } from './support';
import { boletimColhendo, caderno, pedraLivre, pulverizacao, romaneio, segundaDaqui } from './fabricas';

/*
 * A sprayed item still in its withdrawal period is refused at the gate (the row says so
 * before saving), and the public lot page on a phone shows the harvest window, the stall and date, whether the
 * withdrawal period was respected, and the producer's CPF masked.
 */

/**
 * A producer with a bulletin of two products harvestable around Monday `d`: a tomato whose field notebook records
 * 'Inseticida X' applied two days before `d` with 7 days of withdrawal (sellable from `d` + 5), and a lettuce
 * without a notebook.
 */
async function cenario(request: APIRequestContext, d: string) {
  const s = sufixoUnico();
  const b = await boletimColhendo(request, {
    dia: d,
    visita: diasAtrasIso(30),
    produtor: { nome: `Carla Carência E2E ${s}` },
    tecnico: { nome: `Téc. Carência E2E ${s}` },
    municipio: { nome: `Carolina${s}` },
    propriedade: { nome: `Sítio Carência ${s}` },
    grupo: { nome: `Carência E2E ${s}` },
    produtos: [{ nome: `Tomate Carência ${s}` }, { nome: `Alface Carência ${s}` }],
  });
  const [tomate, alface] = b.produtos;
  const [biTomate, biAlface] = b.itens;
  const aplicada = maisDias(d, -2);
  await caderno(request, {
    boletimItemId: biTomate,
    produtoAntigoId: tomate.id,
    dataColheita: b.fim,
    pulverizacoes: [pulverizacao({ data: aplicada, periodoCarencia: 7, nomeProduto: 'Inseticida X' })],
  });
  const recusa = `Carência não cumprida: Inseticida X aplicado em ${formatDate(aplicada)} só permite comercializar a partir de ${formatDate(maisDias(d, 5))}.`;
  return { s, cpf: b.produtor.cpfcnpj, produtor: b.produtor, tomate, alface, biTomate, biAlface, inicio: b.inicio, fim: b.fim, recusa };
}

test('Portaria: o item pulverizado ainda em carência mostra a recusa na sua linha antes de salvar, e o servidor diz o mesmo', async ({ page, request }) => {
  const d = segundaDaqui(6 + (Number(sufixoUnico()) % 20));
  const c = await cenario(request, d);
  await entrar(page);
  await page.goto(`/romaneiocreate?data=${d}`);
  await expect(page.getByTestId('datas-escolhidas')).toHaveText(`Escolhidas:${formatDate(d)}`);
  const produtor = page.getByLabel('Produtor', { exact: true });
  await produtor.click();
  await page.keyboard.type(c.produtor.nome);
  await page.keyboard.press('Enter');
  await expect(produtor).toHaveValue(c.produtor.nome);
  // Both products, 10 packages each ('Adicionar todos').
  await page.getByLabel('Quantidade', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Adicionar todos' }).click();
  const tabela = page.locator('.p-datatable[aria-label="Produtos adicionados"]');
  const linhaTomate = tabela.locator('tbody tr', { hasText: c.tomate.nome });
  const linhaAlface = tabela.locator('tbody tr', { hasText: c.alface.nome });
  await expect(linhaTomate.getByRole('alert')).toHaveText(c.recusa);
  await expect(linhaAlface).toBeVisible();
  await expect(linhaAlface.getByRole('alert')).toHaveCount(0);
  await semViolacoesGraves(page);
  await page.screenshot({ path: path.join(ARTEFATOS, 'carencia-portaria.png'), fullPage: true });

  // Saving stops before the server: the same message as a notice, no POST.
  const posts: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/api/romaneio') && posts.push(r.url()));
  await page.getByLabel('Dívida').fill(String(80_000_000 + Number(c.s)));
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, c.recusa);
  expect(posts).toEqual([]);

  // The server refuses the same batch with the same words (400), and keeps nothing of it.
  const token = await tokenApi(request);
  const divida = 81_000_000 + Number(c.s);
  const corpo = [
    {
      dataEmissao: d,
      divida,
      pessoaId: c.produtor.id,
      pedras: [],
      itens: [
        { produtoId: c.alface.id, quantidade: 10, boletimItensId: c.biAlface },
        { produtoId: c.tomate.id, quantidade: 10, boletimItensId: c.biTomate },
      ],
    },
  ];
  const r = await request.post('/api/romaneio', { headers: { authorization: `Bearer ${token}` }, data: corpo });
  expect(r.status()).toBe(400);
  expect((await r.json()).message).toBe(c.recusa);
  const livre = await request.get(`/api/romaneio/dividas/${divida}`, { headers: { authorization: `Bearer ${token}` } });
  expect(await livre.json()).toEqual([]);
});

test('Folha de controle com o item sem caderno marcado, e a página pública do lote num celular (390×844): janela de colheita, pedra e data, carência respeitada ou sem caderno, CPF mascarado', async ({
  page,
  request,
  browser,
}) => {
  const d = segundaDaqui(6 + (Number(sufixoUnico()) % 20));
  const c = await cenario(request, d);
  // A week later the withdrawal period has ended: accepted, from a free stall.
  const venda = maisDias(d, 7);
  const livre = await pedraLivre(request, venda);
  const r = await romaneio(request, {
    dataEmissao: venda,
    divida: 82_000_000 + Number(c.s),
    pessoaId: c.produtor.id,
    pedras: [{ pedrasId: livre.id }],
    itens: [
      { produtoId: c.tomate.id, quantidade: 12, boletimItensId: c.biTomate },
      { produtoId: c.alface.id, quantidade: 8, boletimItensId: c.biAlface },
    ],
  });
  const tomate = r.itens.find((i) => i.produtoId === c.tomate.id)!;
  const alface = r.itens.find((i) => i.produtoId === c.alface.id)!;
  const mascarado = `***.${c.cpf.slice(3, 6)}.${c.cpf.slice(6, 9)}-**`;

  // The control sheet (signed in): the lettuce, without a notebook, marked 'sem caderno'; the tomato not.
  await entrar(page);
  await page.goto('/romaneio');
  await page.getByLabel('Filtrar por Código').fill(String(r.id));
  await page.getByRole('button', { name: `Imprimir o romaneio ${r.id}`, exact: true }).click();
  const controle = page.getByRole('dialog', { name: 'Controle de entrada de mercadoria' });
  await expect(controle.getByRole('row', { name: new RegExp(c.alface.nome) })).toContainText(`${c.alface.nome} (sem caderno)`);
  await expect(controle.getByRole('row', { name: new RegExp(c.tomate.nome) })).not.toContainText('sem caderno');
  await controle.screenshot({ path: path.join(ARTEFATOS, 'carencia-controle.png') });

  const celular = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    locale: 'pt-BR',
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
  });
  try {
    const p = await celular.newPage();
    await p.goto(`/lote/${tomate.lote}`);
    const cartao = p.getByRole('article');
    await expect(cartao.getByRole('heading', { name: new RegExp(c.tomate.nome) })).toBeVisible();
    await expect(p.getByTestId('lote-carencia')).toHaveText(/Carência respeitada/);
    const campo = (rotulo: string) => cartao.locator('dl > div', { has: p.locator('dt', { hasText: new RegExp(`^${rotulo}$`) }) }).locator('dd');
    await expect(campo('Colheita')).toHaveText(`${formatDate(c.inicio)} a ${formatDate(c.fim)}`);
    await expect(campo('Pedra')).toHaveText(livre.numero.trim());
    await expect(campo('Data de comercialização')).toHaveText(formatDate(venda));
    await expect(campo('CPF/CNPJ')).toHaveText(mascarado);
    await expect(campo('Lote')).toHaveText(tomate.lote!);
    await expect(p.locator('body')).not.toContainText(c.cpf.slice(0, 3) + '.' + c.cpf.slice(3, 6));
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await semViolacoesGraves(p);
    await p.screenshot({ path: path.join(ARTEFATOS, 'carencia-lote-respeitada.png'), fullPage: true });

    // The lettuce: no notebook.
    await p.goto(`/lote/${alface.lote!.toLowerCase()}`);
    await expect(p.getByTestId('lote-carencia')).toHaveText(/Sem caderno de campo/);
    await expect(cartao.getByRole('heading', { name: new RegExp(c.alface.nome) })).toBeVisible();
    await p.screenshot({ path: path.join(ARTEFATOS, 'carencia-lote-sem-caderno.png'), fullPage: true });

    // The API answer itself: the CPF masked, no person id.
    const api = await p.request.get(`/api/romaneio/lote/${tomate.lote}`);
    const corpo = await api.text();
    expect(corpo).not.toContain(c.cpf);
    expect(JSON.parse(corpo).pessoa).toEqual({ nome: c.produtor.nome, cpfcnpj: mascarado });
  } finally {
    await celular.close();
  }
});
