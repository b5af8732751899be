import path from 'node:path';
import type { Loja, LojaLinha, Page as ListPage } from '@ceasa/shared';
import { ARTEFATOS, expect, test } from './support';
import { apiAdmin, digitarData, entrar, escolherOpcao, filtrarPorOpcao, linhas, redigitar, semViolacoesGraves, sufixoUnico, toast } from './support';
import { municipio, pessoa as fabricaPessoa, produtosNumGrupo } from './fabricas';

test('Loja: sem itens avisa, cria com dois itens, altera uma quantidade na hora e remove um item com confirmação', async ({ page, request }) => {
  const s = sufixoUnico();
  const lojista = `Lojista E2E ${s}`;
  await fabricaPessoa(request, { nome: lojista, tipoId: 3 });
  const mun = await municipio(request, { nome: `Porto Franco ${s}` });
  const banana = `Banana E2E ${s}`;
  const manga = `Manga E2E ${s}`;
  await produtosNumGrupo(
    request,
    [banana, manga].map((nome) => ({ nome, embalagem: 'CX' })),
    { nome: `Frutas E2E ${s}` },
  );
  expect(mun.id).toBeGreaterThan(0);

  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Loja' }).click();
  await expect(page.getByRole('heading', { name: 'Lojas' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/lojacreate$/);

  await escolherOpcao(page, 'Lojista', lojista);
  await digitarData(page.locator('#campo-dataEmissao'), '19/11/2026');
  // Accessibility of the form as it opens (checked before any toast: a toast fading in fails the contrast rule).
  await semViolacoesGraves(page);
  // Saving without items: the spec's warning, nothing saved.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.locator('.p-toast-message-warn').filter({ hasText: 'Produto(s) não adicionado(s)!' })).toContainText(
    'É obrigatório adicionar ao menos um produto.',
  );
  await expect(page).toHaveURL(/\/lojacreate$/);

  // The keyboard protocol at full speed: the words of a name in any order and case, Enter
  // chooses the first match and moves on, Enter in the quantity adds the row and goes back to Município.
  await page.getByLabel('Município', { exact: true }).click();
  for (const [produto, qtd] of [
    [`${s} banana`, '150'],
    [`MANGA e2e ${s}`, '42,5'],
  ]) {
    await page.keyboard.type(`franco ${s}`);
    if (qtd === '150') await page.screenshot({ path: path.join(ARTEFATOS, 'loja-form-busca.png'), fullPage: true });
    await page.keyboard.press('Enter');
    await page.keyboard.type(produto);
    await page.keyboard.press('Enter');
    await page.keyboard.type(qtd);
    await page.keyboard.press('Enter');
  }
  await expect(page.getByLabel('Município', { exact: true })).toBeFocused();
  const itens = page.locator('.items-field');
  await expect(page.locator('.items-field .p-datatable-tbody > tr')).toHaveCount(2);
  await expect(itens).toContainText(banana);
  await expect(itens).toContainText(manga);
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-form-novo.png'), fullPage: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/loja$/, { timeout: 5000 });

  await filtrarPorOpcao(page, 'Filtrar por Lojista', lojista);
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('19/11/2026');
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-lista.png'), fullPage: true });
  const [salva] = (await apiAdmin<ListPage<LojaLinha>>(request, 'POST', 'loja/searchLoja/asc/id', { lojistaId: lojista })).content;
  const loja = await apiAdmin<Loja>(request, 'GET', `loja/${salva.id}`);
  expect(loja.itens.map((i) => [i.produtoNome, i.quantidade])).toEqual([
    [banana, 150],
    [manga, 42.5],
  ]);

  // Edit: a quantity typed in the table goes to the server at once.
  await linhas(page)
    .first()
    .getByRole('button', { name: /^Editar/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/loja/edit/${loja.id}$`));
  const qtd = page.getByLabel('Quantidade do item 1');
  await expect(qtd).toHaveValue('150,00');
  await semViolacoesGraves(page);
  await redigitar(qtd, '175,25');
  // The number editor commits its value when the cell is left.
  await qtd.press('Tab');
  await expect(page.locator('.p-toast-message-success').filter({ hasText: 'Cadastro Alterado!' })).toContainText(
    `Quantidade de ${loja.itens[0].produtoNome} alterada com sucesso`,
  );
  await expect.poll(async () => (await apiAdmin<Loja>(request, 'GET', `loja/${loja.id}`)).itens[0].quantidade).toBe(175.25);
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-form-edicao.png'), fullPage: true });

  // Removing an item asks first; 'Sim' deletes it on the server.
  await page.getByRole('button', { name: `Remover item 2 (${manga} - CX)` }).click();
  await expect(page.getByText('Você tem certeza que quer remover este item?')).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await expect(page.locator('.items-field .p-datatable-tbody > tr')).toHaveCount(1);
  await expect.poll(async () => (await apiAdmin<Loja>(request, 'GET', `loja/${loja.id}`)).itens.map((i) => i.produtoNome)).toEqual([banana]);

  // The last item stays: the server refuses and the row comes back.
  await page.getByRole('button', { name: `Remover item 1 (${banana} - CX)` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('.p-toast-message-error').filter({ hasText: 'Erro ao remover o item' })).toContainText('ao menos um produto');
  await expect(page.locator('.items-field .p-datatable-tbody > tr')).toHaveCount(1);
  await expect(page.locator('.items-field')).toContainText(banana);
  expect((await apiAdmin<Loja>(request, 'GET', `loja/${loja.id}`)).itens).toHaveLength(1);

  // 'Atualizar' saves owner and date; the items stay as the server has them.
  await digitarData(page.locator('#campo-dataEmissao'), '23/11/2026');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/loja$/, { timeout: 5000 });
  const editada = await apiAdmin<Loja>(request, 'GET', `loja/${loja.id}`);
  expect(editada.dataEmissao).toBe('2026-11-23');
  expect(editada.itens.map((i) => [i.produtoNome, i.quantidade])).toEqual([[banana, 175.25]]);
});

test('Cotação: cria pela tela, alterna Ativa / Nao Ativa na lista com o aviso', async ({ page, request }) => {
  const s = sufixoUnico();
  const produtor = `Produtor Cotação E2E ${s}`;
  await fabricaPessoa(request, { nome: produtor, tipoId: 1 });

  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Cotação' }).click();
  await expect(page.getByRole('heading', { name: 'Cotacoes' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/cotacao\/create$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('A pessoa e obrigatoria')).toBeVisible();
  await escolherOpcao(page, 'Pessoa', `${produtor} - Produtor`);
  await expect(page.getByLabel('Ativa')).toBeChecked();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cotacao criada!');
  await expect(page).toHaveURL(/\/cotacao$/, { timeout: 5000 });

  await page.getByLabel('Filtrar por Nome').fill(produtor);
  await expect(linhas(page)).toHaveCount(1);
  const linha = linhas(page).first();
  await expect(linha).toContainText('Produtor');
  const botao = linha.getByRole('button', { name: /clique para alternar/ });
  await expect(botao).toHaveText('Ativa');
  // Checked once 'Cotacao criada!' is gone: a toast fading out fails the contrast rule.
  await expect(page.locator('.p-toast-message')).toHaveCount(0);
  await semViolacoesGraves(page);
  await botao.click();
  await expect(page.locator('.p-toast-message-success').filter({ hasText: 'Status Atualizado' })).toContainText('marcada como Nao Ativa');
  await expect(botao).toHaveText('Nao Ativa');
  await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 8000 });
  await semViolacoesGraves(page);
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-cotacao-lista.png'), fullPage: true });
  const [c] = (await apiAdmin<{ content: { id: number; ativo: boolean }[] }>(request, 'POST', 'cotacao/searchCotacao/asc/id', { nome: produtor })).content;
  expect(c.ativo).toBe(false);
  await botao.click();
  await expect(page.locator('.p-toast-message-success').filter({ hasText: 'marcada como Ativa' })).toBeVisible();
  await expect(botao).toHaveText('Ativa');

  // Edit through the form: 'Cotacao atualizada!'.
  await linha.getByRole('button', { name: /^Editar/ }).click();
  await expect(page).toHaveURL(new RegExp(`/cotacao/edit/${c.id}$`));
  // The form's checkbox by its role: right after the URL changes, the list's 'Ativa' button may still be on the page.
  const ativa = page.getByRole('checkbox', { name: 'Ativa', exact: true });
  await expect(ativa).toBeChecked();
  await ativa.uncheck();
  await page.screenshot({ path: path.join(ARTEFATOS, 'loja-cotacao-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cotacao atualizada!');
  await expect.poll(async () => (await apiAdmin<{ ativo: boolean }>(request, 'GET', `cotacao/${c.id}`)).ativo).toBe(false);
});
