import { expect, test, type Page } from '@playwright/test';
import { apiAdmin, ARTEFATOS, entrar, sufixoUnico, toast } from './support';

/** A route's action checkbox ('Visualizar logs'). */
const caixa = (page: Page, nome: string) => page.getByRole('checkbox', { name: nome, exact: true });

type Grupo = { id: number; nome: string; permissoes: { id: number; rotaId: number; rotaNome: string; visualizar: boolean; criar: boolean }[] };

/**
 * The permission groups screen on the shared items field: a checklist of the four actions for every
 * route (child rows of the group), saved with the group; kept rows keep their ids.
 */
test('Permissões: criar um grupo pela lista de rotas, editar mantendo os ids', async ({ page, request }) => {
  const rotas = await apiAdmin<{ id: number; nome: string }[]>(request, 'GET', 'rotas/all');
  const nome = `Balcão E2E ${sufixoUnico()}`;
  await entrar(page);
  await page.getByRole('link', { name: 'Permissões' }).click();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Grupo de Permissões' })).toBeVisible();

  // Every route is a row, on one page.
  const tabela = page.getByRole('group', { name: 'Permissões por rota' });
  for (const r of rotas) await expect(tabela.getByRole('cell', { name: r.nome, exact: true })).toBeVisible();
  await expect(caixa(page, 'Visualizar usuarios')).toBeVisible();

  await page.getByLabel('Nome do grupo').fill(nome);
  await caixa(page, 'Visualizar municipio').click();
  await caixa(page, 'Visualizar pessoa').click();
  await caixa(page, 'Criar pessoa').click();
  await page.getByRole('button', { name: 'Salvar' }).dblclick();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/permissoes$/, { timeout: 5000 });

  const lista = await apiAdmin<{ content: { id: number; nome: string }[] }>(request, 'POST', 'grupoPermissoes/searchGrupoPermissoes/asc/id', { nome });
  expect(lista.content).toHaveLength(1);
  const criado = await apiAdmin<Grupo>(request, 'GET', `grupoPermissoes/${lista.content[0].id}`);
  const de = (g: Grupo, rota: string) => g.permissoes.find((p) => p.rotaNome === rota)!;
  expect(de(criado, 'municipio')).toMatchObject({ visualizar: true, criar: false });
  expect(de(criado, 'pessoa')).toMatchObject({ visualizar: true, criar: true });

  // Edit: the saved flags are checked; a change keeps the rows' ids.
  await page.goto(`/permissoes/edit/${criado.id}`);
  await expect(page.getByLabel('Nome do grupo')).toHaveValue(nome);
  await expect(caixa(page, 'Visualizar municipio')).toBeChecked();
  await expect(caixa(page, 'Criar pessoa')).toBeChecked();
  await expect(caixa(page, 'Criar municipio')).not.toBeChecked();
  await caixa(page, 'Visualizar municipio').click();
  await caixa(page, 'Visualizar logs').click();
  await page.screenshot({ path: `${ARTEFATOS}/permissoes-edit.png`, fullPage: true });
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  const editado = await apiAdmin<Grupo>(request, 'GET', `grupoPermissoes/${criado.id}`);
  expect(de(editado, 'pessoa').id).toBe(de(criado, 'pessoa').id);
  expect(de(editado, 'municipio')).toMatchObject({ id: de(criado, 'municipio').id, visualizar: false });
  expect(de(editado, 'logs').visualizar).toBe(true);

  // The seeded Agronomia group shows every route, not only those it has rows for.
  await page.goto('/permissoes/edit/2');
  await expect(page.getByLabel('Nome do grupo')).toHaveValue('Agronomia');
  await expect(caixa(page, 'Visualizar boletim')).toBeChecked();
  await expect(caixa(page, 'Visualizar usuarios')).not.toBeChecked();
  await expect(caixa(page, 'Visualizar romaneio')).toBeVisible();
});
