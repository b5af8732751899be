import path from 'node:path';
import type { Page } from '@playwright/test';
import { formatDate, PESSOA_TIPO, type Boletim, type Loja, type LojaLinha, type Page as Pagina, type Preco } from '@ceasa/shared';
import { apiAdmin, ARTEFATOS, criarUsuario, diasAtrasIso, DIVIDAS_E2E, entrar, expect, maisDias, servidorLento, sufixoUnico, test, toast } from './support';
import * as fabrica from './fabricas';

/*
 * Every desk form that picks from a list, typed at a clerk's speed on a slow server
 * (servidorLento: every list answer 300–800 ms late). Each field is reached by its label, typed with no
 * delay between keys, Enter at once (it picks and moves on; only Salvar or Ctrl+Enter saves). Look-alike
 * names ('Tomate Especial' / 'Tomate Extra' / 'Tomate Extra Fino' / 'Tomate Segunda'), accents typed or not,
 * and pt-BR numbers ('1.055,00', '1.055', '20,5'); what the API stored is compared field by field with what was typed.
 */

type Api = Parameters<typeof apiAdmin>[0];

/** Products whose names share words, one group, 'CX 20kg'. */
const NOMES = [
  'Tomate Especial',
  'Tomate Extra',
  'Tomate Extra Fino',
  'Tomate Segunda',
  'Batata Primeira',
  'Batata Segunda',
  'Açúcar Cristal',
  'Açúcar Refinado',
  'Cebola Roxa',
  'Cebola Branca',
] as const;
type Nome = (typeof NOMES)[number];

async function produtos(request: Api, s: string) {
  const { produtos: feitos } = await fabrica.produtosNumGrupo(
    request,
    NOMES.map((nome) => ({ nome: `${nome} ${s}` })),
  );
  return Object.fromEntries(NOMES.map((nome, i) => [nome, feitos[i].id])) as Record<Nome, number>;
}

/** Lower case without accents, as a clerk often types a name. */
const semAcento = (t: string) => t.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** Label, type, Enter: the field reached by its label, the text typed at full speed. */
async function digitar(page: Page, rotulo: string, texto: string, enter = true) {
  await page.getByLabel(rotulo, { exact: true }).click();
  await page.keyboard.press('Control+a');
  await page.keyboard.type(texto);
  if (enter) await page.keyboard.press('Enter');
}

test('Preços a toda velocidade com o servidor lento: o produto digitado, o valor pt-BR exato, 13 entradas', async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = sufixoUnico();
  const id = await produtos(request, s);
  // Each price on a day of its own (no second price for a product and day); each product's values within a factor of 2.
  const entradas: { digitado: string; seta?: boolean; produto: Nome; valor: string; esperado: number }[] = [
    { digitado: `Tomate Extra ${s}`, produto: 'Tomate Extra', valor: '1.055,00', esperado: 1055 },
    { digitado: `Tomate Especial ${s}`, produto: 'Tomate Especial', valor: '20,5', esperado: 20.5 },
    { digitado: `Tomate Segunda ${s}`, produto: 'Tomate Segunda', valor: '12', esperado: 12 },
    { digitado: `Batata Primeira ${s}`, produto: 'Batata Primeira', valor: '1.055', esperado: 1055 },
    { digitado: `acucar cristal ${s}`, produto: 'Açúcar Cristal', valor: '99,9', esperado: 99.9 },
    // ArrowDown + Enter right after typing: the second of the filtered list ('Tomate Extra' first, then 'Tomate Extra Fino').
    { digitado: `tomate extra ${s}`, seta: true, produto: 'Tomate Extra Fino', valor: '2.500,5', esperado: 2500.5 },
    { digitado: `${s} extra tomate`, produto: 'Tomate Extra', valor: '1.200', esperado: 1200 },
    { digitado: `TOMATE ESPECIAL ${s}`, produto: 'Tomate Especial', valor: '25', esperado: 25 },
    { digitado: `Tomate Segunda ${s}`, produto: 'Tomate Segunda', valor: '15,5', esperado: 15.5 },
    { digitado: `batata primeira ${s}`, produto: 'Batata Primeira', valor: '1.500,25', esperado: 1500.25 },
    { digitado: `Açúcar Cristal ${s}`, produto: 'Açúcar Cristal', valor: 'R$ 120', esperado: 120 },
    { digitado: `Tomate Extra ${s}`, produto: 'Tomate Extra', valor: '980,50', esperado: 980.5 },
    { digitado: `tomate especial ${s}`, produto: 'Tomate Especial', valor: '18,75', esperado: 18.75 },
  ];
  const dataDe = (i: number) => diasAtrasIso(i + 1);

  await servidorLento(page);
  await entrar(page);
  await page.goto('/precoscreate');
  await expect(page.getByRole('heading', { name: 'Novo Preço' })).toBeVisible();
  // The products are still on their way: what is typed now waits for them.
  for (const [i, e] of entradas.entries()) {
    await digitar(page, 'Data', formatDate(dataDe(i)).replace(/\D/g, ''));
    await expect(page.getByLabel('Produto', { exact: true })).toBeFocused();
    await page.keyboard.type(e.digitado);
    if (e.seta) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Valor (R$)')).toBeFocused();
    await page.keyboard.type(e.valor);
    if (i === 0) await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-lento-precos.png'), fullPage: true });
    await page.getByRole('button', { name: 'Salvar e continuar' }).click();
    await toast(page, 'Cadastro concluído!');
    // Saved: the value is cleared, the product kept, and the focus is back on Produto for the next one.
    await expect(page.getByLabel('Valor (R$)')).toHaveValue('');
    await expect(page.getByLabel('Produto', { exact: true })).toHaveValue(`${e.produto} ${s} - CX 20kg`);
    await expect(page.getByLabel('Produto', { exact: true })).toBeFocused();
  }

  // A value that is not pt-BR is refused on the field, and nothing is saved.
  await page.getByLabel('Produto', { exact: true }).press('Enter');
  await page.keyboard.type('12.50');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expect(page.getByText('Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56)')).toBeVisible();
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-lento-precos-invalido.png'), fullPage: true });
  await expect(page).toHaveURL(/\/precoscreate$/);

  // What the API stored, field by field.
  for (const nome of NOMES.filter((n) => entradas.some((e) => e.produto === n))) {
    const salvos = (await apiAdmin<Pagina<Preco>>(request, 'POST', 'precos/searchPrecos/asc/id?size=100', { produtoId: id[nome] })).content;
    const esperados = entradas.flatMap((e, i) => (e.produto === nome ? [{ produtoId: id[nome], data: dataDe(i), valor: e.esperado }] : []));
    expect(
      salvos.map((p) => ({ produtoId: p.produtoId, data: p.data, valor: p.valor })),
      nome,
    ).toEqual(esperados);
  }
});

test('Loja a toda velocidade com o servidor lento: lojista, data e 10 itens comparados com o que foi digitado', async ({ page, request }) => {
  test.setTimeout(240_000);
  const s = sufixoUnico();
  await produtos(request, s);
  const lojista = `Lojista Lento ${s}`;
  await fabrica.lojista(request, { nome: `Lojista Lento Filho ${s}` });
  await fabrica.lojista(request, { nome: lojista });
  const municipios = [`São Luís ${s}`, `São Luís Gonzaga ${s}`];
  for (const nome of municipios) await fabrica.municipio(request, { nome });
  const itens: { municipio: string; digitadoMun: string; produto: Nome; digitado: string; qtd: string; esperado: number }[] = [
    ['1.055', 1055],
    ['20,5', 20.5],
    ['1.055,00', 1055],
    ['12', 12],
    [',5', 0.5],
    ['2.000,25', 2000.25],
    ['99,99', 99.99],
    ['7', 7],
    ['150,5', 150.5],
    ['1.234,56', 1234.56],
  ].map(([qtd, esperado], i) => {
    const produto = NOMES[(i * 3) % NOMES.length];
    const municipio = municipios[i % 2];
    return {
      municipio,
      // 'são luís 123' picks São Luís, not São Luís Gonzaga; typed without accents half of the time.
      digitadoMun: i % 4 < 2 ? semAcento(municipio) : municipio,
      produto,
      digitado: i % 3 ? `${produto} ${s}` : semAcento(`${s} ${produto}`),
      qtd: String(qtd),
      esperado: Number(esperado),
    };
  });

  await servidorLento(page);
  await entrar(page);
  await page.goto('/lojacreate');
  await expect(page.getByRole('heading', { name: 'Nova Loja' })).toBeVisible();
  await digitar(page, 'Lojista', semAcento(lojista));
  await expect(page.getByLabel('Data Emissão')).toBeFocused();
  await page.keyboard.type(formatDate(diasAtrasIso(2)).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Município', { exact: true })).toBeFocused();
  for (const it of itens) {
    await page.keyboard.type(it.digitadoMun);
    await page.keyboard.press('Enter');
    await page.keyboard.type(it.digitado);
    await page.keyboard.press('Enter');
    await page.keyboard.type(it.qtd);
    await page.keyboard.press('Enter');
  }
  await expect(page.locator('.items-field .p-datatable-tbody > tr')).toHaveCount(itens.length);
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-lento-loja.png'), fullPage: true });
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/loja$/);

  const [salva] = (await apiAdmin<Pagina<LojaLinha>>(request, 'POST', 'loja/searchLoja/asc/id', { lojistaId: lojista })).content;
  const loja = await apiAdmin<Loja>(request, 'GET', `loja/${salva.id}`);
  expect(loja.lojistaNome ?? lojista).toBe(lojista);
  expect(loja.dataEmissao).toBe(diasAtrasIso(2));
  expect(loja.itens.map((i) => [i.municipioNome, i.produtoNome, i.quantidade])).toEqual(itens.map((i) => [i.municipio, `${i.produto} ${s}`, i.esperado]));
});

test('Boletim a toda velocidade com o servidor lento: 10 itens nas linhas, e o primeiro Salvar depois de uma data salva', async ({ page, request }) => {
  test.setTimeout(300_000);
  const s = sufixoUnico();
  const id = await produtos(request, s);
  const { produtor } = await fabrica.produtorComPropriedade(request, {
    produtor: { nome: `Adão Lento ${s}` },
    propriedade: { nome: `Sítio Lento ${s}` },
  });
  await fabrica.produtor(request, { nome: `Adão Lento Filho ${s}` });
  await fabrica.tecnico(request, { nome: `Téc. Lento ${s}` });
  const visita = diasAtrasIso(3);
  const itens = NOMES.map((produto, i) => ({
    produto,
    digitado: i % 2 ? semAcento(`${produto} ${s}`) : `${produto} ${s}`,
    area: ['1,5', '20,5', '1.055', '2', '0,75', '10', '3,25', '100', '1.000,5', '7'][i],
    estimada: ['1.055,00', '12000', '20,5', '1.500', '800', '2.500,75', '9.999', '100', '50.000', '640,5'][i],
    embalada: ['1.000', '11.000,25', '20', '1.400', '799,99', '2.400', '9.000', '90,5', '45.000', '600'][i],
    inicio: maisDias(visita, i),
    fim: maisDias(visita, 60 + i),
  }));
  const numero = (t: string) => Number(t.replace(/\./g, '').replace(',', '.'));

  await servidorLento(page);
  await entrar(page);
  await page.goto('/boletimcreate');
  await expect(page.getByRole('heading', { name: 'Novo Boletim' })).toBeVisible();
  await digitar(page, 'Data da Visita', formatDate(visita).replace(/\D/g, ''));
  await expect(page.getByLabel('Data de Emissão')).toBeFocused();
  await page.keyboard.type(formatDate(visita).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Produtor', { exact: true })).toBeFocused();
  await page.keyboard.type(`adao lento ${s}`);
  await page.keyboard.press('Enter');
  // The producer's properties are loading now: the name typed waits for them.
  await expect(page.getByLabel('Propriedade', { exact: true })).toBeFocused();
  await page.keyboard.type(`sitio lento`);
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Técnico', { exact: true })).toBeFocused();
  await page.keyboard.type(`tec lento ${s}`);
  await page.keyboard.press('Enter');

  for (const [i, it] of itens.entries()) {
    const n = i + 1;
    await page.getByRole('button', { name: 'Adicionar item' }).click();
    await digitar(page, `Produto do item ${n}`, it.digitado);
    await digitar(page, `Área de produção do item ${n}`, it.area, false);
    await digitar(page, `Produção estimada do item ${n}`, it.estimada, false);
    await digitar(page, `Produção embalada do item ${n}`, it.embalada, false);
    await digitar(page, `Início da colheita do item ${n}`, formatDate(it.inicio).replace(/\D/g, ''), false);
    await digitar(page, `Fim da colheita do item ${n}`, formatDate(it.fim).replace(/\D/g, ''), false);
  }
  await page.screenshot({ path: path.join(ARTEFATOS, 'balcao-lento-boletim.png'), fullPage: true });
  // The focus is still in the last date typed: one click on Salvar saves (it used to be swallowed).
  const envios: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/boletim$/.test(new URL(r.url()).pathname) && r.method() === 'POST') envios.push(r.method());
  });
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  await expect(page).toHaveURL(/\/boletim$/);
  expect(envios).toEqual(['POST']);

  const achados = await apiAdmin<{ content: Boletim[] }>(request, 'POST', 'boletim/searchBoletim/asc/id', { produtor: produtor.id });
  expect(achados.content).toHaveLength(1);
  const b = await apiAdmin<Boletim>(request, 'GET', `boletim/${achados.content[0].id}`);
  expect([b.produtorId, b.dataVisita, b.dataEmissao]).toEqual([produtor.id, visita, visita]);
  expect(b.itens.map((i) => [i.produtoId, i.areaProducao, i.producaoEstimada, i.producaoEmbalada, i.inicioColheita, i.fimColheita])).toEqual(
    itens.map((i) => [id[i.produto], numero(i.area), numero(i.estimada), numero(i.embalada), i.inicio, i.fim]),
  );
});

/*
 * The other forms that pick from a list, lighter: typed while their lists load, Enter picks and moves on,
 * a plain Enter never saves (only Ctrl+Enter or Salvar), numbers in pt-BR; what was stored is checked.
 */

test('Cotação: a pessoa digitada enquanto a lista carrega, Enter não salva, Ctrl+Enter salva', async ({ page, request }) => {
  const s = sufixoUnico();
  const nome = `Cotante Lento ${s}`;
  await fabrica.produtor(request, { nome: `Cotante Lento Filho ${s}` });
  const pessoa = await fabrica.produtor(request, { nome });
  await servidorLento(page);
  await entrar(page);
  await page.goto('/cotacao/create');
  await expect(page.getByRole('heading', { name: 'Nova Cotacao' })).toBeVisible();
  await digitar(page, 'Pessoa', semAcento(nome));
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/cotacao\/create$/);
  await expect(page.getByLabel('Pessoa', { exact: true })).toHaveValue(new RegExp(`^${nome}`));
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cotacao criada!');
  const [c] = (await apiAdmin<{ content: { pessoaId: number }[] }>(request, 'POST', 'cotacao/searchCotacao/asc/id', { nome })).content;
  expect(c.pessoaId).toBe(pessoa.id);
});

test('Propriedade: proprietário e município digitados com a lista lenta, áreas em pt-BR exatas', async ({ page, request }) => {
  const s = sufixoUnico();
  const dono = `Dono Lento ${s}`;
  await fabrica.produtor(request, { nome: `Dono Lento Filho ${s}` });
  const pessoa = await fabrica.produtor(request, { nome: dono });
  await fabrica.municipio(request, { nome: `São José Lento ${s} de Ribamar` });
  const mun = await fabrica.municipio(request, { nome: `São José Lento ${s}` });
  await servidorLento(page);
  await entrar(page);
  await page.goto('/propriedadecreate');
  await expect(page.getByRole('heading', { name: 'Nova Propriedade' })).toBeVisible();
  await digitar(page, 'Proprietário', dono);
  await expect(page.getByLabel('Nome', { exact: true })).toBeFocused();
  await page.keyboard.type(`Sítio Lento ${s}`);
  await page.keyboard.press('Enter');
  await digitar(page, 'Município', semAcento(`São José Lento ${s}`));
  await expect(page.getByLabel('Área Total')).toBeFocused();
  for (const area of ['1.055,5', '20,5', '1.000']) {
    await page.keyboard.type(area);
    await page.keyboard.press('Enter');
  }
  // Geo Localização and Pronaf kept as they are (Enter moves on), then the tenure typed without its accent.
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Tipo de Posse', { exact: true })).toBeFocused();
  await page.keyboard.type('proprio');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/propriedadecreate$/);
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await toast(page, 'Cadastro concluído!');
  const [p] = (
    await apiAdmin<{
      content: {
        nome: string;
        proprietarioId: number;
        municipioId: number;
        areaTotal: number;
        areaExplorada: number;
        areaCultivada: number;
        tipoPosse: string;
      }[];
    }>(request, 'POST', 'propriedade/searchPropriedade/asc/id', { nome: `Sítio Lento ${s}` })
  ).content;
  expect([p.proprietarioId, p.municipioId, p.areaTotal, p.areaExplorada, p.areaCultivada, p.tipoPosse]).toEqual([
    pessoa.id,
    mun.id,
    1055.5,
    20.5,
    1000,
    'PRÓPRIO',
  ]);
});

test('Estacionamento: valor 1.055,00 é 1055, pessoa e tipo de veículo digitados; 12.50 é recusado no campo', async ({ page, request }) => {
  const s = sufixoUnico();
  const nome = `Motorista Lento ${s}`;
  await fabrica.pessoa(request, { nome, tipoId: PESSOA_TIPO.COMPRADOR });
  const placa = `LNT${s.slice(-4)}`;
  await servidorLento(page);
  await entrar(page);
  await page.goto('/estacionamentocreate');
  await expect(page.getByRole('heading', { name: /Estacionamento/ })).toBeVisible();
  await digitar(page, 'Placa', placa);
  await expect(page.getByLabel('Valor', { exact: true })).toBeFocused();
  await page.keyboard.type('12.50');
  await page.keyboard.press('Enter');
  await expect(page.getByText('Número inválido: use vírgula para os decimais e ponto para os milhares (ex.: 1.234,56)')).toBeVisible();
  await digitar(page, 'Valor', '1.055,00');
  await expect(page.getByText('Número inválido', { exact: false })).toHaveCount(0);
  await page.keyboard.type(String(DIVIDAS_E2E[0].numero));
  await page.keyboard.press('Enter');
  await page.keyboard.type(semAcento(nome));
  await page.keyboard.press('Enter');
  await page.keyboard.type('caminhao');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/estacionamentocreate$/);
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cadastro concluído!');
  const busca = await apiAdmin<{ content: { valor: number; divida: number; placa: string; pessoa?: { nome: string }; veiculoTipo?: { nome: string } }[] }>(
    request,
    'POST',
    'estacionamento/searchEstacionamento/asc/id',
    { placa },
  );
  expect(busca.content.map((e) => [e.placa, e.valor, e.divida, e.pessoa?.nome, e.veiculoTipo?.nome])).toEqual([
    [placa, 1055, DIVIDAS_E2E[0].numero, nome, 'Caminhão'],
  ]);
});

test('Pessoa: o tipo digitado e Enter; Enter no último campo não salva, Ctrl+Enter salva', async ({ page, request }) => {
  const s = sufixoUnico();
  const nome = `Pessoa Lenta ${s}`;
  const doc = fabrica.cpfUnico();
  await servidorLento(page);
  await entrar(page);
  await page.goto('/pessoacreate');
  await expect(page.getByRole('heading', { name: 'Nova Pessoa' })).toBeVisible();
  await digitar(page, 'Nome', nome);
  await expect(page.getByLabel('CPF/CNPJ')).toBeFocused();
  await page.keyboard.type(doc);
  await page.keyboard.press('Enter');
  await page.keyboard.type('98987654321');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Tipo', { exact: true })).toBeFocused();
  await page.keyboard.type('lojis');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/pessoacreate$/);
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cadastro concluído!');
  const [p] = (
    await apiAdmin<{ content: { nome: string; cpfcnpj: string; tipoId?: number; tipo?: { nome: string } }[] }>(
      request,
      'POST',
      'pessoa/searchPessoa/asc/nome',
      { nome },
    )
  ).content;
  expect([p.nome, p.cpfcnpj.replace(/\D/g, ''), p.tipoId]).toEqual([nome, doc, 3]);
});

test('Permissões: Enter no nome do grupo não salva; Ctrl+Enter salva com as permissões marcadas pelo teclado', async ({ page, request }) => {
  const s = sufixoUnico();
  const nome = `Grupo Lento ${s}`;
  await servidorLento(page);
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Permissões' }).click();
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await expect(page.getByRole('heading', { name: 'Novo Grupo de Permissões' })).toBeVisible();
  const url = page.url();
  await digitar(page, 'Nome do grupo', nome);
  expect(page.url()).toBe(url);
  const caixa = page.getByRole('checkbox', { name: 'Visualizar municipio', exact: true });
  await caixa.focus();
  await page.keyboard.press('Space');
  await expect(caixa).toBeChecked();
  await page.keyboard.press('Enter');
  expect(page.url()).toBe(url);
  await page.keyboard.press('Control+Enter');
  await toast(page, 'Cadastro concluído!');
  const lista = await apiAdmin<{ content: { id: number; nome: string }[] }>(request, 'POST', 'grupoPermissoes/searchGrupoPermissoes/asc/id', { nome });
  const grupo = await apiAdmin<{ permissoes: { rotaNome: string; visualizar: boolean; criar: boolean }[] }>(
    request,
    'GET',
    `grupoPermissoes/${lista.content[0].id}`,
  );
  expect(grupo.permissoes.filter((p) => p.visualizar || p.criar).map((p) => [p.rotaNome, p.visualizar, p.criar])).toEqual([['municipio', true, false]]);
});

test('Caderno: a cultura anterior digitada enquanto a lista carrega; Enter passa de campo em campo e não salva', async ({ page, request }) => {
  const s = sufixoUnico();
  const id = await produtos(request, s);
  const { produtor, propriedade } = await fabrica.produtorComPropriedade(request);
  const {
    itens: [itemId],
  } = await fabrica.boletimDe(request, {
    produtor,
    propriedade,
    tecnico: await fabrica.tecnico(request),
    produtos: [{ id: id['Tomate Extra'] }],
    visita: diasAtrasIso(20),
    inicio: diasAtrasIso(10),
    fim: diasAtrasIso(-60),
    item: { producaoEstimada: 1000, producaoEmbalada: 900 },
  });
  const envios: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/caderno$/.test(new URL(r.url()).pathname) && ['POST', 'PUT'].includes(r.method())) envios.push(r.method());
  });
  await servidorLento(page);
  await entrar(page);
  await page.goto(`/caderno/${itemId}`);
  await expect(page.getByLabel('Cultura Atual')).toHaveValue(`Tomate Extra ${s} - CX 20kg`);
  await digitar(page, 'Cultura Anterior', semAcento(`acucar cristal ${s}`));
  await expect(page.getByLabel('Data do Plantio')).toBeFocused();
  await page.keyboard.type(formatDate(diasAtrasIso(90)).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Data da Colheita')).toBeFocused();
  await page.keyboard.type(formatDate(diasAtrasIso(10)).replace(/\D/g, ''));
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Identificação da Área')).toBeFocused();
  await page.keyboard.type('Talhão lento');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Cultura Anterior', { exact: true })).toHaveValue(`Açúcar Cristal ${s} - CX 20kg`);
  await expect(page.getByLabel('Data do Plantio')).toHaveValue(formatDate(diasAtrasIso(90)));
  await expect(page).toHaveURL(new RegExp(`/caderno/${itemId}$`));
  expect(envios).toEqual([]);
});

test('Usuários: o perfil marcado pelo teclado (Espaço) é o perfil salvo', async ({ page, request }) => {
  const u = await criarUsuario(request, [], `Usuário Lento ${sufixoUnico()}`);
  await servidorLento(page);
  await entrar(page);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Usuários' }).click();
  await page.getByLabel('Filtrar por E-mail').fill(u.email);
  await expect(page.locator('.p-datatable-tbody > tr')).toHaveCount(1);
  await page.getByRole('button', { name: `Editar perfis de ${u.email}` }).click();
  const agro = page.getByLabel('Agronomia (user-agro)');
  await agro.focus();
  await page.keyboard.press('Space');
  await expect(agro).toBeChecked();
  await page.getByRole('dialog').getByRole('button', { name: 'Salvar' }).press('Enter');
  await toast(page, 'Cadastro atualizado!');
  await expect(page.locator('.p-datatable-tbody > tr').first()).toContainText('user-agro');
});
