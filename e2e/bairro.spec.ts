import { apiAdmin, entrar, escolherOpcao, expect, linhas, sufixoUnico, test, toast } from './support';

// The example of docs/adding-a-resource.md: a flat resource whose screens are made from its declaration.
test('Bairro: a lista e o formulário feitos da declaração criam, recusam o repetido, filtram, editam e removem', async ({ page, request }) => {
  const sufixo = sufixoUnico();
  const municipio = `Município dos Bairros ${sufixo}`;
  await apiAdmin(request, 'POST', 'municipio', { nome: municipio, sigla: 'MA' });
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Bairro' }).click();
  await expect(page.getByRole('heading', { name: 'Bairros' })).toBeVisible();

  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/bairrocreate$/);
  await expect(page.getByRole('heading', { name: 'Novo Bairro' })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome é obrigatório')).toBeVisible();
  await expect(page.getByText('Município é obrigatório')).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill(`Centro ${sufixo}`);
  await escolherOpcao(page, 'Município', `${municipio} - MA`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/bairro$/, { timeout: 5000 });

  // The same name in the same municipality: the unique index's 409 in words, nothing saved.
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByLabel('Nome', { exact: true }).fill(`Centro ${sufixo}`);
  await escolherOpcao(page, 'Município', `${municipio} - MA`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Erro ao cadastrar bairro!');
  await expect(page.getByText('Já existe um bairro com este nome neste município.').first()).toBeVisible();
  await page.getByRole('link', { name: /Voltar/ }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('heading', { name: 'Bairros' })).toBeVisible();

  // The list: filtered by name (accent-insensitive), the municipality by its label.
  await page.getByLabel('Filtrar por Nome').fill(`centro ${sufixo}`);
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText(`${municipio} - MA`);
  await page.getByRole('button', { name: `Editar Centro ${sufixo}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Bairro' })).toBeVisible();
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(`Centro ${sufixo}`);
  await expect(page.getByRole('combobox', { name: 'Município', exact: true })).toHaveValue(`${municipio} - MA`);
  await page.getByLabel('Nome', { exact: true }).fill(`Centro Histórico ${sufixo}`);
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/bairro$/, { timeout: 5000 });

  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await page.getByLabel('Filtrar por Nome').fill(`historico ${sufixo}`);
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Remover Centro Histórico ${sufixo}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await expect(page.getByText('Nenhum bairro encontrado')).toBeVisible();
});
