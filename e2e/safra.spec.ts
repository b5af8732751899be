import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import {
  apiAdmin,
  ARTEFATOS,
  caixaDeBusca,
  criarUsuario,
  digitarData,
  entrar,
  escolherOpcao,
  filtrarPorOpcao,
  imprimirPdf,
  linhas,
  redigitar,
  sufixoUnico,
  test,
  toast,
} from './support';
import * as fabrica from './fabricas';

/*
 * Harvest bulletins and field notebooks ('safra'). The file runs after municipio.spec.ts (files run in
 * name order, one worker): that test counts every municipality of the database, and this one creates some.
 */

type Boletim = {
  id: number;
  produtorNome: string;
  dataVigencia: string | null;
  itens: {
    id: number;
    produtoId: number;
    producaoEstimada: number;
    producaoEmbalada: number;
    areaProducao: number;
    inicioColheita: string;
    fimColheita: string;
  }[];
};

/** Producer (with a property), a second producer (with another), a technician and two products, named for this run. */
async function cenario(request: Parameters<typeof apiAdmin>[0]) {
  const s = sufixoUnico();
  const {
    produtor,
    propriedade: sitio,
    municipio: mun,
  } = await fabrica.produtorComPropriedade(request, {
    produtor: { nome: `João Lavrador E2E ${s}` },
    propriedade: { nome: `Sítio Boa Esperança E2E ${s}` },
    municipio: { nome: `Açailândia E2E ${s}` },
  });
  const { produtor: outro, propriedade: fazenda } = await fabrica.produtorComPropriedade(request, {
    produtor: { nome: `Ana Colheita E2E ${s}` },
    propriedade: { nome: `Fazenda Açude E2E ${s}` },
  });
  const tecnico = await fabrica.tecnico(request, { nome: `Eng. Agr. Carla E2E ${s}` });
  const {
    produtos: [tomate, acucar],
  } = await fabrica.produtosNumGrupo(request, [{ nome: `Tomate E2E ${s}` }, { nome: `Açúcar E2E ${s}` }]);
  return { s, produtor, outro, tecnico, mun, sitio, fazenda, tomate, acucar };
}

/** This year: a notebook's dates must lie within current-4 and current+1 (docs/produto/validacao.md). */
const ANO = new Date().getFullYear();

/** The typed pick list of a row cell (by its input id): the option's words typed at full speed, then Enter. */
async function escolherNaCelula(page: Page, id: string, opcao: string) {
  const campo = page.locator(`[id="${id}"]`);
  await campo.click();
  await page.keyboard.type(opcao);
  await page.keyboard.press('Enter');
  await expect(campo).toHaveValue(new RegExp(`^${opcao.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`));
}

test('Boletim: cria com dois itens num POST, troca de produtor limpa a propriedade, edita mantendo itens, filtra e imprime o saldo', async ({
  page,
  request,
}) => {
  const c = await cenario(request);
  await entrar(page);
  await page.getByRole('link', { name: 'Boletim' }).click();
  await expect(page.getByRole('heading', { name: 'Boletins' })).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page).toHaveURL(/\/boletimcreate$/);

  await page.getByRole('button', { name: 'Salvar' }).click();
  for (const m of [
    'A Data da visita é obrigatória',
    'A data emissão é obrigatória',
    'O produtor é obrigatório',
    'A propriedade é obrigatório',
    'O técnico é obrigatório',
  ])
    await expect(page.getByText(m)).toBeVisible();

  await digitarData(page.locator('#campo-dataVisita'), '20/04/2026');
  await digitarData(page.locator('#campo-dataEmissao'), '22/04/2026');
  // Only the chosen producer's properties; another producer clears the property.
  await escolherOpcao(page, 'Produtor', c.outro.nome);
  await escolherOpcao(page, 'Propriedade', c.fazenda.nome);
  await escolherOpcao(page, 'Produtor', c.produtor.nome);
  await expect(caixaDeBusca(page, 'Propriedade')).toHaveValue('');
  await caixaDeBusca(page, 'Propriedade').click();
  await caixaDeBusca(page, 'Propriedade').press('ArrowDown');
  const propriedades = page.getByRole('listbox', { name: 'Opções' });
  await expect(propriedades.getByRole('option', { name: c.sitio.nome })).toBeVisible();
  await expect(propriedades.getByRole('option', { name: c.fazenda.nome })).toHaveCount(0);
  await propriedades.getByRole('option', { name: c.sitio.nome }).click();
  await escolherOpcao(page, 'Técnico', c.tecnico.nome);

  // Two items, typed inline at full speed.
  const itens = [
    { produto: c.tomate.nome, area: '1,5', estimada: '12000', embalada: '11000,25', inicio: '01/05/2026', fim: '31/07/2026' },
    { produto: c.acucar.nome, area: '2', estimada: '5000', embalada: '4800', inicio: '01/06/2026', fim: '30/09/2026' },
  ];
  for (const [i, it] of itens.entries()) {
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await escolherNaCelula(page, `celula-itens-${i}-produtoId`, it.produto);
    await page.locator(`#celula-itens-${i}-areaProducao`).pressSequentially(it.area);
    await page.locator(`#celula-itens-${i}-producaoEstimada`).pressSequentially(it.estimada);
    await page.locator(`#celula-itens-${i}-producaoEmbalada`).pressSequentially(it.embalada);
    await digitarData(page.locator(`#celula-itens-${i}-inicioColheita`), it.inicio);
    await digitarData(page.locator(`#celula-itens-${i}-fimColheita`), it.fim);
  }
  await expect(page.locator('#celula-itens-0-producaoEmbalada')).toHaveValue('11.000,25');
  await page.screenshot({ path: path.join(ARTEFATOS, 'boletim-form-itens.png'), fullPage: true });
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/boletim') && ['POST', 'PUT'].includes(r.method()) && !r.url().includes('search')) posts.push(r.method());
  });
  // A double click saves once.
  await page.getByRole('button', { name: 'Salvar' }).dblclick();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/boletim$/, { timeout: 5000 });
  expect(posts).toEqual(['POST']);

  const achados = await apiAdmin<{ content: Boletim[] }>(request, 'POST', 'boletim/searchBoletim/asc/id', { produtor: c.produtor.id });
  expect(achados.content).toHaveLength(1);
  const b = await apiAdmin<Boletim>(request, 'GET', `boletim/${achados.content[0].id}`);
  expect(b.dataVigencia).toBe('2026-09-30');
  expect(b.itens.map((i) => [i.produtoId, i.areaProducao, i.producaoEstimada, i.producaoEmbalada, i.inicioColheita, i.fimColheita])).toEqual([
    [c.tomate.id, 1.5, 12000, 11000.25, '2026-05-01', '2026-07-31'],
    [c.acucar.id, 2, 5000, 4800, '2026-06-01', '2026-09-30'],
  ]);

  // The list: producer dropdown filter, footer, validity; nothing found.
  await page.getByRole('button', { name: 'Limpar Filtros' }).click();
  await filtrarPorOpcao(page, 'Filtrar por Nome do Produtor', c.produtor.nome);
  await expect(linhas(page)).toHaveCount(1);
  await expect(page.getByText('Mostrando de 1 a 1 de 1 boletins')).toBeVisible();
  await expect(linhas(page).first()).toContainText(c.sitio.nome);
  await expect(linhas(page).first()).toContainText('30/09/2026');
  await expect(linhas(page).first()).toContainText('22/04/2026');

  // Edit: change the first item, remove the second after confirming; one PUT keeps the first item's id.
  await page.getByRole('button', { name: `Editar Boletim ${b.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`/boletim/edit/${b.id}$`));
  await expect(page.locator('#celula-itens-1-producaoEstimada')).toHaveValue('5.000,00');
  await redigitar(page.locator('#celula-itens-0-producaoEstimada'), '15000');
  await page.getByRole('button', { name: 'Remover item 2' }).click();
  await expect(page.getByText('Você tem certeza que quer remover este item?')).toBeVisible();
  await page.getByRole('button', { name: 'Não' }).click();
  await expect(page.locator('#celula-itens-1-producaoEstimada')).toBeVisible();
  await page.getByRole('button', { name: 'Remover item 2' }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.locator('#celula-itens-1-producaoEstimada')).toHaveCount(0);
  posts.length = 0;
  await page.getByRole('button', { name: 'Atualizar' }).click();
  await toast(page, 'Cadastro atualizado!');
  await expect(page).toHaveURL(/\/boletim$/, { timeout: 5000 });
  expect(posts).toEqual(['PUT']);
  const editado = await apiAdmin<Boletim>(request, 'GET', `boletim/${b.id}`);
  expect(editado.itens.map((i) => [i.id, i.producaoEstimada])).toEqual([[b.itens[0].id, 15000]]);
  expect(editado.dataVigencia).toBe('2026-07-31');

  // The balance report opens after 1 s and prints to A4.
  await page.getByLabel('Filtrar por Código').fill('999999999');
  await expect(page.getByText('Nenhuma boletim encontrada')).toBeVisible();
  await page.getByLabel('Filtrar por Código').fill(String(b.id));
  await expect(linhas(page)).toHaveCount(1);
  await page.getByRole('button', { name: `Imprimir saldo do boletim ${b.id}` }).click();
  const dialogo = page.getByRole('dialog', { name: `Saldo do Boletim ${b.id}` });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.getByText(c.mun.nome)).toBeVisible();
  // Estimate and balance in kg, with their unit (docs/produto/dados.md 'Derived values').
  await expect(dialogo.getByRole('cell', { name: '15.000 kg' }).first()).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'boletim-saldo-dialogo.png') });
  await imprimirPdf(page, 'boletim-saldo', {
    contem: [`Saldo do Boletim ${b.id}`, c.produtor.nome, c.mun.nome, 'CX 20kg', '31/07/2026', '15.000 kg'],
    naoContem: ['Exportar CSV', 'Sair'],
  });
});

test('Caderno de campo: cinco abas com as regras das caixas, aba destacada no erro, salvar, reabrir em edição e imprimir', async ({ page, request }) => {
  const c = await cenario(request);
  const {
    boletim: b,
    itens: [itemId],
  } = await fabrica.boletimDe(request, {
    produtor: c.produtor,
    propriedade: c.sitio,
    tecnico: c.tecnico,
    produtos: [c.tomate],
    visita: '2026-04-01',
    inicio: '2026-05-01',
    fim: '2026-06-30',
    item: { producaoEstimada: 3000, producaoEmbalada: 2900 },
    boletim: { dataEmissao: '2026-04-02' },
  });
  await entrar(page);
  await page.goto(`/boletim/edit/${b.id}`);
  await page.getByRole('button', { name: 'Caderno de campo do item 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/caderno/${itemId}$`));
  await expect(page.getByLabel('Cultura Atual')).toHaveValue(`${c.tomate.nome} - CX 20kg`);

  // A save with nothing filled: the messages, and all five tabs highlighted.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O produto é obrigatório')).toBeVisible();
  await expect(page.getByText('A data de plantio é obrigatória')).toBeVisible();
  await expect(page.getByText('A identificação da área é obrigatória')).toBeVisible();
  await expect(page.locator('.aba-erro')).toHaveCount(5);

  await escolherOpcao(page, 'Cultura Anterior', c.acucar.nome);
  await digitarData(page.locator('#campo-dataPlantio'), `10/03/${ANO}`);
  await digitarData(page.locator('#campo-dataColheita'), `01/03/${ANO}`);
  await expect(page.getByText('A data de colheita não pode ser anterior à data de plantio.')).toBeVisible();
  await redigitar(page.locator('#campo-dataColheita'), `1506${ANO}`);
  await page.getByLabel('Identificação da Área').fill('Talhão 3 — margem do córrego');
  await expect(page.getByText('A data de colheita não pode ser anterior à data de plantio.')).toBeHidden();

  // Preparo do Solo: leve turns gradagem on; unchecking gradagem clears leve; none-needed clears the others and the other way round.
  const marca = (id: string) => page.locator(`label[for="${id}"]`);
  await marca('preparoSolo-leve').click();
  await expect(page.locator('#preparoSolo-gradagemComGrade')).toBeChecked();
  await marca('preparoSolo-gradagemComGrade').click();
  await expect(page.locator('#preparoSolo-leve')).not.toBeChecked();
  await marca('preparoSolo-aracao').click();
  await marca('preparoSolo-naoNecessarias').click();
  await expect(page.locator('#preparoSolo-aracao')).not.toBeChecked();
  await marca('preparoSolo-aracao').click();
  await expect(page.locator('#preparoSolo-naoNecessarias')).not.toBeChecked();
  await marca('preparoSolo-gradagemComGrade').click();
  await expect(page.getByText('Pelo menos uma opção de gradagem deve ser selecionada.')).toBeVisible();
  await marca('preparoSolo-pesada').click();
  await expect(page.getByText('Pelo menos uma opção de gradagem deve ser selecionada.')).toBeHidden();
  // 'Outras' enables its description; unchecking clears it.
  const descricao = page.getByLabel('Descrição de outras (preparo do solo)');
  await expect(descricao).toBeDisabled();
  await marca('preparoSolo-outras').click();
  await descricao.fill('Calagem');
  await marca('preparoSolo-outras').click();
  await expect(descricao).toHaveValue('');
  await expect(descricao).toBeDisabled();
  await marca('praticasConservacionistas-plantioEmNivel').click();
  await marca('praticasConservacionistas-naoNecessarias').click();
  await expect(page.locator('#praticasConservacionistas-plantioEmNivel')).not.toBeChecked();
  await expect(page.getByRole('tab', { name: /Preparo do Solo/ }).locator('.aba-erro')).toHaveCount(0);

  await page.getByRole('tab', { name: /Sementes e Mudas/ }).click();
  await marca('sementesEMudas-proprias').click();

  await page.getByRole('tab', { name: /Irrigacao/ }).click();
  await page.getByLabel('Sistema').fill('Aspersão');
  await marca('irrigacao-naoNecessarias').click();
  await expect(page.getByLabel('Sistema')).toHaveValue('');
  await expect(page.getByLabel('Sistema')).toBeDisabled();
  await expect(page.getByLabel('Origem')).toBeDisabled();

  await page.getByRole('tab', { name: /Adubacao e Correcao/ }).click();
  await expect(page.getByText('Pelo menos um item de Adubação e Correção deve ser adicionado.')).toBeVisible();
  await page.getByRole('button', { name: 'Adicionar adubação' }).click();
  await digitarData(page.locator('#celula-adubacaoCorrecao-0-dataAplicacao'), `12/03/${ANO}`);
  await page.locator('#celula-adubacaoCorrecao-0-nomeFormula').fill('NPK 4-14-8');
  await page.locator('#celula-adubacaoCorrecao-0-dose').pressSequentially('30');
  await escolherNaCelula(page, 'celula-adubacaoCorrecao-0-formaDose', 'Kg/m²');
  await escolherNaCelula(page, 'celula-adubacaoCorrecao-0-formaAplicacao', 'Plantio (no solo, no sulco ou a lanço)');
  await page.locator('#celula-adubacaoCorrecao-0-responsavelAplicacao').fill('João Lavrador');
  await page.getByRole('button', { name: 'Adicionar adubação' }).click();
  await page.locator('#celula-adubacaoCorrecao-1-nomeFormula').fill('vai sumir');
  await page.getByRole('checkbox', { name: 'Adubação 2 não necessária' }).click();
  await expect(page.locator('#celula-adubacaoCorrecao-1-nomeFormula')).toHaveCount(0);
  await expect(page.locator('.items-tabela').getByText('N/A').first()).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'caderno-adubacao.png'), fullPage: true });

  await page.getByRole('tab', { name: /Aplicacao de Produtos Quimicos/ }).click();
  await page.getByRole('button', { name: 'Adicionar aplicação' }).click();
  await digitarData(page.locator('#celula-aplicacaoProdutosQuimicos-0-data'), `20/04/${ANO}`);
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-periodoCarencia').pressSequentially('1');
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-pragaDoencaAlvo').fill('Pulgão');
  await expect(page.locator('#celula-aplicacaoProdutosQuimicos-0-periodoCarencia')).toHaveValue('1 dia');
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-nomeProduto').fill('Óleo de neem');
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-dose').pressSequentially('2');
  await escolherNaCelula(page, 'celula-aplicacaoProdutosQuimicos-0-formaDose', 'L/m²');
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-volumeCalda').pressSequentially('200');
  // No operator: the save is refused and the tab is highlighted.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('O operador é obrigatório')).toBeVisible();
  await expect(page.getByRole('tab', { name: /Aplicacao de Produtos Quimicos/ }).locator('.aba-erro')).toHaveCount(1);
  await expect(page.locator('.aba-erro')).toHaveCount(1);
  await page.screenshot({ path: path.join(ARTEFATOS, 'caderno-aba-com-erro.png') });
  await page.locator('#celula-aplicacaoProdutosQuimicos-0-operador').fill('Antônio Açúcar');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await toast(page, 'Caderno adicionado com sucesso');
  await expect(page).toHaveURL(/\/boletim$/, { timeout: 5000 });

  const salvo = await apiAdmin<Record<string, any>>(request, 'GET', `caderno/boletimItem/${itemId}`);
  expect(salvo).toMatchObject({
    areaCultivo: 'Talhão 3 — margem do córrego',
    dataPlantio: `${ANO}-03-10`,
    dataColheita: `${ANO}-06-15`,
    produtoAntigoId: c.acucar.id,
    preparoSolo: { aracao: true, gradagemComGrade: true, pesada: true, leve: false, outras: false, descricaoOutras: null, naoNecessarias: false },
    praticasConservacionistas: { naoNecessarias: true, plantioEmNivel: false },
    sementesEMudas: { proprias: true },
    irrigacao: { naoNecessarias: true, sistema: null, origem: null },
  });
  expect(salvo.adubacaoCorrecao).toHaveLength(2);
  expect(salvo.adubacaoCorrecao[1]).toMatchObject({ naoNecessarias: true, nomeFormula: null });
  expect(salvo.aplicacaoProdutosQuimicos[0]).toMatchObject({ periodoCarencia: 1, operador: 'Antônio Açúcar', formaDose: 'L_M', volumeCalda: 200 });

  // Reopened from the bulletin: the lookup finds it, so the edit route; 'Atualizar'; the printed notebook.
  await page.goto(`/boletim/edit/${b.id}`);
  await page.getByRole('button', { name: 'Caderno de campo do item 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/caderno/edit/${itemId}$`));
  await expect(page.getByLabel('Identificação da Área')).toHaveValue('Talhão 3 — margem do córrego');
  await expect(page.locator('#preparoSolo-pesada')).toBeChecked();
  await expect(page.getByRole('button', { name: 'Atualizar' })).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'caderno-edicao.png'), fullPage: true });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  const dialogo = page.getByRole('dialog', { name: `Caderno de Campo ${salvo.id}` });
  await expect(dialogo).toBeVisible();
  await imprimirPdf(page, 'caderno-de-campo', {
    contem: [
      `Caderno de Campo ${salvo.id}`,
      'Prefeitura Municipal',
      c.produtor.nome,
      'Aração; Gradagem com Grade; Pesada',
      'Não são necessárias',
      `12/03/${ANO}`,
      'Kg/m²',
      'N/A',
      '1 dia',
      'Pulgão',
      'L/m²',
      '200,00',
    ],
    naoContem: ['Sair'],
  });
  // The chemicals table fits the A4 width: its last column (header and value) is on the page, not cut at 'Operad'.
  await imprimirPdf(page, 'caderno-de-campo-a4', { contem: ['Volume de Calda', 'Operador', 'Antônio', 'Açúcar'] });
});

test('Somente visualizar: user-admin abre o boletim e o caderno sem poder mudar nada, e imprime o caderno', async ({ page, request }) => {
  const c = await cenario(request);
  const {
    boletim: b,
    itens: [comCaderno, semCaderno],
  } = await fabrica.boletimDe(request, {
    produtor: c.produtor,
    propriedade: c.sitio,
    tecnico: c.tecnico,
    produtos: [c.tomate, c.acucar],
    visita: `${ANO}-04-01`,
    inicio: `${ANO}-05-01`,
    fim: `${ANO}-06-30`,
    item: { producaoEstimada: 3000, producaoEmbalada: 2900 },
    boletim: { dataEmissao: `${ANO}-04-02` },
  });
  const caderno = await fabrica.caderno(request, {
    boletimItemId: comCaderno,
    produtoAntigoId: c.acucar.id,
    dataPlantio: `${ANO}-02-01`,
    dataColheita: `${ANO}-05-15`,
    areaCultivo: 'Talhão 2 — baixada',
    preparoSolo: { aracao: true },
    sementesEMudas: { proprias: true },
    adubacaoCorrecao: [
      {
        dataAplicacao: `${ANO}-02-05`,
        nomeFormula: 'NPK 4-14-8',
        dose: 30,
        formaDose: 'KG_M',
        formaAplicacao: 'PLANTIO',
        responsavelAplicacao: 'João Lavrador',
        observacao: 'No sulco',
      },
      { naoNecessarias: true },
    ],
  });

  const u = await criarUsuario(request, ['user-admin'], 'Ana Só Vê');
  await entrar(page, u.email, u.senha);
  await page.goto('/boletim');
  await page.getByLabel('Filtrar por Código').fill(String(b.id));
  await expect(linhas(page)).toHaveCount(1);
  await expect(page.getByRole('button', { name: `Editar Boletim ${b.id}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Visualizar Boletim ${b.id}` }).click();

  // The bulletin, read-only: nothing to type into, add, remove or save.
  await expect(page).toHaveURL(new RegExp(`/boletim/edit/${b.id}$`));
  await expect(page.getByRole('heading', { name: `Boletim ${b.id}` })).toBeVisible();
  await expect(page.locator('#celula-itens-0-producaoEstimada')).toHaveValue('3.000,00');
  await expect(page.locator('#celula-itens-0-producaoEstimada')).toBeDisabled();
  await expect(page.locator('#celula-itens-1-inicioColheita')).toBeDisabled();
  await expect(page.locator('#campo-dataVisita')).toBeDisabled();
  for (const nome of ['Atualizar', 'Salvar', 'Adicionar item', 'Remover item 1']) await expect(page.getByRole('button', { name: nome })).toHaveCount(0);

  // An item without a notebook has none to create for this user.
  await page.getByRole('button', { name: 'Caderno de campo do item 2' }).click();
  await toast(page, 'Este item ainda não tem caderno de campo.');
  await expect(page).toHaveURL(new RegExp(`/boletim/edit/${b.id}$`));

  // The notebook, read-only, every tab; it prints.
  await page.getByRole('button', { name: 'Caderno de campo do item 1' }).click();
  await expect(page).toHaveURL(new RegExp(`/caderno/edit/${comCaderno}$`));
  await expect(page.getByRole('heading', { name: 'Caderno de Campo', exact: true })).toBeVisible();
  await expect(page.getByLabel('Identificação da Área')).toHaveValue('Talhão 2 — baixada');
  await expect(page.getByLabel('Identificação da Área')).toBeDisabled();
  await expect(page.locator('#campo-dataPlantio')).toBeDisabled();
  await expect(page.locator('#preparoSolo-aracao')).toBeChecked();
  await expect(page.locator('#preparoSolo-aracao')).toBeDisabled();
  await page.getByRole('tab', { name: /Irrigacao/ }).click();
  await expect(page.locator('#irrigacao-naoNecessarias')).toBeDisabled();
  await page.getByRole('tab', { name: /Adubacao e Correcao/ }).click();
  await expect(page.locator('#celula-adubacaoCorrecao-0-nomeFormula')).toHaveValue('NPK 4-14-8');
  await expect(page.locator('#celula-adubacaoCorrecao-0-nomeFormula')).toBeDisabled();
  await expect(page.getByRole('checkbox', { name: 'Adubação 2 não necessária' })).toBeDisabled();
  await expect(page.locator('.items-tabela').getByText('N/A').first()).toBeVisible();
  for (const nome of ['Atualizar', 'Salvar', 'Adicionar adubação', 'Remover item 1']) await expect(page.getByRole('button', { name: nome })).toHaveCount(0);
  await page.screenshot({ path: path.join(ARTEFATOS, 'caderno-somente-leitura.png'), fullPage: true });
  await page.getByRole('button', { name: 'Imprimir' }).click();
  await expect(page.getByRole('dialog', { name: `Caderno de Campo ${caderno.id}` })).toBeVisible();
  await imprimirPdf(page, 'caderno-somente-leitura', {
    contem: [`Caderno de Campo ${caderno.id}`, 'Talhão 2 — baixada', 'João Lavrador', 'N/A'],
    naoContem: ['Sair'],
  });

  // Creating a notebook stays out of reach.
  await page.goto(`/caderno/${semCaderno}`);
  await expect(page.getByRole('heading', { name: 'Acesso negado' })).toBeVisible();
});
