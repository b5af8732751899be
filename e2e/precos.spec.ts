import path from 'node:path';
import { expect, test } from './support';
import {
  apiAdmin,
  ARTEFATOS,
  caixaDeBusca,
  criarUsuario,
  diasAtrasIso,
  entrar,
  escolherOpcao,
  filtrarPorOpcao,
  hojeBR,
  imprimirPdf,
  linhas,
  semViolacoesGraves,
  sufixoUnico,
  toast,
} from './support';
import { preco, produto } from './fabricas';

/**
 * Product groups, products and prices through the screens, then the public quotation (/home)
 * signed out: min/avg/max per group and day, price per kg, filters, sorting, history chart, print.
 */
test.describe.configure({ mode: 'serial' });

const sufixo = sufixoUnico();
const GRUPO = `Tomate E2E ${sufixo}`;
const UN = 'Caixa 20kg';
const ITALIANO = `Tomate Italiano E2E ${sufixo}`;
const CEREJA = `Tomate Cereja E2E ${sufixo}`;
/** The browser's (São Paulo) day, whatever the time zone of the machine running the tests. */
const HOJE_BR = hojeBR();
const nbsp = (s: string) => s.replace(/ /g, '\u00a0');
/** Only the report is printed: no menu, no dialog buttons. */
const FORA_DO_RELATORIO = ['Limpar Filtros', 'Sair'];

test('Grupo de produto e produtos: validação, cadastro, lista com status, relatórios', async ({ page, request }) => {
  await entrar(page);

  // Group: the spec's messages, then create.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Grupo de Produto' }).click();
  await expect(page.getByRole('heading', { name: 'Grupos de Produto' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/produtoGrupocreate$/);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome e obrigatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('A embalagem e obrigatorio', { exact: true })).toBeVisible();
  await page.getByLabel('Nome', { exact: true }).fill(GRUPO);
  await page.getByLabel('Un Padrão').fill(UN);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/produtoGrupo$/, { timeout: 5000 });
  await page.getByLabel('Filtrar por Nome').fill(GRUPO);
  await expect(linhas(page)).toHaveCount(1);
  await expect(linhas(page).first()).toContainText(UN);
  await page.screenshot({ path: path.join(ARTEFATOS, 'produtoGrupo-lista.png'), fullPage: true });

  // The group report opens 1 s after the click (docs/produto/funcionamento.md).
  await page.getByRole('button', { name: `Imprimir boletins do grupo ${GRUPO}` }).click();
  const relGrupo = page.getByRole('dialog', { name: 'Boletins por Grupo de Produto' });
  // Not at once: hidden right after the click, then shown.
  await expect(relGrupo).toBeHidden();
  await expect(relGrupo).toBeVisible({ timeout: 3000 });
  await expect(relGrupo.getByText(`Grupo: ${GRUPO} (${UN})`)).toBeVisible();
  await expect(relGrupo.getByText('Nenhum boletim encontrado para este grupo')).toBeVisible();
  await relGrupo.getByRole('button', { name: 'Fechar' }).click();

  await page.getByLabel('Filtrar por Nome').fill('zzz nada assim');
  await expect(page.getByText('Nenhum grupo de produto encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();

  // Products: default weight 1, the spec's messages, status from the server.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produto', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Produtos' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/produtocreate$/);
  await expect(page.getByLabel('Peso (kg)')).toHaveValue('1,00');
  await page.getByLabel('Peso (kg)').fill('');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O nome e obrigatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('A embalagem e obrigatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('O peso da embalagem e obrigatorio', { exact: true })).toBeVisible();
  await expect(page.getByText('O grupo do produto e obrigatorio', { exact: true })).toBeVisible();
  await page.getByLabel('Peso (kg)').pressSequentially('0');
  await page.getByLabel('Nome', { exact: true }).click();
  await expect(page.getByText('O peso da embalagem deve ser maior ou igual a 1', { exact: true })).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'produto-form-erros.png'), fullPage: true });

  const produtos = [
    { nome: ITALIANO, embalagem: UN, peso: '20', status: 'ATIVO' },
    { nome: CEREJA, embalagem: 'Bandeja 5kg', peso: '5', status: 'INATIVO' },
  ];
  for (const [i, p] of produtos.entries()) {
    if (i > 0) {
      await page.goto('/produtocreate');
      await expect(page.getByLabel('Peso (kg)')).toHaveValue('1,00');
    }
    await page.getByLabel('Nome', { exact: true }).fill(p.nome);
    await page.getByLabel('Embalagem').fill(p.embalagem);
    await page.getByLabel('Peso (kg)').fill('');
    await page.getByLabel('Peso (kg)').pressSequentially(p.peso);
    await escolherOpcao(page, 'Grupo', GRUPO);
    await escolherOpcao(page, 'Status', p.status);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/produto$/, { timeout: 5000 });
  }

  // Dropdown hygiene (docs/produto/validacao.md): 'abacate - nao usar' and a case-insensitive duplicate never show.
  const grupos = await apiAdmin<{ id: number; nome: string }[]>(request, 'GET', 'produtoGrupo/produtosAll');
  const grupoId = grupos.find((g) => g.nome === GRUPO)!.id;
  await produto(request, { nome: 'abacate - nao usar', embalagem: 'Caixa', pesoEmKg: 1, produtoGrupoId: grupoId, status: 'INATIVO' }).catch(() => undefined);
  await produto(request, { nome: ITALIANO.toUpperCase(), embalagem: 'Outra', pesoEmKg: 1, produtoGrupoId: grupoId, status: 'INATIVO' });

  // List: filter by group (dropdown), status tags in colour.
  await filtrarPorOpcao(page, 'Filtrar por Grupo', GRUPO);
  // The list shows every product (only dropdowns drop the two extra ones).
  await expect(linhas(page)).toHaveCount(4);
  const italiano = linhas(page).filter({ hasText: ITALIANO }).filter({ hasText: UN });
  await expect(italiano.locator('.p-tag-success')).toHaveText('ATIVO');
  await expect(italiano).toContainText('20,00');
  await expect(linhas(page).filter({ hasText: CEREJA }).locator('.p-tag-danger')).toHaveText('INATIVO');
  await page.screenshot({ path: path.join(ARTEFATOS, 'produto-lista.png'), fullPage: true });
  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const relProd = page.getByRole('dialog', { name: 'Produtos' });
  await expect(relProd.getByText('Mostrando de 1 a 4 de 4 produtos')).toBeVisible();
  await expect(relProd.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(relProd.getByRole('cell', { name: CEREJA })).toBeVisible();
  await imprimirPdf(page, 'produtos', { contem: ['Produtos', CEREJA, 'Mostrando de 1 a 4 de 4 produtos'], naoContem: FORA_DO_RELATORIO });
  await relProd.getByRole('button', { name: 'Fechar' }).click();
  await page.getByLabel('Filtrar por Nome').fill('zzz nada assim');
  await expect(page.getByText('Nenhum produto encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
});

test('Preços: validação, Salvar e continuar, lista com filtros, relatório, edição, remoção e erro ao salvar', async ({ page, request }) => {
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Preços' }).click();
  await expect(page.getByRole('heading', { name: 'Preços' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/precoscreate$/);
  await expect(page.getByRole('button', { name: 'Salvar e continuar' })).toBeVisible();

  // The spec's messages (the shared schema's).
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('O produto é obrigatório!', { exact: true })).toBeVisible();
  await expect(page.getByText('O valor é obrigatório!', { exact: true })).toBeVisible();
  await expect(page.getByLabel('Data')).toHaveValue(HOJE_BR);

  // The product dropdown is cleaned by the shared rule.
  await caixaDeBusca(page, 'Produto').click();
  await caixaDeBusca(page, 'Produto').press('ArrowDown');
  const painel = page.getByRole('listbox', { name: 'Opções' });
  await expect(painel).toBeVisible();
  const opcoes = painel.getByRole('option');
  await expect(opcoes.filter({ hasText: new RegExp(`E2E ${sufixo}`, 'i') })).toHaveCount(2);
  await expect(opcoes.filter({ hasText: new RegExp(ITALIANO, 'i') })).toHaveText([`${ITALIANO} - ${UN}`]);
  await expect(opcoes.filter({ hasText: /abacate - nao usar/i })).toHaveCount(0);
  await page.keyboard.press('Escape');
  await expect(painel).toBeHidden();

  // 'Salvar e continuar' keeps date and product, clears only the value.
  await escolherOpcao(page, 'Produto', `${ITALIANO} - ${UN}`);
  // (a survey has several prices a day: the second and third ask first, naming the day's last one; decision 0136)
  for (const [v, anterior] of [
    ['99', null],
    ['50', '99,00'],
    ['70', '50,00'],
  ] as const) {
    await page.getByLabel('Valor (R$)').pressSequentially(v);
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    if (anterior) {
      const pergunta = page.locator('.p-confirm-dialog');
      await expect(pergunta).toContainText(`Já existe preço de ${ITALIANO} em ${HOJE_BR}: R$ ${anterior}. Registrar outro?`);
      await pergunta.getByRole('button', { name: 'Sim' }).click();
    }
    await toast(page, 'Cadastro concluído!');
    await expect(page).toHaveURL(/\/precoscreate$/);
    await expect(page.getByLabel('Valor (R$)')).toHaveValue('');
    await expect(page.getByLabel('Data')).toHaveValue(HOJE_BR);
    await expect(caixaDeBusca(page, 'Produto')).toHaveValue(`${ITALIANO} - ${UN}`);
  }
  // The save's toasts gone (the next 'Cadastro concluído!' is the next save's), the page is still the new price's.
  await expect(page.locator('.p-toast-message')).toHaveCount(0, { timeout: 10_000 });
  await expect(page).toHaveURL(/\/precoscreate$/);
  await escolherOpcao(page, 'Produto', `${CEREJA} - Bandeja 5kg`);
  await page.getByLabel('Valor (R$)').pressSequentially('15,5');
  await expect(page.getByLabel('Valor (R$)')).toHaveValue('15,5');
  await page.getByLabel('Valor (R$)').blur();
  await expect(page.getByLabel('Valor (R$)')).toHaveValue(nbsp('R$ 15,50'));
  await page.screenshot({ path: path.join(ARTEFATOS, 'precos-form.png'), fullPage: true });
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/precos$/, { timeout: 5000 });

  // List: group dropdown filter, text and date filters, footer, report of the current page.
  await filtrarPorOpcao(page, 'Filtrar por Produto Grupo', GRUPO);
  await expect(linhas(page)).toHaveCount(4);
  await expect(page.getByText('Mostrando de 1 a 4 de 4 preços')).toBeVisible();
  await expect(linhas(page).filter({ hasText: CEREJA })).toContainText(nbsp('R$ 15,50'));
  await expect(linhas(page).filter({ hasText: CEREJA })).toContainText(HOJE_BR);
  await expect(linhas(page).filter({ hasText: CEREJA })).toContainText(GRUPO);
  await page.getByLabel('Filtrar por Nome').fill('cereja e2e ' + sufixo);
  await expect(linhas(page)).toHaveCount(1);
  await page.getByLabel('Filtrar por Nome').fill('');
  await expect(linhas(page)).toHaveCount(4);
  await page.getByLabel('Filtrar por Data').fill('01/01/2001');
  await page.getByLabel('Filtrar por Data').press('Enter');
  await expect(page.getByText('Nenhum preço encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page.getByLabel('Filtrar por Data')).toHaveValue('');
  await filtrarPorOpcao(page, 'Filtrar por Produto Grupo', GRUPO);
  await expect(linhas(page)).toHaveCount(4);
  await page.screenshot({ path: path.join(ARTEFATOS, 'precos-lista.png'), fullPage: true });

  await page.getByRole('button', { name: 'Gerar relatório' }).click();
  const rel = page.getByRole('dialog', { name: 'Preços' });
  await expect(rel.getByText('Mostrando de 1 a 4 de 4 preços')).toBeVisible();
  await expect(rel.getByRole('cell', { name: CEREJA })).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'precos-relatorio.png') });
  await imprimirPdf(page, 'precos', {
    contem: ['Preços', 'Prefeitura Municipal', CEREJA, 'R$ 15,50', 'Mostrando de 1 a 4 de 4 preços'],
    naoContem: FORA_DO_RELATORIO,
  });
  await rel.getByRole('button', { name: 'Fechar' }).click();

  // Edit: 'Atualizar'.
  await page.getByRole('button', { name: `Editar ${CEREJA}` }).click();
  await expect(page).toHaveURL(/\/precos\/edit\/\d+$/);
  await expect(page.getByRole('button', { name: 'Salvar e continuar' })).toHaveCount(0);
  await expect(page.getByLabel('Valor (R$)')).toHaveValue(nbsp('R$ 15,50'));
  await page.getByLabel('Valor (R$)').fill('');
  await page.getByLabel('Valor (R$)').pressSequentially('18');
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/precos$/, { timeout: 5000 });

  // Delete with the product's name in the prompt.
  await page.getByLabel('Filtrar por Valor (R$)').fill('99');
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Remover ${ITALIANO}` }).click();
  await expect(page.getByText(`Você tem certeza que quer remover ${ITALIANO}?`)).toBeVisible();
  await page.getByRole('button', { name: 'Sim' }).click();
  await toast(page, 'Remoção concluída!');
  await toast(page, `${ITALIANO} removido(a) com sucesso`);
  await expect(page.getByText('Nenhum preço encontrado')).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();

  // A save the server refuses: the product vanished meanwhile.
  const temp = await produto(request, {
    nome: `Temporario E2E ${sufixo}`,
    embalagem: 'Saco',
    pesoEmKg: 1,
    produtoGrupoId: (await apiAdmin<{ id: number; nome: string }[]>(request, 'GET', 'produtoGrupo/produtosAll')).find((g) => g.nome === GRUPO)!.id,
  });
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await escolherOpcao(page, 'Produto', `Temporario E2E ${sufixo} - Saco`);
  await page.getByLabel('Valor (R$)').pressSequentially('10');
  await apiAdmin(request, 'DELETE', `produto/${temp.id}`);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Erro ao cadastrar preço!');
  await toast(page, 'O produto deve estar na lista');
  await expect(page).toHaveURL(/\/precoscreate$/);
});

test('Cotação de Preços (/home) sem entrar: valores, R$/kg, filtros, ordenação, histórico e impressão', async ({ page, request }) => {
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: 'Cotação de Preços' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();

  await page.getByLabel('Filtrar por Nome').fill(`tomate e2e ${sufixo}`);
  await expect(linhas(page)).toHaveCount(1);
  const linha = linhas(page).first();
  // Italiano 50 and 70 (20 kg), Cereja 18 (5 kg): min 18, avg 46, max 70; per kg 2,50 / 3,20 / 3,60.
  await expect(linha).toContainText(GRUPO);
  await expect(linha).toContainText(UN);
  await expect(linha.locator('td').nth(2)).toContainText(nbsp('R$ 18,00'));
  await expect(linha.locator('td').nth(3)).toContainText(nbsp('R$ 46,00'));
  await expect(linha.locator('td').nth(4)).toContainText(nbsp('R$ 70,00'));
  await expect(linha.locator('td').nth(2)).toContainText(nbsp('R$ 2,50/kg'));
  await expect(linha.locator('td').nth(3)).toContainText(nbsp('R$ 3,20/kg'));
  await expect(linha.locator('td').nth(4)).toContainText(nbsp('R$ 3,60/kg'));
  await expect(linha.locator('td').nth(5)).toHaveText(HOJE_BR);
  await expect(page.getByText('Mostrando de 1 a 1 de 1 cotações')).toBeVisible();

  // Date filter, then 'Limpar Filtros'.
  await page.getByLabel('Filtrar por Data Cotação').pressSequentially('01012001');
  await expect(page.getByLabel('Filtrar por Data Cotação')).toHaveValue('01/01/2001');
  await expect(page.getByText('Nenhuma cotação encontrada')).toBeVisible();
  await page.getByLabel('Filtrar por Data Cotação').fill(HOJE_BR);
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await expect(page.getByLabel('Filtrar por Nome')).toHaveValue('');
  await expect(page.getByLabel('Filtrar por Data Cotação')).toHaveValue('');
  await expect(linhas(page).filter({ hasText: GRUPO })).toHaveCount(1);

  // Sorting by a column toggles ASC/DESC.
  const media = page.getByRole('columnheader', { name: 'Valor Médio' });
  await media.getByRole('button').click();
  await expect(media).toHaveAttribute('aria-sort', 'ascending');
  await media.getByRole('button').click();
  await expect(media).toHaveAttribute('aria-sort', 'descending');
  await page.screenshot({ path: path.join(ARTEFATOS, 'home.png'), fullPage: true });
  await semViolacoesGraves(page);

  // Price history of the group (last 90 days), from the chart button: a few earlier days first.
  const opcoes = await apiAdmin<{ id: number; nome: string }[]>(request, 'GET', 'produto/listAllProdutoBasic');
  const idDe = (nome: string) => opcoes.find((o) => o.nome === nome)!.id;
  for (const [dias, italiano, cereja] of [
    [75, 38, 12],
    [60, 42, 14],
    [45, 55, 16],
    [30, 48, 13],
    [14, 60, 17],
    [7, 52, 19],
  ] as const) {
    await preco(request, { produtoId: idDe(ITALIANO), data: diasAtrasIso(dias), valor: italiano });
    await preco(request, { produtoId: idDe(CEREJA), data: diasAtrasIso(dias), valor: cereja });
  }
  await preco(request, { produtoId: idDe(ITALIANO), data: diasAtrasIso(200), valor: 500 }); // outside the 90 days
  await page.getByLabel('Filtrar por Nome').fill('');
  await page.getByLabel('Filtrar por Nome').fill(`tomate e2e ${sufixo}`);
  await expect(linhas(page)).toHaveCount(8);
  await page
    .getByRole('button', { name: `Ver histórico de preços de ${GRUPO}` })
    .first()
    .click();
  const hist = page.getByRole('dialog', { name: `Histórico de preços - ${GRUPO}` });
  await expect(hist).toBeVisible();
  await expect(hist.getByRole('img', { name: `Histórico de preços de ${GRUPO}` })).toBeVisible();
  await hist.getByText('Ver dados').click();
  await expect(hist.getByRole('row', { name: new RegExp(HOJE_BR) })).toContainText(nbsp('R$ 46,00'));
  await expect(hist.getByRole('row')).toHaveCount(1 + 7);
  await expect(hist.getByText(nbsp('R$ 500,00'))).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTEFATOS, 'home-historico.png') });
  await semViolacoesGraves(page);
  await hist.getByRole('button', { name: 'Fechar' }).click();
  // ... and from a click on the row.
  await linhas(page).filter({ hasText: HOJE_BR }).locator('td').first().click();
  await expect(hist).toBeVisible();
  await hist.getByRole('button', { name: 'Fechar' }).click();

  // Narrow screens: one card per row, every value still labelled.
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(linhas(page).first().locator('td').nth(3)).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'home-celular.png'), fullPage: true });
  await page.setViewportSize({ width: 1366, height: 900 });

  // Print report: municipal header, market title, print date.
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const rel = page.getByRole('dialog', { name: 'CEASA REGIONAL - Cotação de Preços no Atacado' });
  await expect(rel).toBeVisible();
  await expect(rel.getByText('Prefeitura Municipal')).toBeVisible();
  await expect(rel.getByText(/Impresso em \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  for (const h of ['Produto', 'Un Padrão', 'Valor Mínimo', 'Valor Médio', 'Valor Máximo', 'Data Cotação'])
    await expect(rel.getByRole('columnheader', { name: h })).toBeVisible();
  await expect(rel.getByRole('row', { name: new RegExp(`${GRUPO}.*${HOJE_BR}`) })).toContainText(nbsp('R$ 46,00'));
  await expect(rel.getByRole('row', { name: new RegExp(GRUPO) })).toHaveCount(8);
  await imprimirPdf(page, 'home-cotacao', {
    contem: ['CEASA REGIONAL - Cotação de Preços no Atacado', 'Prefeitura Municipal', GRUPO, 'R$ 70,00'],
    naoContem: FORA_DO_RELATORIO,
  });
});

test('/home: usuário sem perfil vê o aviso acima da cotação', async ({ page, request }) => {
  const u = await criarUsuario(request, [], 'Sem Perfil E2E');
  await entrar(page, u.email, u.senha);
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText('Desculpe, mas ainda não foi atribuído perfil para o seu usuário.', { exact: false })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cotação de Preços' })).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'home-sem-perfil.png') });
  await semViolacoesGraves(page);
  // Signed in on /home: 'Sair' instead of 'Entrar'.
  await expect(page.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/home');
  await expect(page.getByRole('link', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Desculpe, mas ainda não foi atribuído perfil', { exact: false })).toHaveCount(0);
});

test('acessibilidade das telas de grupo, produto, preços e VAF (axe: nada sério ou crítico)', async ({ page }) => {
  await entrar(page);
  for (const url of ['/produtoGrupo', '/produtoGrupocreate', '/produto', '/produtocreate', '/precos', '/precoscreate', '/vaf']) {
    await page.goto(url);
    await expect(page.getByRole('heading').first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    await semViolacoesGraves(page);
  }
});

test('perfil Agronomia (user-agro): preços e VAF só para ver; produtos e grupos completos', async ({ page, request }) => {
  const u = await criarUsuario(request, ['user-agro'], 'Agronomia E2E');
  await entrar(page, u.email, u.senha);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Preços' }).click();
  await expect(page.getByRole('heading', { name: 'Preços' })).toBeVisible();
  await filtrarPorOpcao(page, 'Filtrar por Produto Grupo', GRUPO);
  await expect(linhas(page).first()).toContainText(GRUPO);
  await expect(page.getByRole('button', { name: 'Adicionar' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Ações' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Gerar relatório' })).toBeVisible();
  await page.goto('/precoscreate');
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produto', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Adicionar' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'VAF' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Grupo de Produto' })).toBeVisible();
});
