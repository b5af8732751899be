import type { Page } from '@playwright/test';
import { formatChaveNfe, formatDate, montarChaveNfe, NFE_MSG, type PrecosDoDia, type Romaneio } from '@ceasa/shared';
import { abrirPortaria, apiAdmin, diasAtrasIso, entrar, escolherOpcao, expect, maisDias, servidorLento, sufixoUnico, test, toast } from './support';
import { boletimColhendo, preco, produtosNumGrupo, romaneioNasPedras, segundaDaqui } from './fabricas';

/**
 * The desk at full speed on a slow server: after a confirmation ('Sim' or 'Não', by mouse or by keyboard) the focus is
 * where the next entry belongs and stays there (nothing the page does later, the dialog's closing, a refetch, a
 * re-render, moves it back, so a value typed next never lands on the product just confirmed); nothing typed at the
 * gate is dropped (an NF-e key left in its field is added or stops the save; a refused scan is replaced by the next);
 * and a producer the gate would refuse is said so when he is picked, before anything else is typed.
 */
test.describe.configure({ mode: 'serial' });

const s = sufixoUnico();
const HOJE = diasAtrasIso(0);
const ONTEM = diasAtrasIso(1);
type Request = Parameters<typeof apiAdmin>[0];

/** Six products of one group, each with yesterday's R$ 10,00; the third has a price today already (R$ 11,00). */
async function grade(request: Request, rotulo: string) {
  const nomes = ['A', 'B', 'C', 'D', 'E', 'F'].map((l) => `Foco ${rotulo} ${s} ${l}`);
  const { produtos } = await produtosNumGrupo(
    request,
    nomes.map((nome) => ({ nome, embalagem: 'Caixa 20kg' })),
    { nome: `Foco ${rotulo} ${s}`, unPadrao: 'Caixa 20kg' },
  );
  for (const p of produtos) await preco(request, { produtoId: p.id, data: ONTEM, valor: 10 });
  await preco(request, { produtoId: produtos[2].id, data: HOJE, valor: 11, confirmar: true });
  return { nomes, ids: produtos.map((p) => p.id) };
}

async function precosDeHoje(request: Request, ids: number[]) {
  const dia = await apiAdmin<PrecosDoDia>(request, 'GET', `precos/dia?data=${HOJE}`);
  return ids.map((id) => dia.produtos.find((x) => x.produtoId === id)!.precos.map((x) => x.valor));
}

for (const olha of [false, true])
  test(`grade do dia: depois de cada confirmação o próximo valor vai ao produto certo (${olha ? 'olhando a tela entre as linhas' : 'a toda velocidade'})`, async ({
    page,
    request,
  }) => {
    const { nomes, ids } = await grade(request, olha ? 'Olha' : 'Rapido');
    // Requests under way: the page is quiet when none is left.
    const emCurso = new Set<unknown>();
    page.on('request', (r) => r.url().includes('/api/') && emCurso.add(r));
    page.on('requestfinished', (r) => emCurso.delete(r));
    page.on('requestfailed', (r) => emCurso.delete(r));
    const quieta = () => expect.poll(() => emCurso.size).toBe(0);
    await servidorLento(page);
    await entrar(page);
    await page.goto('/precosdia');
    await page.getByLabel('Produto', { exact: true }).fill(`foco ${olha ? 'olha' : 'rapido'} ${s}`);
    await expect(page.locator('.precos-dia-tabela tbody tr')).toHaveCount(6);
    const pergunta = page.locator('.p-confirm-dialog');
    const campo = (i: number) => page.getByLabel(`Valor de ${nomes[i]}`);
    // A clerk who looks at the screen after each confirmation waits until the page is quiet (the dialog closed, the
    // save answered, the grid read again 300–800 ms later).
    const olhar = async () => {
      if (!olha) return;
      await expect(pergunta).toBeHidden();
      await quieta();
    };

    await campo(0).click();
    // A: over double, 'Sim' by mouse; B typed at once.
    await page.keyboard.type('25');
    await page.keyboard.press('Enter');
    await expect(pergunta).toContainText('mais do dobro');
    await pergunta.getByRole('button', { name: 'Sim' }).click();
    await olhar();
    await expect(campo(1)).toBeFocused();
    await page.keyboard.type('9,5');
    await page.keyboard.press('Enter');
    // C: a second price of the day under half, 'Sim' by keyboard (the dialog starts on 'Não': Tab, Enter).
    await page.keyboard.type('4');
    await page.keyboard.press('Enter');
    await expect(pergunta).toContainText('Registrar outro?');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await olhar();
    await expect(campo(3)).toBeFocused();
    // D: over double, 'Não' by mouse: the cursor stays on D with the value selected, the next typing replaces it.
    await page.keyboard.type('30');
    await page.keyboard.press('Enter');
    await expect(pergunta).toContainText('mais do dobro');
    await pergunta.getByRole('button', { name: 'Não' }).click();
    await olhar();
    await expect(campo(3)).toBeFocused();
    await page.keyboard.type('10,2');
    await page.keyboard.press('Enter');
    // E: under half, 'Não' by keyboard (Enter on the focused 'Não'), then a value in range.
    await page.keyboard.type('2');
    await page.keyboard.press('Enter');
    await expect(pergunta).toContainText('menos da metade');
    await page.keyboard.press('Enter');
    await olhar();
    await expect(campo(4)).toBeFocused();
    await page.keyboard.type('9,9');
    await page.keyboard.press('Enter');

    // Everything saved; the dialog's closing, the refetches and re-renders left the cursor on F.
    for (const i of [0, 1, 2, 3, 4]) await expect(campo(i)).toHaveValue('');
    await expect(page.locator('.precos-dia-tabela').getByText('Salvando...')).toHaveCount(0);
    await quieta();
    await expect(campo(5)).toBeFocused();
    await expect(pergunta).toBeHidden();

    // What the API stored, product by product, is what was typed for it.
    await expect.poll(() => precosDeHoje(request, ids)).toEqual([[25], [9.5], [11, 4], [10.2], [9.9], []]);
  });

test("formulário de preço: 'Não' deixa o cursor no valor, selecionado; 'Sim' pelo teclado em 'Salvar e continuar' deixa o cursor no produto", async ({
  page,
  request,
}) => {
  const { nomes, ids } = await grade(request, 'Form');
  await servidorLento(page);
  await entrar(page);
  await page.goto('/precoscreate');
  const pergunta = page.locator('.p-confirm-dialog');
  const valor = page.getByLabel('Valor (R$)');
  const produto = page.getByRole('combobox', { name: 'Produto', exact: true });
  await escolherOpcao(page, 'Produto', `${nomes[0]} - Caixa 20kg`);
  // Over double: 'Não' by mouse; the cursor is on the value, selected, and the next typing replaces it.
  await valor.click();
  await page.keyboard.type('25');
  await page.keyboard.press('Control+Enter');
  await expect(pergunta).toContainText('mais do dobro');
  await pergunta.getByRole('button', { name: 'Não' }).click();
  await expect(pergunta).toBeHidden();
  await expect(valor).toBeFocused();
  await page.keyboard.type('12,5');
  await expect(valor).toHaveValue('12,5');
  // Under half, 'Salvar e continuar': asked; 'Sim' by keyboard (Tab, Enter); saved, and the cursor on Produto stays.
  await page.keyboard.press('Control+a');
  await page.keyboard.type('4');
  await page.getByRole('button', { name: 'Salvar e continuar' }).click();
  await expect(pergunta).toContainText('menos da metade');
  await page.keyboard.press('Tab');
  await page.keyboard.press('Enter');
  await toast(page, 'Cadastro concluído!');
  await expect(pergunta).toBeHidden();
  await expect(produto).toBeFocused();
  expect((await precosDeHoje(request, ids)).slice(0, 2)).toEqual([[4], []]);
});

/** Clicks a field's label (as a clerk reaches it) and waits for the focus there. */
async function peloRotulo(page: Page, rotulo: string) {
  await page.locator('label', { hasText: new RegExp(`^${rotulo}$`) }).click();
  await expect(page.getByLabel(rotulo, { exact: true })).toBeFocused();
}

/** The gate's first fields typed at full speed: date, debt, producer, one product and its quantity. */
async function portaria(page: Page, o: { data: string; divida: number; produtor: string; produto?: string; quantidade?: string }) {
  await abrirPortaria(page);
  await peloRotulo(page, 'Datas de Emissão');
  await page.keyboard.type(formatDate(o.data).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await peloRotulo(page, 'Dívida');
  await page.keyboard.type(String(o.divida));
  await peloRotulo(page, 'Produtor');
  await page.keyboard.type(o.produtor);
  await page.keyboard.press('Enter');
  if (!o.produto) return;
  await peloRotulo(page, 'Produto');
  await page.keyboard.type(o.produto);
  await page.keyboard.press('Enter');
  await page.keyboard.type(o.quantidade ?? '10');
  await page.keyboard.press('Enter');
}

test('portaria: a leitura recusada fica selecionada e a próxima a substitui; a chave deixada no campo entra no Salvar ou o impede', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const {
    produtor,
    produtos: [produto],
  } = await boletimColhendo(request, {
    dia: diasAtrasIso(0),
    depois: 400,
    produtor: { nome: `Lavrador Chave ${s}` },
    grupo: { nome: `Chave E2E ${s}` },
    produtos: [{ nome: `Jiló Chave ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 }],
    item: { producaoEstimada: 900000, producaoEmbalada: 800000 },
  });
  const [ano, mes] = diasAtrasIso(0).split('-').map(Number);
  const chave = (numero: number) => montarChaveNfe({ cUF: '21', ano, mes, emitente: produtor.cpfcnpj, serie: 7, numero });
  const [k1, k2, k3] = [1, 2, 3].map((i) => chave(Number(`${i}${s}`)));
  const errada = k1.slice(0, 43) + String((Number(k1[43]) + 1) % 10);
  const envios: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/romaneio' && envios.push(r.url()));
  const campo = page.getByLabel('Chaves de acesso NF-e');
  const lista = page.getByTestId('chaves-nfe');
  const salvo = async (divida: number) => (await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`))[0]?.chavesNfe;

  await servidorLento(page);
  await entrar(page);
  const d1 = Number(`7${s}1`);
  await portaria(page, { data: segundaDaqui(2), divida: d1, produtor: produtor.nome, produto: produto.nome, quantidade: '12' });
  // The reader: a wrong key and Enter, refused and left selected; the next scan replaces it (never appended).
  await peloRotulo(page, 'Chaves de acesso NF-e');
  await page.keyboard.type(errada);
  await page.keyboard.press('Enter');
  await expect(page.locator('#campo-chave-nfe-erro')).toHaveText(NFE_MSG.digito);
  await expect(campo).toBeFocused();
  await page.keyboard.type(k1);
  await page.keyboard.press('Enter');
  await expect(lista.locator('li')).toHaveCount(1);
  await expect(lista).toContainText(formatChaveNfe(k1));
  await expect(campo).toHaveValue('');
  // A second key typed whole without Enter, then Ctrl+Enter: added and saved, not dropped.
  await page.keyboard.type(k2);
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cadastro concluído!');
  expect(await salvo(d1)).toEqual([k1, k2]);

  // A key left incomplete in its field: Salvar stops with the message on the field naming it; nothing is sent.
  const d2 = Number(`7${s}2`);
  await portaria(page, { data: segundaDaqui(3), divida: d2, produtor: produtor.nome, produto: produto.nome, quantidade: '5' });
  await peloRotulo(page, 'Chaves de acesso NF-e');
  const incompleta = k3.slice(0, 40);
  await page.keyboard.type(incompleta);
  const antes = envios.length;
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.locator('#campo-chave-nfe-erro')).toHaveText(new RegExp(`^A chave ${incompleta} foi digitada mas não adicionada \\(`));
  await expect(campo).toBeFocused();
  expect(envios.length).toBe(antes);
  expect(await salvo(d2)).toBeUndefined();
  // Selected: the whole key typed over it, and Salvar saves it.
  await page.keyboard.type(k3);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  expect(await salvo(d2)).toEqual([k3]);
});

test('portaria: o produtor suspenso diz na hora, ao ser escolhido, até quando e por quê; Salvar fica desabilitado', async ({ page, request }) => {
  // A producer whose load of Monday `dia` had a non-conforming residue result: suspended 30 days from the collection.
  const dia = segundaDaqui(20 + (Number(s) % 10));
  const r = await romaneioNasPedras(request, {
    dia,
    depois: 90,
    divida: Number(`6${s}1`),
    quantidade: 8,
    produtor: { nome: `Sebastião Suspenso ${s}` },
    produto: { nome: `Pimentão Suspenso ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
  });
  await apiAdmin(request, 'POST', 'inspecao', {
    romaneioId: r.romaneio.id,
    tipo: 'residuo',
    coletaEm: dia,
    laboratorio: 'Laboratório E2E',
    codigoAmostra: `AM-${s}`,
    resultado: 'nao_conforme',
    principioAtivo: 'Carbendazim',
  });
  const suspenso = `Produtor suspenso até ${formatDate(maisDias(dia, 30))} por resultado de análise de resíduos.`;
  const envios: string[] = [];
  page.on('request', (x) => x.method() === 'POST' && new URL(x.url()).pathname === '/api/romaneio' && envios.push(x.url()));

  await servidorLento(page);
  await entrar(page);
  // The Thursday after: picked, he is refused on his field at once, before any product is typed.
  await portaria(page, { data: maisDias(dia, 3), divida: Number(`6${s}2`), produtor: r.produtor.nome });
  const produtorCampo = page.getByLabel('Produtor', { exact: true });
  await expect(produtorCampo).toHaveValue(r.produtor.nome);
  await expect(page.getByRole('alert').filter({ hasText: suspenso })).toBeVisible();
  await expect(produtorCampo).toHaveAttribute('aria-invalid', 'true');
  await peloRotulo(page, 'Produto');
  await page.keyboard.type(r.produtos[0].nome);
  await page.keyboard.press('Enter');
  await page.keyboard.type('5');
  await page.keyboard.press('Enter');
  await expect(page.locator('.romaneio-itens').getByText(r.produtos[0].nome).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Salvar', exact: true })).toBeDisabled();
  await page.keyboard.press('Control+Enter');
  await expect(produtorCampo).toBeFocused();
  expect(envios).toEqual([]);
});

test('portaria: um produto ou um produtor digitado e não escolhido impede o Salvar, dito no campo; nada é salvo como vazio', async ({ page, request }) => {
  test.setTimeout(120_000);
  const {
    produtor,
    produtos: [jilo, quiabo],
  } = await boletimColhendo(request, {
    dia: diasAtrasIso(0),
    depois: 400,
    produtor: { nome: `Lavrador Busca ${s}` },
    grupo: { nome: `Busca E2E ${s}` },
    produtos: [
      { nome: `Jiló Busca ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
      { nome: `Quiabo Busca ${s}`, embalagem: 'CX 10kg', pesoEmKg: 10 },
    ],
    item: { producaoEstimada: 900000, producaoEmbalada: 800000 },
  });
  const envios: string[] = [];
  page.on('request', (r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/romaneio' && envios.push(r.url()));
  const salvo = async (divida: number) => (await apiAdmin<Romaneio[]>(request, 'GET', `romaneio/dividas/${divida}`))[0];

  await servidorLento(page);
  await entrar(page);
  // A second product typed at full speed and left without Enter: Salvar stops on it, naming it; nothing is sent.
  const d1 = Number(`8${s}1`);
  await portaria(page, { data: segundaDaqui(2), divida: d1, produtor: produtor.nome, produto: jilo.nome, quantidade: '12' });
  await peloRotulo(page, 'Produto');
  const metade = quiabo.nome.slice(0, 9);
  await page.keyboard.type(metade);
  await page.keyboard.press('Tab');
  const antes = envios.length;
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, `"${metade}" foi digitado mas não escolhido da lista`);
  await expect(page.getByLabel('Produto', { exact: true })).toBeFocused();
  expect(envios.length).toBe(antes);
  expect(await salvo(d1)).toBeUndefined();
  // Emptied, the romaneio is saved with what was picked and typed, field by field.
  await page.keyboard.press('Backspace');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  const r1 = await salvo(d1);
  expect([r1?.pessoaId, r1?.itens.map((i) => [i.produtoId, Number(i.quantidade)])]).toEqual([produtor.id, [[jilo.id, 12]]]);

  // A producer typed and not picked: the message is on his field, and nothing is sent.
  const d2 = Number(`8${s}2`);
  await abrirPortaria(page);
  await peloRotulo(page, 'Datas de Emissão');
  await page.keyboard.type(formatDate(segundaDaqui(3)).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await peloRotulo(page, 'Dívida');
  await page.keyboard.type(String(d2));
  await peloRotulo(page, 'Produtor');
  const nome = produtor.nome.slice(0, 12);
  await page.keyboard.type(nome);
  const antes2 = envios.length;
  await page.keyboard.press('Control+Enter');
  await expect(page.locator('#campo-pessoaId-erro')).toHaveText(
    `"${nome}" foi digitado mas não escolhido da lista: escolha uma opção (Enter) ou apague o texto`,
  );
  await expect(page.getByLabel('Produtor', { exact: true })).toBeFocused();
  expect(envios.length).toBe(antes2);
  expect(await salvo(d2)).toBeUndefined();
});
