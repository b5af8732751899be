import type { PrecosDoDia } from '@ceasa/shared';
import { apiAdmin, diasAtrasIso, entrar, expect, servidorLento, sufixoUnico, test } from './support';
import { preco, produtosNumGrupo } from './fabricas';

/**
 * After a confirmation ('Sim' or 'Não', by mouse or by keyboard) the focus is where the next entry belongs and stays
 * there: nothing the page does later (the dialog's closing, a refetch, a re-render) moves it back, so a value typed
 * next never lands on the product that was just confirmed.
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
