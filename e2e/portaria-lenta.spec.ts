import path from 'node:path';
import type { Page } from '@playwright/test';
import { cpfcnpjPublico, formatDate, type Romaneio } from '@ceasa/shared';
import {
  abrirPortaria,
  apiAdmin,
  ARTEFATOS,
  diasAtrasIso,
  DIVIDAS_E2E,
  entrar,
  maisDias,
  semViolacoesGraves,
  servidorLento,
  sufixoUnico,
  test,
  expect,
  toast,
} from './support';
import { produto, produtoresColhendo, segundaDaqui } from './fabricas';

/*
 * The gate on a slow server: every list answer 300–800 ms late, the clerk types at full
 * speed — the producer, then at once the products and quantities while that producer's items are still loading. What
 * is typed is kept and applied when the list arrives; a product without a bulletin item, or out of its harvest window,
 * says so. Ten entries, each compared field by field with what the API stored. Then a saved romaneio is corrected on
 * its edit page, with a reason.
 */

type Api = Parameters<typeof apiAdmin>[0];

const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const numero = (q: string) => Number(q.replace(/\./g, '').replace(',', '.'));

/** Three look-alike producers (CPFs, one municipality each) with five products harvestable for a year; onion out of season; sugar without bulletin. */
async function cenario(request: Api) {
  const s = sufixoUnico();
  const c = await produtoresColhendo(request, {
    dia: diasAtrasIso(0),
    depois: 500,
    produtores: [`Adão Silva ${s}`, `Adão Souza ${s}`, `Adão Silva Souza ${s}`].map((nome) => ({ produtor: { nome } })),
    produtos: [
      { nome: `Tomate L${s}`, embalagem: 'CX 20kg', pesoEmKg: 20 },
      { nome: `Tomate Cereja L${s}`, embalagem: 'CX 5kg', pesoEmKg: 5 },
      { nome: `Alface L${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
      { nome: `Batata L${s}`, embalagem: 'SC 50kg', pesoEmKg: 50 },
      { nome: `Batata Doce L${s}`, embalagem: 'SC 25kg', pesoEmKg: 25 },
      // Onion: harvested and gone before any date of these entries.
      {
        nome: `Cebola L${s}`,
        embalagem: 'SC 20kg',
        pesoEmKg: 20,
        item: { producaoEstimada: 1000, producaoEmbalada: 800, inicioColheita: diasAtrasIso(60), fimColheita: diasAtrasIso(20) },
      },
    ],
    item: { producaoEstimada: 9000000, producaoEmbalada: 8000000 },
  });
  await produto(request, { nome: `Açúcar L${s}`, embalagem: 'SC 50kg', pesoEmKg: 50, produtoGrupoId: c.grupo.id });
  return { s, produtos: c.produtos.slice(0, 5), produtores: c.produtores.map((p) => ({ ...p, municipio: p.municipio.nome })) };
}

async function peloRotulo(page: Page, rotulo: string) {
  await page.locator('label', { hasText: new RegExp(`^${rotulo}$`) }).click();
  await expect(page.getByLabel(rotulo, { exact: true })).toBeFocused();
}
const digitar = (page: Page, texto: string) => page.keyboard.type(texto);
const enter = (page: Page) => page.keyboard.press('Enter');

test('portaria com o servidor lento: produtos digitados enquanto os itens do produtor carregam chegam exatos ao servidor; o romaneio salvo é corrigido com motivo', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  const c = await cenario(request);
  await servidorLento(page);
  await entrar(page);
  const criados: number[] = [];
  const tabela = page.locator('.p-datatable[aria-label="Produtos adicionados"]');
  const quantidades = ['40', '25', '120,5', '1.250', '9999,99', '3', '60', '35'];

  for (let k = 0; k < 10; k++) {
    // Dates in weeks of their own (no producer twice on a day); two dates every third entry.
    const segunda = segundaDaqui(20 + k * 3);
    const datas = k % 3 === 0 ? [segunda, maisDias(segunda, 3)] : [segunda];
    const produtor = c.produtores[k % 3];
    const produtos = [0, 1, 2, 3, 4].map((n) => c.produtos[(n + k) % 5]).slice(0, 2 + (k % 3));
    const qtds = produtos.map((_, n) => quantidades[(n + k) % quantidades.length]);
    // The first entry with a debt of the tax system whose taxpayer is someone else; the others with numbers of their own.
    const divida = k === 0 ? DIVIDAS_E2E[3].numero : Number(`7${c.s}${k}`);
    test
      .info()
      .annotations.push({ type: 'entrada', description: JSON.stringify({ k, datas, produtor: produtor.nome, produtos: produtos.map((p) => p.nome), qtds }) });

    await abrirPortaria(page);
    await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();
    await peloRotulo(page, 'Datas de Emissão');
    for (const d of datas) {
      await digitar(page, formatDate(d).replace(/\D/g, ''));
      await enter(page);
    }
    await peloRotulo(page, 'Dívida');
    await digitar(page, String(divida));
    // The producer: by name on most entries, by the CPF's digits on every fourth.
    await peloRotulo(page, 'Produtor');
    await digitar(page, k % 4 === 1 ? produtor.cpfcnpj.replace(/\D/g, '') : semAcento(produtor.nome));
    await enter(page);
    // At once, while the producer's items load: product, Enter, quantity, Enter — and a wrong one on some entries.
    await peloRotulo(page, 'Produto');
    const extras = k === 1 ? [[`acucar l${c.s}`, '10']] : k === 2 ? [[`cebola l${c.s}`, '30']] : [];
    for (const [i, p] of produtos.entries()) {
      await digitar(page, semAcento(p.nome));
      await enter(page);
      await digitar(page, qtds[i]);
      await enter(page);
      if (i === 0) for (const [t, q] of extras) await digitar(page, t).then(() => enter(page).then(() => digitar(page, q).then(() => enter(page))));
    }
    await expect(page.getByLabel('Produtor', { exact: true })).toHaveValue(produtor.nome);
    await expect(tabela.locator('tbody > tr')).toHaveCount(produtos.length);
    await expect(page.getByLabel('Produto', { exact: true })).toHaveValue('');
    if (k === 1) await expect(page.getByTestId('itens-nao-adicionados')).toHaveText(`acucar l${c.s} (10): Produto sem boletim de colheita para este produtor.`);
    if (k === 2)
      await expect(page.getByTestId('itens-nao-adicionados')).toHaveText(`cebola l${c.s} (30): Data de emissão fora do período de colheita dos produtos!`);
    if (k < 3) await page.screenshot({ path: path.join(ARTEFATOS, `portaria-lenta-${k}.png`), fullPage: true });

    // A stall typed after the products.
    const [livre] = await apiAdmin<{ id: number; numero: string }[]>(request, 'POST', 'pedras/livres', datas);
    await peloRotulo(page, 'Pedras');
    await digitar(page, livre.numero.trim());
    await enter(page);
    await expect(page.getByRole('button', { name: `Remover a pedra ${livre.numero.trim()}` })).toHaveCount(1);

    await page.keyboard.press('Control+Enter');
    if (k === 0) {
      // The debt's taxpayer is not the producer: asked, not refused.
      const dialogo = page.locator('.p-confirm-dialog');
      await expect(page.getByTestId('avisos-do-romaneio')).toContainText(
        `O contribuinte da dívida ${divida} é ${DIVIDAS_E2E[3].nomeContribuinte}, não o produtor ${produtor.nome}.`,
      );
      await page.screenshot({ path: path.join(ARTEFATOS, 'portaria-lenta-confirmacao.png') });
      await expect(dialogo.getByRole('button', { name: 'Voltar' })).toBeFocused();
      await dialogo.getByRole('button', { name: 'Salvar', exact: true }).click();
    }
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/romaneio$/);

    // What the API stored, field by field.
    const salvos = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`);
    criados.push(...salvos.map((r) => r.id));
    expect(salvos.map((r) => r.dataEmissao)).toEqual(datas);
    for (const r of salvos) {
      expect(r.divida).toBe(divida);
      expect(r.pessoaId).toBe(produtor.id);
      expect(r.pedras.map((p) => [p.pedrasNumero.trim(), p.ocupacao])).toEqual([[livre.numero.trim(), null]]);
      expect(r.itens.map((i) => [i.produtoId, i.quantidade])).toEqual(produtos.map((p, i) => [p.id, numero(qtds[i])]));
    }
  }

  // The picker: masked CPF and municipality beside each look-alike name, found by the CPF's digits too.
  await abrirPortaria(page);
  await peloRotulo(page, 'Produtor');
  await digitar(page, `adao ${c.s}`);
  const lista = page.getByRole('listbox', { name: 'Produtores' });
  // By name: Adão Silva, Adão Silva Souza, Adão Souza.
  await expect(lista.getByRole('option')).toHaveText(
    [0, 2, 1].map((i) => c.produtores[i]).map((p) => `${p.nome} — ${cpfcnpjPublico(p.cpfcnpj)} — ${p.municipio}`),
  );
  await page.screenshot({ path: path.join(ARTEFATOS, 'portaria-lenta-produtor.png') });
  await semViolacoesGraves(page);

  // A second romaneio of a producer on a day that has one: asked before saving.
  const [primeiro] = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${Number(`7${c.s}1`)}`);
  await abrirPortaria(page, `/romaneiocreate?data=${primeiro.dataEmissao}`);
  await peloRotulo(page, 'Dívida');
  await digitar(page, `8${c.s}1`);
  await peloRotulo(page, 'Produtor');
  await digitar(page, semAcento(c.produtores[1].nome));
  await enter(page);
  await peloRotulo(page, 'Produto');
  await digitar(page, semAcento(c.produtos[4].nome));
  await enter(page);
  // A second romaneio of the producer on that day.
  await digitar(page, '9999');
  await enter(page);
  await expect(tabela.locator('tbody > tr')).toHaveCount(1);
  await page.getByRole('button', { name: 'Salvar' }).click();
  const avisos = page.getByTestId('avisos-do-romaneio');
  await expect(avisos).toContainText(`Já existe romaneio de ${c.produtores[1].nome} em ${formatDate(primeiro.dataEmissao)} (código ${primeiro.id}).`);
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(avisos).toBeHidden();
  await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();
  // Back where the answer is typed: the issue date, for another day (and it stays there once the dialog is gone).
  await expect(page.locator('#campo-data-nova')).toBeFocused();
  await page.waitForTimeout(600);
  await expect(page.locator('#campo-data-nova')).toBeFocused();

  // The correction of a saved romaneio: a product added, one removed, its stall changed, with the reason.
  const alvo = primeiro;
  await page.goto(`/romaneio/edit/${alvo.id}`);
  await expect(page.getByRole('heading', { name: `Editar Romaneio ${alvo.id}` })).toBeVisible();
  const novoProduto = c.produtos.find((p) => !alvo.itens.some((i) => i.produtoId === p.id))!;
  const removido = alvo.itens[0];
  const [outraPedra] = await apiAdmin<{ id: number; numero: string }[]>(request, 'POST', 'pedras/livres', [alvo.dataEmissao]);
  await page.getByLabel(`Remover ${removido.produtoNome}`).check();
  await peloRotulo(page, 'Produto a incluir');
  await digitar(page, semAcento(novoProduto.nome));
  await enter(page);
  await expect(page.getByLabel('Quantidade a incluir')).toBeFocused();
  await digitar(page, '12,5');
  await enter(page);
  await expect(page.getByRole('list', { name: 'Produtos a incluir na correção' })).toContainText(novoProduto.nome);
  await peloRotulo(page, 'Pedras corrigidas');
  await page.keyboard.press('Backspace');
  await digitar(page, outraPedra.numero.trim());
  await enter(page);
  // No reason: asked for, nothing sent.
  await page.getByRole('button', { name: 'Corrigir romaneio' }).click();
  await expect(page.locator('#correcao-motivo-erro')).toHaveText('Informe o motivo da correção');
  await expect(page.getByLabel('Motivo da correção')).toBeFocused();
  await digitar(page, 'Produto trocado na descarga');
  await page.screenshot({ path: path.join(ARTEFATOS, 'portaria-correcao.png'), fullPage: true });
  await semViolacoesGraves(page);
  await page.getByRole('button', { name: 'Corrigir romaneio' }).click();
  await toast(page, 'Romaneio corrigido!');
  // Only the new product's label is offered.
  await page.getByRole('button', { name: 'Imprimir etiquetas alteradas' }).click();
  const etiquetas = page.locator('.print-dialog .etiqueta');
  await expect(etiquetas).toHaveCount(1);
  await expect(etiquetas.first()).toContainText(novoProduto.nome);
  await page.screenshot({ path: path.join(ARTEFATOS, 'portaria-correcao-etiquetas.png'), fullPage: true });
  await page.keyboard.press('Escape');

  const corrigido = await apiAdmin<Romaneio>(request, 'GET', `romaneio/${alvo.id}`);
  expect(corrigido.versao).toBe((alvo.versao ?? 1) + 1);
  expect(corrigido.pedras.map((p) => p.pedrasNumero.trim())).toEqual([outraPedra.numero.trim()]);
  expect(corrigido.itens.map((i) => [i.produtoId, i.quantidade])).toEqual([
    ...alvo.itens.slice(1).map((i) => [i.produtoId, i.quantidade]),
    [novoProduto.id, 12.5],
  ]);
  const logs = await apiAdmin<{ content: { cadastro: string; cadastroId: string; conteudo: string; conteudoAnterior: string | null }[] }>(
    request,
    'POST',
    'logs/searchLogs/desc/id',
    { cadastro: 'Romaneio', cadastroId: String(alvo.id) },
  );
  const log = logs.content.find((l) => l.conteudo.includes('motivo='))!;
  expect(log.conteudo).toContain('motivo=Produto trocado na descarga');
  expect(log.conteudo).toContain(`${novoProduto.nome}: 12.5`);
  expect(log.conteudoAnterior).toContain(removido.produtoNome);

  // A quantity cell saved by another clerk since: the stale page is refused with 'Recarregar'.
  await apiAdmin(request, 'PUT', 'romaneioitens/updateQtde', { id: corrigido.itens[0].id, quantidade: 35, versao: corrigido.versao });
  const celula = page.getByLabel(`Quantidade de ${corrigido.itens[0].produtoNome}`);
  await celula.click();
  await page.keyboard.press('Control+A');
  await digitar(page, '28');
  await page.keyboard.press('Tab');
  await expect(page.getByTestId('versao-desatualizada')).toBeVisible();
  await page.getByRole('button', { name: 'Recarregar' }).click();
  await expect(celula).toHaveValue('35,00');
  expect((await apiAdmin<Romaneio>(request, 'GET', `romaneio/${alvo.id}`)).itens[0].quantidade).toBe(35);

  for (const id of criados) await apiAdmin(request, 'DELETE', `romaneio/${id}`);
});
