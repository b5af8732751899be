import path from 'node:path';
import type { Page } from '@playwright/test';
import { cpfcnpjPublico, formatDate, type Romaneio } from '@ceasa/shared';
import { apiAdmin, ARTEFATOS, diasAtrasIso, DIVIDAS_E2E, entrar, maisDias, semViolacoesGraves, sorteio, sufixoUnico, test, expect, toast } from './support';
import { produtoresColhendo, segundaDaqui } from './fabricas';

/*
 * The gate at a clerk's speed: each field of the new-romaneio form reached by
 * its label and typed with no delay between keys, Enter pressed at once. Producers whose names share
 * words, several stalls, four items; what the API stored is compared with what was typed, field by
 * field, for a few random entries (seeded: E2E_SEED, default 21).
 */

type Api = Parameters<typeof apiAdmin>[0];

const SEMENTE = Number(process.env.E2E_SEED ?? 21);

/** Lower case without accents, as a clerk types a name. */
const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Three producers sharing words, each with a bulletin of five products (names sharing words too) harvestable for a year. */
async function cenario(request: Api) {
  const s = sufixoUnico();
  const municipio = `Balsas T E2E ${s}`;
  const { produtos, produtores } = await produtoresColhendo(request, {
    dia: diasAtrasIso(0),
    depois: 400,
    produtores: [`Lucas Alves ${s}`, `Lucas Dias ${s}`, `Lúcia Dias ${s}`].map((nome) => ({ produtor: { nome } })),
    municipio: { nome: municipio },
    produtos: [
      { nome: `Tomate ${s}`, embalagem: 'CX 20kg', pesoEmKg: 20 },
      { nome: `Tomate Cereja ${s}`, embalagem: 'CX 5kg', pesoEmKg: 5 },
      { nome: `Alface Crespa ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
      { nome: `Batata ${s}`, embalagem: 'SC 50kg', pesoEmKg: 50 },
      { nome: `Batata Doce ${s}`, embalagem: 'SC 25kg', pesoEmKg: 25 },
    ],
    item: { producaoEstimada: 9000000, producaoEmbalada: 8000000 },
  });
  return { s, produtos, produtores, municipio };
}

/** The field labelled `rotulo`, reached by clicking its visible label (the label's `for` points at the input that takes the typing). */
async function peloRotulo(page: Page, rotulo: string) {
  await page.locator('label', { hasText: new RegExp(`^${rotulo}$`) }).click();
  await expect(page.getByLabel(rotulo, { exact: true })).toBeFocused();
}

/** Types at full speed: no delay between keys, Enter at once. */
const digitar = async (page: Page, texto: string) => page.keyboard.type(texto);
const enter = async (page: Page) => page.keyboard.press('Enter');

test('balcão no teclado: datas, produtor, pedras, produtos e quantidades digitados a toda velocidade chegam exatos ao servidor', async ({ page, request }) => {
  test.setTimeout(240_000);
  const c = await cenario(request);
  const sorte = sorteio(SEMENTE);
  await entrar(page);
  const criados: number[] = [];

  for (let k = 0; k < 3; k++) {
    // Two market days of a week some months ahead (Monday and the Thursday after it), 2 to 4 free stalls, four products.
    const hoje = diasAtrasIso(0);
    const segunda = segundaDaqui(sorte.inteiro(10 + k * 12, 20 + k * 12));
    const datas = [segunda, maisDias(segunda, 3)];
    const livres = await apiAdmin<{ id: number; numero: string }[]>(request, 'POST', 'pedras/livres', datas);
    const pedras = [...livres].sort(() => sorte.r() - 0.5).slice(0, sorte.inteiro(2, 4));
    const produtor = sorte.um(c.produtores);
    const produtos = [...c.produtos].sort(() => sorte.r() - 0.5).slice(0, 4);
    const quantidades = produtos.map(() => sorte.um(['40', '25', '60', '35', '120,5', '1.250', '9999,99', '3']));
    // The first entry with a debt of the tax system (its taxpayer shows under the field); the others with numbers of their own.
    const divida = k === 0 ? DIVIDAS_E2E[1].numero : Number(`9${c.s}${k}`);
    // The producer typed as a clerk would: lower case, no accents, sometimes the words in another order.
    const palavras = semAcento(produtor.nome).split(' ');
    const nomeDigitado = sorte.r() < 0.5 ? palavras.join(' ') : [palavras[1], palavras[0], palavras[2]].join(' ');
    const salvarCom = sorte.um(['clique', 'Ctrl+Enter'] as const);
    test.info().annotations.push({
      type: 'entrada',
      description: JSON.stringify({
        semente: SEMENTE,
        k,
        datas,
        pedras: pedras.map((p) => p.numero),
        nomeDigitado,
        produtos: produtos.map((p) => p.nome),
        quantidades,
        salvarCom,
      }),
    });

    await page.goto('/romaneiocreate');
    await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();

    // Datas de Emissão: dd/mm/aaaa, Enter, the next one at once.
    await peloRotulo(page, 'Datas de Emissão');
    for (const d of datas) {
      await digitar(page, formatDate(d).replace(/\D/g, ''));
      await enter(page);
    }
    await expect(page.getByTestId('datas-escolhidas')).toHaveText(`Escolhidas:${datas.map(formatDate).join('')}`);
    await expect(page.getByLabel('Datas de Emissão')).toHaveValue('');
    if (k === 0) {
      // The calendar offers only the market days (Monday and Thursday).
      await page.getByRole('button', { name: 'Escolher data' }).click();
      const calendario = page.getByRole('dialog', { name: 'Calendário' });
      const dias = calendario.locator('td:not(.p-datepicker-other-month) > span');
      await expect(dias.first()).toBeVisible();
      const [ano, mes] = hoje.split('-').map(Number);
      const total = new Date(Date.UTC(ano, mes, 0)).getUTCDate();
      const deMercado = Array.from({ length: total }, (_, i) => new Date(Date.UTC(ano, mes - 1, i + 1)).getUTCDay()).filter((d) => d === 1 || d === 4).length;
      await expect(dias).toHaveCount(total);
      await expect(calendario.locator('td:not(.p-datepicker-other-month) > span:not(.p-disabled)')).toHaveCount(deMercado);
      await page.keyboard.press('Escape');
      await expect(calendario).toBeHidden();
    }

    await peloRotulo(page, 'Dívida');
    await digitar(page, String(divida));

    // Produtor: every word, any order, Enter picks the first match shown.
    await peloRotulo(page, 'Produtor');
    await digitar(page, nomeDigitado);
    await enter(page);
    await expect(page.getByLabel('Produtor', { exact: true })).toHaveValue(produtor.nome);

    // Pedras: number, Enter; each one a chip.
    await peloRotulo(page, 'Pedras');
    for (const p of pedras) {
      await digitar(page, p.numero);
      await enter(page);
    }
    for (const p of pedras) await expect(page.getByRole('button', { name: `Remover a pedra ${p.numero.trim()}` })).toHaveCount(1);

    // Produto, Enter (to Quantidade), quantity, Enter (the row, back to Produto), four times at once.
    await expect(page.getByLabel('Produto', { exact: true })).toHaveAttribute('placeholder', 'Digite o produto e Enter');
    await peloRotulo(page, 'Produto');
    for (const [i, p] of produtos.entries()) {
      await digitar(page, semAcento(p.nome));
      await enter(page);
      await digitar(page, quantidades[i]);
      await enter(page);
    }
    const tabela = page.locator('.p-datatable[aria-label="Produtos adicionados"]');
    await expect(tabela.locator('tbody > tr')).toHaveCount(4);
    await expect(page.getByLabel('Produto', { exact: true })).toBeFocused();
    // The unit beside each quantity: packages of the embalagem and their kg.
    const numero = (q: string) => Number(q.replace(/\./g, '').replace(',', '.'));
    const br = (n: number) => new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 2 }).format(n);
    for (const [i, p] of produtos.entries())
      await expect(tabela.locator('tbody > tr').filter({ hasText: p.nome }).first()).toContainText(
        `${br(numero(quantidades[i]))} ${p.embalagem} (${br(numero(quantidades[i]) * p.pesoEmKg)} kg)`,
      );

    // Enter in a row's quantity cell saves nothing.
    const posts: string[] = [];
    const ouvir = (r: { method: () => string; url: () => string; postData: () => string | null }) => {
      if (r.method() === 'POST' && r.url().endsWith('/api/romaneio')) posts.push(r.postData() ?? '');
    };
    page.on('request', ouvir);
    await page.getByLabel(`Quantidade de ${produtos[0].nome}`).click();
    await enter(page);
    await expect(page.getByRole('heading', { name: 'Novo Romaneio' })).toBeVisible();

    if (k === 0) {
      await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 15_000 });
      await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-teclado-formulario.png'), fullPage: true });
      await semViolacoesGraves(page);
    }
    await expect(page.getByRole('button', { name: 'Salvar' })).toHaveAttribute('title', 'Salvar (Ctrl+Enter)');
    if (salvarCom === 'clique') await page.getByRole('button', { name: 'Salvar' }).click();
    else await page.keyboard.press('Control+Enter');
    if (k === 0) {
      // The tax system's debt is someone else's: the gate asks before saving, it does not refuse.
      await expect(page.getByTestId('avisos-do-romaneio')).toContainText(`O contribuinte da dívida ${divida} é ${DIVIDAS_E2E[1].nomeContribuinte}`);
      await page.locator('.p-confirm-dialog').getByRole('button', { name: 'Salvar', exact: true }).click();
    }
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/romaneio$/);
    page.off('request', ouvir);
    // One save: asked and confirmed (two requests) the first time, one request when nothing is asked.
    expect(posts).toHaveLength(k === 0 ? 2 : 1);

    // What the API stored, field by field.
    const salvos = await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`);
    criados.push(...salvos.map((r) => r.id));
    expect(salvos.map((r) => r.dataEmissao)).toEqual(datas);
    for (const r of salvos) {
      expect(r.divida).toBe(divida);
      expect(r.pessoaId).toBe(produtor.id);
      expect(r.pedras.map((p) => p.pedrasNumero.trim()).sort()).toEqual(pedras.map((p) => p.numero.trim()).sort());
      expect(r.itens.map((i) => [i.produtoId, i.quantidade]).sort((a, b) => a[0] - b[0])).toEqual(
        produtos.map((p, i) => [p.id, numero(quantidades[i])]).sort((a, b) => a[0] - b[0]),
      );
    }
  }

  // The search list open: the names sharing words, the first match active, no serious or critical axe violation.
  await page.goto('/romaneiocreate');
  await peloRotulo(page, 'Produtor');
  await digitar(page, `dias ${c.s}`);
  const lista = page.getByRole('listbox', { name: 'Produtores' });
  // Each name with its masked CPF and municipality.
  await expect(lista.getByRole('option')).toHaveText(
    [c.produtores[1], c.produtores[2]].map((p) => `${p.nome} — ${cpfcnpjPublico(p.cpfcnpj)} — ${c.municipio}`),
  );
  await expect(page.getByLabel('Produtor', { exact: true })).toHaveAttribute('aria-activedescendant', 'campo-pessoaId-opcao-0');
  await page.keyboard.press('ArrowDown');
  await expect(lista.getByRole('option', { name: `Lúcia Dias ${c.s}` })).toHaveAttribute('aria-selected', 'true');
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-teclado-produtor.png') });
  await semViolacoesGraves(page);
  await page.keyboard.press('Escape');
  await expect(lista).toBeHidden();
  await expect(page.getByLabel('Produtor', { exact: true })).toBeFocused();

  // The debts and stalls of this run go back free.
  for (const id of criados) await apiAdmin(request, 'DELETE', `romaneio/${id}`);
});
