import { expect, test } from './support';
import { apiAdmin, entrar, escolherOpcao, linhas, redigitar, sufixoUnico, toast } from './support';
import * as fabrica from './fabricas';

type Propriedade = {
  id: number;
  nome: string;
  cep: string | null;
  areaTotal: number;
  areaExplorada: number;
  areaCultivada: number;
  geoLocalizacao: string;
  pronaf: boolean;
  tipoPosse: string;
  proprietarioNome: string;
  municipioNome: string;
};

test('Propriedade: mensagens de validação, CEP com máscara salvo sem máscara, áreas pt-BR, edição, filtro e relatório', async ({ page, request }) => {
  const s = sufixoUnico();
  const dono = `Proprietário E2E ${s}`;
  await fabrica.produtor(request, { nome: dono });
  const municipio = `Balsas E2E ${s}`;
  await fabrica.municipio(request, { nome: municipio });
  const nome = `Sítio Boa Esperança E2E ${s}`;

  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Propriedade' }).click();
  await expect(page.getByRole('heading', { name: 'Propriedades' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/propriedadecreate$/);
  await expect(page.getByLabel('Geo Localização')).toHaveValue('0,0');

  // Every required-field message of docs/produto/validacao.md.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome da propriedade é obrigatório')).toBeVisible();
  await expect(page.getByText('A pessoa é obrigatório')).toBeVisible();
  await expect(page.getByText('Município é obrigatório')).toBeVisible();
  await expect(page.getByText('Area é obrigatório')).toHaveCount(3);
  await expect(page.getByText('É obrigatório escolher o tipo de posse')).toBeVisible();

  // Areas must be greater than 0; a half-typed CEP is refused.
  await page.getByLabel('Área Total').fill('0');
  await page.getByLabel('Nome', { exact: true }).click();
  await expect(page.getByText('Area tem que ser maior que 0')).toBeVisible();
  await page.getByLabel('CEP').click();
  await page.getByLabel('CEP').pressSequentially('659');
  await page.getByLabel('Nome', { exact: true }).click();
  await expect(page.getByText('O CEP deve estar no formato 99999-999')).toBeVisible();

  // CEP typed as digits shows 99999-999.
  await redigitar(page.getByLabel('CEP'), '65800000');
  await expect(page.getByLabel('CEP')).toHaveValue('65800-000');
  await expect(page.getByText('O CEP deve estar no formato 99999-999')).toBeHidden();

  await escolherOpcao(page, 'Proprietário', dono);
  await page.getByLabel('Nome', { exact: true }).fill(nome);
  await page.getByLabel('Endereço').fill('Estrada do Arroz');
  await page.getByLabel('Número').fill('km 12');
  await page.getByLabel('Complemento').fill('Zona rural');
  await escolherOpcao(page, 'Município', municipio);
  // pt-BR decimals: typed with a comma, shown with thousands grouping.
  await page.getByLabel('Área Total').fill('');
  await page.getByLabel('Área Total').pressSequentially('1234,5');
  await page.getByLabel('Explorada').pressSequentially('800,25');
  await page.getByLabel('Cultivada').pressSequentially('650');
  await page.getByLabel('Geo Localização').click();
  await expect(page.getByLabel('Área Total')).toHaveValue('1.234,50');
  await expect(page.getByLabel('Cultivada')).toHaveValue('650,00');
  await expect(page.getByText('Area tem que ser maior que 0')).toBeHidden();
  await page.getByLabel('Geo Localização').fill('-7,53,-46,04');
  await escolherOpcao(page, 'Pronaf', 'SIM');
  await escolherOpcao(page, 'Tipo de Posse', 'ARRENDADO');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/propriedade$/, { timeout: 5000 });

  // Saved unmasked, as the API reports it.
  const r = await apiAdmin<{ content: Propriedade[] }>(request, 'POST', 'propriedade/searchPropriedade/asc/nome', { nome });
  expect(r.content).toHaveLength(1);
  const p = r.content[0];
  expect(p).toMatchObject({
    cep: '65800000',
    areaTotal: 1234.5,
    areaExplorada: 800.25,
    areaCultivada: 650,
    geoLocalizacao: '-7,53,-46,04',
    pronaf: true,
    tipoPosse: 'ARRENDADO',
    proprietarioNome: dono,
    municipioNome: municipio,
  });

  // List: owner dropdown filter; total area in pt-BR.
  await page.getByLabel('Filtrar por Nome Propriedade').fill(`E2E ${s}`);
  await expect(linhas(page)).toHaveCount(1);
  await expect(page.getByText('Mostrando de 1 a 1 de 1 propriedades')).toBeVisible();
  await expect(linhas(page).first()).toContainText(dono);
  await expect(linhas(page).first()).toContainText('1.234,50');

  // Edit: the CEP comes back masked; an edit keeps it unmasked.
  await page.getByRole('button', { name: `Editar ${nome}` }).click();
  await expect(page).toHaveURL(new RegExp(`/propriedade/${p.id}$`));
  await expect(page.getByLabel('CEP')).toHaveValue('65800-000');
  await expect(page.getByLabel('Área Total')).toHaveValue('1.234,50');
  await page.getByLabel('Complemento').fill('Zona rural, lote 3');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/propriedade$/, { timeout: 5000 });
  expect(await apiAdmin<Propriedade>(request, 'GET', `propriedade/${p.id}`)).toMatchObject({ cep: '65800000', complemento: 'Zona rural, lote 3' });

  // 'Gerar relatório': name, owner, total area.
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const rel = page.getByRole('dialog', { name: 'Propriedades' });
  await expect(rel.locator('.print-table thead')).toContainText('NomeProprietárioÁrea Total');
  await expect(rel.locator('.print-table tbody tr').filter({ hasText: nome })).toContainText(`${dono}1.234,50`);
  await rel.getByRole('button', { name: /Fechar|Close/ }).click();

  // Nothing matches → the empty message.
  await page.getByLabel('Filtrar por Nome Propriedade').fill('nenhuma-propriedade-assim');
  await expect(page.getByText('Nenhuma propriedade encontrada')).toBeVisible();
});
