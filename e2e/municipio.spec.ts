import { readFileSync } from 'node:fs';
import { expect, test } from './support';
import { apiAdmin, entrar, linhas, toast, tokenApi } from './support';

test('Município: criar, validar, editar, filtrar, ordenar, limpar filtros, exportar CSV; não há remoção', async ({ page, request }) => {
  // Other specs' municipalities may already be there (the factories make one per producer): the list counts them too.
  const total = (await apiAdmin<{ totalElements: number }>(request, 'GET', 'municipio?size=1')).totalElements + 3;
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Município' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();

  // Validation messages of docs/produto/validacao.md, before anything reaches the server.
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/municipiocreate$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome é obrigatório')).toBeVisible();
  await expect(page.getByText('A sigla é obrigatório')).toBeVisible();

  const nomes = ['Zé Doca E2E', 'Açailândia E2E', 'Imperatriz E2E'];
  for (const [i, nome] of nomes.entries()) {
    if (i > 0) {
      await page.goto('/municipio');
      await page.getByRole('button', { name: 'Adicionar' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Novo Município' })).toBeVisible();
    await page.getByLabel('Nome', { exact: true }).fill(nome);
    await page.getByLabel('Sigla - Estado').fill('MA');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/municipio$/, { timeout: 5000 });
  }

  await expect(linhas(page).filter({ hasText: 'Imperatriz E2E' })).toHaveCount(1);
  await expect(page.getByText(`Mostrando de 1 a ${Math.min(total, 20)} de ${total} municípios`)).toBeVisible();

  // Sorted by name ascending by default; a click on the header toggles to descending.
  await expect(linhas(page).first()).toContainText('Açailândia E2E');
  await page.getByRole('columnheader', { name: /Nome/ }).click();
  await expect(linhas(page).first()).toContainText('Zé Doca E2E');
  await page.getByRole('columnheader', { name: /Nome/ }).click();
  await expect(linhas(page).first()).toContainText('Açailândia E2E');

  // Accent-insensitive filter, kept across a reload, and 'Limpar Filtros'.
  await page.getByLabel('Filtrar por Nome').fill('acail');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('Açailândia E2E');
  await page.reload();
  await expect(page.getByLabel('Filtrar por Nome')).toHaveValue('acail');
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(linhas(page)).toHaveCount(Math.min(total, 20));
  await expect(page.getByLabel('Filtrar por Nome')).toHaveValue('');

  // Edit.
  await page.getByRole('button', { name: 'Editar Imperatriz E2E' }).click();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Imperatriz E2E');
  await page.getByLabel('Nome', { exact: true }).fill('Imperatriz do Norte E2E');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/municipio$/, { timeout: 5000 });
  await expect(linhas(page).filter({ hasText: 'Imperatriz do Norte E2E' })).toHaveCount(1);

  // CSV export of the whole filtered list.
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const csv = readFileSync(await (await download).path(), 'utf8');
  expect(csv).toContain('Nome;Sigla');
  expect(csv).toContain('Imperatriz do Norte E2E;MA');
  expect(csv.trim().split(/\r?\n/)).toHaveLength(total + 1);

  // docs/produto/validacao.md: the município list is 'edit only': no delete.
  await expect(page.getByRole('button', { name: 'Editar Imperatriz do Norte E2E' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Remover/ })).toHaveCount(0);
  // The spec has no delete of a municipality: the server refuses it in Portuguese and the row stays.
  const [zeDoca] = (
    await (
      await request.post('/api/municipio/searchMunicipio/asc/nome', {
        data: { nome: 'Zé Doca E2E' },
        headers: { authorization: `Bearer ${await tokenApi(request)}` },
      })
    ).json()
  ).content as { id: number }[];
  const r = await request.delete(`/api/municipio/${zeDoca.id}`, { headers: { authorization: `Bearer ${await tokenApi(request)}` } });
  expect(r.status()).toBe(405);
  expect((await r.json()).message).toBe('Municípios não podem ser removidos. Corrija o nome ou a sigla pela edição.');
  await page.getByLabel('Filtrar por Nome').fill('zé doca');
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText('Zé Doca E2E');
  await page.reload();
  await expect(linhas(page).filter({ hasText: 'Zé Doca E2E' })).toHaveCount(1);
});

test('Município: sair de um formulário alterado pergunta antes (Não fica, Sim sai); recarregar também pergunta', async ({ page }) => {
  const pergunta = 'Existem alterações não salvas. Deseja sair mesmo assim?';
  await entrar(page);
  await page.goto('/municipiocreate');
  await expect(page.getByRole('heading', { name: 'Novo Município' })).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Menu principal' });

  // Untouched: a menu link leaves at once.
  await menu.getByRole('link', { name: 'Município' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  await expect(page.getByText(pergunta)).toHaveCount(0);

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByLabel('Nome', { exact: true }).fill('Não Salvo E2E');
  await menu.getByRole('link', { name: 'Município' }).click();
  await expect(page.getByText(pergunta)).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.getByText(pergunta)).toBeHidden();
  await expect(page).toHaveURL(/\/municipiocreate$/);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Não Salvo E2E');

  // Reloading asks the browser's own question (beforeunload); dismissed, the work stays.
  const dialogo = page.waitForEvent('dialog');
  const recarregar = page.evaluate(() => location.reload());
  const d = await dialogo;
  expect(d.type()).toBe('beforeunload');
  await d.dismiss();
  await recarregar;
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue('Não Salvo E2E');

  await page.getByRole('link', { name: /Voltar/ }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('heading', { name: 'Municípios' })).toBeVisible();
  await expect(page).toHaveURL(/\/municipio$/);
});
