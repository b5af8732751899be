import path from 'node:path';
import { formatDate, type Loja, type LojaLinha, type Page as Pagina } from '@ceasa/shared';
import { apiAdmin, ARTEFATOS, entrar, expect, servidorLento, sufixoUnico, test, toast } from './support';
import { boletimColhendo, lojista as fabricaLojista, pedraLivre, romaneio } from './fabricas';

/** A Monday (a market day) about ten months ahead: a day of its own for this spec's romaneio. */
function segundaDistante(): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + 300);
  while (d.getUTCDay() !== 1) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}
const DIA = segundaDistante();

/*
 * Decision 0181 at the desk (the way of typing): the shop sheet's 'Lote vendido' picked by typing the code on the
 * label, on a slow server (every list answer 300–800 ms late; the day's lots held until the clerk has pressed Enter in
 * the lot field, so the pick waits for its list), the form reached with Tab, each field typed at full speed,
 * Salvar double-clicked; what the API stored is compared field by field with what was typed.
 */
test('Loja com o servidor lento: o lote vendido digitado antes da lista chegar é o que fica gravado, uma loja só', async ({ page, request }) => {
  test.setTimeout(180_000);
  const s = sufixoUnico();
  const b = await boletimColhendo(request, {
    dia: DIA,
    produtor: { nome: `Produtor Lote Vendido ${s}` },
    municipio: { nome: `Bacabal ${s}` },
    grupo: { nome: `Hortaliças Lote ${s}`, unPadrao: 'CX 20kg' },
    produtos: [{ nome: `Pimentão Verde ${s}` }, { nome: `Pimentão Vermelho ${s}` }, { nome: `Quiabo ${s}` }],
  });
  const [verde, vermelho, quiabo] = b.produtos;
  const r = await romaneio(request, {
    dataEmissao: DIA,
    divida: Number(`8${s}`) * 10 + 1,
    pessoaId: b.produtor.id,
    pedras: [{ pedrasId: (await pedraLivre(request, DIA)).id, ocupacao: null }],
    itens: [verde, vermelho, quiabo].map((p, i) => ({ produtoId: p.id, quantidade: 20 + i, boletimItensId: b.itens[i] })),
  });
  const loteDe = (produtoId: number) => r.itens.find((i) => i.produtoId === produtoId)!.lote!;
  const dono = await fabricaLojista(request, { nome: `Lojista Lote Vendido ${s}` });

  // What the clerk types: the lot codes as the labels print them, once in lower case and once only its first signs.
  const itens = [
    { municipio: `bacabal ${s}`, produto: `pimentao verde ${s}`, qtd: '1.250,5', lote: loteDe(verde.id).toLowerCase() },
    { municipio: `Bacabal ${s}`, produto: `${s} vermelho`, qtd: '30', lote: loteDe(vermelho.id).slice(0, 6) },
    { municipio: `bacabal ${s}`, produto: `quiabo ${s}`, qtd: '7,25', lote: null },
  ];

  await servidorLento(page);
  // The day's lots answer only once the clerk has pressed Enter in the lot field (registered last: runs first).
  let soltarLotes = () => {};
  const lotesPresos = new Promise<void>((fim) => (soltarLotes = fim));
  await page.route(
    (url) => url.pathname === '/api/loja/lotes',
    async (route) => {
      await lotesPresos;
      await route.fallback();
    },
  );
  await entrar(page);
  await page.goto('/lojacreate');
  await expect(page.getByRole('heading', { name: 'Nova Loja' })).toBeVisible();

  // Into the form with Tab, from 'Voltar'.
  await page.getByRole('link', { name: 'Voltar' }).focus();
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Lojista', { exact: true })).toBeFocused();
  await page.keyboard.type(`lote vendido ${s}`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Data Emissão')).toBeFocused();
  await page.keyboard.type(formatDate(DIA).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  const municipio = page.getByLabel('Município', { exact: true });
  await expect(municipio).toBeFocused();
  const linhasDosItens = page.locator('.items-field .p-datatable-tbody > tr:not(.p-datatable-emptymessage)');

  for (const [n, it] of itens.entries()) {
    await page.keyboard.type(it.municipio);
    await page.keyboard.press('Enter');
    await page.keyboard.type(it.produto);
    await page.keyboard.press('Enter');
    await page.keyboard.type(it.qtd);
    if (it.lote === null) {
      // No lot: Enter in the quantity adds the row.
      await page.keyboard.press('Enter');
    } else {
      await page.keyboard.press('Tab');
      await expect(page.getByLabel('Lote vendido', { exact: true })).toBeFocused();
      await page.keyboard.type(it.lote);
      await page.keyboard.press('Enter');
      if (n === 0) {
        // The day's lots have not come: the row waits for the lot typed, it is not added without it.
        await expect(page.getByLabel('Lote vendido', { exact: true })).toHaveValue(it.lote);
        await expect(linhasDosItens).toHaveCount(0);
        soltarLotes();
      }
    }
    await expect(linhasDosItens).toHaveCount(n + 1);
    await expect(municipio).toBeFocused();
  }
  await expect(page.locator('.items-field')).toContainText(loteDe(verde.id));
  await expect(page.locator('.items-field')).toContainText(loteDe(vermelho.id));
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-lote-vendido.png'), fullPage: true });

  await page.getByRole('button', { name: 'Salvar', exact: true }).dblclick();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/loja$/);

  // One sheet, not two, and every field as typed.
  const salvas = (await apiAdmin<Pagina<LojaLinha>>(request, 'POST', 'loja/searchLoja/asc/id', { lojistaId: dono.nome })).content;
  expect(salvas).toHaveLength(1);
  const loja = await apiAdmin<Loja>(request, 'GET', `loja/${salvas[0].id}`);
  expect(loja.lojistaId).toBe(dono.id);
  expect(loja.dataEmissao).toBe(DIA);
  expect(loja.itens.map((i) => [i.municipioNome, i.produtoNome, i.quantidade, i.lotes])).toEqual([
    [b.municipio.nome, verde.nome, 1250.5, [loteDe(verde.id)]],
    [b.municipio.nome, vermelho.nome, 30, [loteDe(vermelho.id)]],
    [b.municipio.nome, quiabo.nome, 7.25, []],
  ]);
});
