import path from 'node:path';
import type { PrecosDoDia } from '@ceasa/shared';
import {
  apiAdmin,
  ARTEFATOS,
  diasAtrasIso,
  entrar,
  escolherOpcao,
  expect,
  hojeBR,
  semViolacoesGraves,
  servidorLento,
  sufixoUnico,
  test,
  toast,
} from './support';
import { preco, produtosNumGrupo } from './fabricas';

/**
 * 'Preços do dia' (/precosdia), typed from the keyboard at a clerk's speed on a slow server,
 * and the confirmations that name the value (decision 0136) in the grid and in the price form.
 */
test.describe.configure({ mode: 'serial' });

const s = sufixoUnico();
const HOJE = diasAtrasIso(0);
const ONTEM = diasAtrasIso(1);
const formatoBR = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;

async function produtos(request: Parameters<typeof apiAdmin>[0], nomes: string[], ultimos: number[]) {
  const { produtos: criados } = await produtosNumGrupo(
    request,
    nomes.map((nome) => ({ nome, embalagem: 'Caixa 20kg' })),
    { nome: `Grade E2E ${s} ${nomes.length}`, unPadrao: 'Caixa 20kg' },
  );
  for (const [i, p] of criados.entries()) await preco(request, { produtoId: p.id, data: ONTEM, valor: ultimos[i] });
  return criados;
}

const doDia = (request: Parameters<typeof apiAdmin>[0]) => apiAdmin<PrecosDoDia>(request, 'GET', `precos/dia?data=${HOJE}`);

test('a grade do dia digitada a toda velocidade, com o servidor lento, guarda exatamente o que foi digitado', async ({ page, request }) => {
  // Twelve products, each with yesterday's price; today's values typed as a clerk does (pt-BR, thousands, decimals).
  const digitados = ['10,50', '11', '1.055,00', '20,5', '7,25', '1.234,56', '99,99', '15', '0,80', '42,10', '300', '12,34'];
  const esperados = [10.5, 11, 1055, 20.5, 7.25, 1234.56, 99.99, 15, 0.8, 42.1, 300, 12.34];
  const ultimos = [10, 10, 1000, 20, 7, 1200, 100, 14, 1, 40, 280, 12];
  const nomes = digitados.map((_, i) => `Grade ${s} Produto ${String(i + 1).padStart(2, '0')}`);
  const criados = await produtos(request, nomes, ultimos);

  await servidorLento(page);
  await entrar(page);
  await page.goto('/precos');
  await page.getByRole('button', { name: 'Preços do dia' }).click();
  await expect(page).toHaveURL(/\/precosdia$/);
  await expect(page.getByRole('heading', { name: 'Preços do dia' })).toBeVisible();
  await page.getByLabel('Produto', { exact: true }).fill(`grade ${s}`);
  const linhas = page.locator('.precos-dia-tabela tbody tr');
  await expect(linhas).toHaveCount(12);
  await expect(linhas.first()).toContainText(`R$ 10,00 (${formatoBR(ONTEM)})`.replace(/ /, '\u00a0'));

  // Value, Enter, next product: at full speed, no waiting between rows.
  await page.getByLabel(`Valor de ${nomes[0]}`).click();
  for (const v of digitados) {
    await page.keyboard.type(v);
    await page.keyboard.press('Enter');
  }
  // Every row saved (the inputs empty again, each price shown with its state).
  for (const nome of nomes) await expect(page.getByLabel(`Valor de ${nome}`)).toHaveValue('');
  await expect(page.locator('.precos-dia-tabela').getByText('Salvando...')).toHaveCount(0);
  await expect(linhas.locator('.precos-dia-estado')).toHaveCount(12);
  await expect(linhas.nth(2)).toContainText('+5,5%');
  await expect(linhas.nth(2).locator('.precos-dia-estado')).toContainText('publicado');
  await page.screenshot({ path: path.join(ARTEFATOS, 'precos-dia-grade.png'), fullPage: true });

  // What the API stored, field by field.
  const dia = await doDia(request);
  for (const [i, p] of criados.entries()) {
    const linha = dia.produtos.find((x) => x.produtoId === p.id)!;
    expect(
      linha.precos.map((x) => x.valor),
      nomes[i],
    ).toEqual([esperados[i]]);
    expect(linha.ultimoValor).toBe(ultimos[i]);
    expect(linha.ultimaData).toBe(ONTEM);
  }
  await semViolacoesGraves(page);
});

test('valor fora da faixa e segundo preço do dia pedem confirmação, na grade e no formulário', async ({ page, request }) => {
  const nome = `Tomate Confirma ${s}`;
  const [produto] = await produtos(request, [nome], [60]);
  await entrar(page);
  await page.goto('/precosdia');
  await page.getByLabel('Produto', { exact: true }).fill(nome);
  await expect(page.locator('.precos-dia-tabela tbody tr')).toHaveCount(1);
  const valor = page.getByLabel(`Valor de ${nome}`);
  const pergunta = page.locator('.p-confirm-dialog');

  // A twentieth of yesterday's price: asked, naming the last value; 'Não' saves nothing and the cursor stays.
  await valor.click();
  await page.keyboard.type('3');
  await page.keyboard.press('Enter');
  await expect(pergunta).toContainText(`Último preço de ${nome}, em ${formatoBR(ONTEM)}: R$ 60,00. Registrar R$ 3,00, menos da metade?`);
  await expect(pergunta.getByRole('button', { name: 'Não' })).toBeFocused();
  await page.screenshot({ path: path.join(ARTEFATOS, 'precos-dia-confirmacao.png') });
  await pergunta.getByRole('button', { name: 'Não' }).click();
  await expect(pergunta).toBeHidden();
  await expect(valor).toBeFocused();
  expect((await doDia(request)).produtos.find((x) => x.produtoId === produto.id)!.precos).toEqual([]);
  // Typed again and confirmed: saved.
  await valor.fill('25');
  await valor.press('Enter');
  await pergunta.getByRole('button', { name: 'Sim' }).click();
  await expect(valor).toHaveValue('');
  await expect(page.locator('.precos-dia-estado')).toHaveCount(1);

  // The form asks too: a second price of the day names the first one.
  await page.goto('/precoscreate');
  await escolherOpcao(page, 'Produto', `${nome} - Caixa 20kg`);
  await expect(page.getByLabel('Data', { exact: true })).toHaveValue(hojeBR());
  await page.getByLabel('Valor (R$)').pressSequentially('61');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(pergunta).toContainText(`Já existe preço de ${nome} em ${hojeBR()}: R$ 25,00. Registrar outro?`);
  await pergunta.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Cadastro concluído!');
  expect((await doDia(request)).produtos.find((x) => x.produtoId === produto.id)!.precos.map((x) => x.valor)).toEqual([25, 61]);

  // 'Publicar cotação' for whoever may publish (the automatic mode: prices were already public).
  await page.goto('/precosdia');
  await page.getByRole('button', { name: 'Publicar cotação' }).click();
  await toast(page, 'Cotação publicada!');
});
