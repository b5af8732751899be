/**
 * `npm run seed:demo`: a realistic demo data set on the configured database (DATA_DIR or DATABASE_URL),
 * for trying the product: municipalities, people, properties, a year of prices for 150 products,
 * parking entries, tax-system debts, harvest bulletins and a year of market days (romaneios with their
 * stall bookings, shop sheets, quotations: seed/mercado.ts). Refuses to run on a database that already has products.
 * Stop the server first when using the embedded database (one process at a time).
 */
import { hojeNoMercado } from '@ceasa/shared/tempo';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { DIAS_DE_MERCADO_PADRAO } from '@ceasa/shared/settings';
import { completarDocumento } from '@ceasa/shared/documento';
import { loadConfig } from '../../config';
import { openDatabase, type Db, type Tx } from '../client';
import { gravarSenhaInicial, linhaDoAdminInicial, seedReference } from './reference';
import { gerarPrecos } from './precos';
import { ativoNoAno, PRIMEIRA_DIVIDA_DEMO, seedDiasDeMercado, totalDeProdutores } from './mercado';
import { auditoriaDoSeed, USUARIOS_DEMO, type Auditar } from './auditoria';
import {
  adubacaoCorrecao,
  aplicacaoProdutosQuimicos,
  boletim,
  boletimItens,
  caderno,
  estacionamento,
  municipio,
  pessoa,
  precos as precosTabela,
  produto,
  produtoGrupo,
  propriedade,
} from '../schema';

const MUNICIPIOS: [string, string][] = [
  ['Imperatriz', 'MA'],
  ['Açailândia', 'MA'],
  ['João Lisboa', 'MA'],
  ['Senador La Rocque', 'MA'],
  ['Davinópolis', 'MA'],
  ['Governador Edison Lobão', 'MA'],
  ['Estreito', 'MA'],
  ['Porto Franco', 'MA'],
  ['Amarante do Maranhão', 'MA'],
  ['Cidelândia', 'MA'],
];
const PRODUTORES = [
  'José da Silva',
  'Maria Aparecida Souza',
  'Antônio Pereira Lima',
  'Francisca Oliveira',
  'João Batista Costa',
  'Ana Cláudia Rocha',
  'Raimundo Nonato Alves',
  'Luzia Ferreira',
];
/** First names and surnames of the region's other producers (the market floor holds about a hundred of them). */
const NOMES = [
  'Adão',
  'Benedito',
  'Cícero',
  'Domingos',
  'Edilson',
  'Francisco',
  'Geraldo',
  'Helena',
  'Ivone',
  'Joana',
  'Joaquim',
  'Lucas',
  'Manoel',
  'Marcos',
  'Neide',
  'Osvaldo',
  'Raimunda',
  'Rosa',
  'Sebastião',
  'Terezinha',
  'Valdir',
  'Zilda',
  'Aurélio',
];
const SOBRENOMES = ['Alves', 'Barbosa', 'Carvalho', 'Dias', 'Gomes', 'Lopes', 'Moreira', 'Nascimento', 'Ramos', 'Santos', 'Sousa', 'Teixeira', 'Vieira'];
/**
 * The named producers and enough others (distinct names) for a market floor of 252 stalls: a hundred
 * a year, and 22 more for each earlier year (seed/mercado.ts, ativoNoAno).
 */
const produtores = (total: number) => {
  const nomes = [...PRODUTORES];
  for (let i = 0; nomes.length < total; i++) {
    const nome = `${NOMES[i % NOMES.length]} ${SOBRENOMES[(i * 5 + Math.floor(i / NOMES.length)) % SOBRENOMES.length]} ${SOBRENOMES[(i * 3 + 7) % SOBRENOMES.length]}`;
    if (!nomes.includes(nome)) nomes.push(nome);
  }
  return nomes;
};
const TECNICOS = ['Eng. Agr. Paulo Mendes', 'Eng. Agr. Carla Ribeiro'];
const LOJISTAS = [
  'Hortifruti Bom Preço Ltda',
  'Mercadinho São José',
  'Supermercado Tocantins Ltda',
  'Quitanda da Praça',
  'Frutaria Imperatriz Ltda',
  'Restaurante Sabor do Campo Ltda',
];
const COMPRADORES = ['Pedro Henrique Santos', 'Juliana Martins', 'Carlos Eduardo Nunes'];

const digitos = (seed: number, n: number) => Array.from({ length: n }, (_, i) => String((seed * 7 + i * 13) % 10)).join('');

/** A valid CPF, bare (as the product keeps it: decision 0180), different for every seed (the database refuses two people with one CPF/CNPJ). */
const cpfDemo = (seed: number): string => completarDocumento(String(123456781 + seed * 1_000_003).slice(-9));
/** A valid CNPJ (head office, 0001), bare, different for every seed; one in three alphanumeric, as the Receita issues them since July 2026. */
function cnpjDemo(seed: number): string {
  const raiz = String(11222333 + seed * 10_007).slice(-8);
  return completarDocumento(seed % 3 ? `${raiz}0001` : `${raiz.slice(0, 2)}${String.fromCharCode(65 + (seed % 26))}${raiz.slice(3)}0001`);
}
const hojeIso = () => hojeNoMercado();

/** The field notebook's sections of every demo notebook (soil preparation, conservation, seeds, irrigation). */
const SECOES_DO_CADERNO = {
  preparo: {
    naoNecessarias: false,
    subsolagem: false,
    aracao: true,
    enxadaRotativa: false,
    gradagemComGrade: true,
    leve: false,
    pesada: false,
    niveladora: true,
    outras: false,
    descricaoOutras: null,
  },
  praticas: {
    naoNecessarias: false,
    plantioEmNivel: true,
    terracos: false,
    rotacaoDeCulturas: true,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: null,
  },
  sementes: { naoNecessarias: false, proprias: false, terceiros: true, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: false, sistema: 'Gotejamento', origem: 'Poço artesiano' },
};

/**
 * A season of harvest bulletins: for each producer, one bulletin a quarter over the last year and a half (six, so
 * the harvests cover the whole year; the latest a month or more ago, its harvest under way and partly sold)
 * with two or three products of the price list, harvest windows of
 * 80 to 100 days that overlap the next quarter's, the technicians taking turns, and a field notebook
 * (with fertilisation and chemical rows) for the first item of each bulletin.
 */
async function seedBoletins(t: Tx, hoje: string, anos: number, auditar: Auditar) {
  // Bulletin q (quarters back from `hoje`) of a producer that works the market in that year
  // (q / 4 years back, the oldest year's also covering the half-year before it).
  const produtoresIds = (await t.execute(sql`SELECT id FROM pessoa WHERE tipo_id = 1 ORDER BY id`)).rows as { id: number }[];
  const visitas = produtoresIds.flatMap(({ id }, k) =>
    Array.from({ length: 4 * anos + 2 }, (_, q) => q)
      .filter((q) => ativoNoAno(k, Math.min(anos - 1, Math.floor(q / 4))))
      .map((q) => ({ p: Number(id), q })),
  );
  await t.execute(sql`
    INSERT INTO boletim (data_visita, data_emissao, produtor_id, propriedade_id, tecnico_id)
    SELECT (${hoje}::date - (v.q * 90 + 30 + v.p % 20)) - 2, ${hoje}::date - (v.q * 90 + 30 + v.p % 20), v.p,
           (SELECT pr.id FROM propriedade pr WHERE pr.proprietario_id = v.p ORDER BY pr.id LIMIT 1),
           (SELECT tc.id FROM pessoa tc WHERE tc.tipo_id = 2 ORDER BY tc.id OFFSET ((v.p + v.q) % 2) LIMIT 1)
    FROM json_to_recordset(${JSON.stringify(visitas)}::json) AS v(p int, q int)
    ORDER BY 2, 3`);
  await t.execute(sql`
    INSERT INTO boletim_itens (boletim_id, produto_id, area_producao, producao_estimada, producao_embalada, inicio_colheita, fim_colheita)
    SELECT b.id, pr.id, round((0.5 + ((b.id + n) % 8) * 0.75)::numeric, 2),
           -- kg (docs/produto/dados.md): 1,000 to 5,875 of the product's packages, weighed.
           (1000 + ((b.id * 37 + n * 101) % 40) * 125) * pr.peso_em_kg, (900 + ((b.id * 37 + n * 101) % 40) * 115) * pr.peso_em_kg,
           b.data_emissao + 15 + n * 10, b.data_emissao + 95 + n * 20
    FROM boletim b CROSS JOIN generate_series(0, 2) n
    CROSS JOIN LATERAL (SELECT pr.id, pr.peso_em_kg FROM produto pr ORDER BY pr.id OFFSET ((b.id * 7 + n * 13) % 150) LIMIT 1) pr
    WHERE n < 2 + b.id % 2
    ORDER BY b.id, n`);
  // Statistics of the rows this transaction wrote (autovacuum cannot see them yet): the notebooks' look-up
  // of each bulletin's first item is otherwise planned as if the tables were empty.
  await t.execute(sql`ANALYZE boletim, boletim_itens`);
  await t.execute(sql`
    INSERT INTO caderno (boletim_item_id, produto_antigo_id, data_plantio, data_colheita, area_cultivo, preparo_solo, praticas_conservacionistas, sementes_e_mudas, irrigacao)
    SELECT bi.id, (SELECT pr.id FROM produto pr ORDER BY pr.id OFFSET ((bi.id * 11) % 150) LIMIT 1), bi.inicio_colheita - 90, bi.inicio_colheita,
           'Talhão ' || (1 + bi.id % 5), ${JSON.stringify(SECOES_DO_CADERNO.preparo)}::jsonb, ${JSON.stringify(SECOES_DO_CADERNO.praticas)}::jsonb,
           ${JSON.stringify(SECOES_DO_CADERNO.sementes)}::jsonb, ${JSON.stringify(SECOES_DO_CADERNO.irrigacao)}::jsonb
    FROM boletim_itens bi
    WHERE bi.id = (SELECT min(x.id) FROM boletim_itens x WHERE x.boletim_id = bi.boletim_id)`);
  await t.execute(sql`
    INSERT INTO adubacao_correcao (caderno_id, nao_necessarias, data_aplicacao, nome_formula, dose, forma_dose, forma_aplicacao, responsavel_aplicacao, observacao)
    SELECT c.id, false, c.data_plantio, 'NPK 4-14-8', 40, 'KG_M', 'PLANTIO', pr.nome, 'Adubação de plantio no sulco'
    FROM caderno c JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id JOIN pessoa pr ON pr.id = b.produtor_id
    UNION ALL
    SELECT c.id, false, c.data_plantio + 30, 'Ureia', 15, 'G_PLANTA', 'COBERTURA', pr.nome, NULL
    FROM caderno c JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id JOIN pessoa pr ON pr.id = b.produtor_id`);
  await t.execute(sql`
    INSERT INTO aplicacao_produtos_quimicos (caderno_id, nao_necessarias, data, periodo_carencia, praga_doenca_alvo, nome_produto, dose, forma_dose, volume_calda, operador)
    SELECT c.id, false, c.data_plantio + 45, 7 + c.id % 14, 'Pulgão', 'Óleo de neem', 2, 'L_M', 200, pr.nome
    FROM caderno c JOIN boletim_itens bi ON bi.id = c.boletim_item_id JOIN boletim b ON b.id = bi.boletim_id JOIN pessoa pr ON pr.id = b.produtor_id`);
  await t.execute(sql`ANALYZE caderno, adubacao_correcao, aplicacao_produtos_quimicos`);
  const { agronomia } = USUARIOS_DEMO;
  return (
    (await auditar(boletim, 'Boletim', agronomia, sql`x.data_emissao`)) +
    (await auditar(boletimItens, 'BoletimItens', agronomia, sql`(SELECT b.data_emissao FROM boletim b WHERE b.id = x.boletim_id)`)) +
    (await auditar(caderno, 'Caderno', agronomia, sql`x.data_plantio`)) +
    (await auditar(adubacaoCorrecao, 'AdubacaoCorrecao', agronomia, sql`x.data_aplicacao`)) +
    (await auditar(aplicacaoProdutosQuimicos, 'AplicacaoProdutosQuimicos', agronomia, sql`x.data`))
  );
}

/**
 * The region's municipalities, the people (producers, technicians, shop owners, buyers) with valid documents, one
 * property per producer, the last 30 days' parking and the debts the tax system would know; returns the people.
 */
async function seedCadastros(t: Tx, hoje: string, totalProdutores: number) {
  for (const [nome, sigla] of MUNICIPIOS) await t.execute(sql`INSERT INTO municipio (nome, sigla) VALUES (${nome}, ${sigla})`);
  const pessoas: [string, number, number][] = [
    ...produtores(totalProdutores).map((n, i) => [n, 1, i < PRODUTORES.length ? i : 100 + i] as [string, number, number]),
    ...TECNICOS.map((n, i) => [n, 2, 20 + i] as [string, number, number]),
    ...LOJISTAS.map((n, i) => [n, 3, 30 + i] as [string, number, number]),
    ...COMPRADORES.map((n, i) => [n, 4, 40 + i] as [string, number, number]),
  ];
  const linhasPessoa = pessoas.map(([nome, tipo, s], n) => ({ n, nome, doc: tipo === 3 ? cnpjDemo(s) : cpfDemo(s), celular: '9998' + digitos(s, 7), tipo }));
  await t.execute(sql`
    INSERT INTO pessoa (nome, cpfcnpj, celular, tipo_id)
    SELECT x.nome, x.doc, x.celular, x.tipo FROM json_to_recordset(${JSON.stringify(linhasPessoa)}::json) AS x(n int, nome text, doc text, celular text, tipo int)
    ORDER BY x.n`);
  // One property per producer, in the region's municipalities.
  await t.execute(sql`
    INSERT INTO propriedade (nome, endereco, numero, cep, municipio_id, area_total, area_explorada, area_cultivada, geo_localizacao, pronaf, tipo_posse, proprietario_id)
    SELECT 'Sítio ' || split_part(p.nome, ' ', 1) || ' ' || p.id, 'Estrada Vicinal ' || p.id, 'km ' || (p.id * 3), '65900000',
           (SELECT id FROM municipio ORDER BY id OFFSET (p.id % 10) LIMIT 1), 10 + p.id * 2.5, 8 + p.id * 2, 5 + p.id * 1.5, '0,0',
           p.id % 2 = 0, CASE WHEN p.id % 3 = 0 THEN 'ARRENDADO' ELSE 'PRÓPRIO' END, p.id
    FROM pessoa p WHERE p.tipo_id = 1`);
  // Parking over the last 30 days, and the debts the tax system would know.
  await t.execute(sql`
    INSERT INTO estacionamento (data, placa, valor, divida, pessoa_id, veiculo_tipo_id)
    SELECT (${hoje}::date - g), 'ABC' || lpad((1000 + g * 37)::text, 4, '0'), 10 + (g % 3) * 5, 900000 + g,
           (SELECT id FROM pessoa WHERE tipo_id = 4 ORDER BY id OFFSET (g % 3) LIMIT 1), 1 + (g % 4)
    FROM generate_series(29, 0, -1) g`);
  await t.execute(sql`
    INSERT INTO dividas (numero, nome_contribuinte, valor_pgto)
    SELECT 900000 + g, (SELECT nome FROM pessoa WHERE tipo_id = 4 ORDER BY id OFFSET (g % 3) LIMIT 1), 10 + (g % 3) * 5
    FROM generate_series(0, 29) g
    UNION ALL SELECT 100000 + g, 'Produtor Rural ' || g, 25.5 * g FROM generate_series(1, 20) g`);
  return pessoas;
}

export const MSG_BANCO_COM_DADOS = 'O banco já tem produtos: os dados de demonstração só são carregados num banco novo.';

export interface OpcoesDemo {
  /** Market-years of data up to `hoje` (default 1). */
  anos?: number;
  /** One line per year written (counts and time since the start), and one for the prices. */
  progresso?: (linha: string) => void;
}

const milhar = (n: number) => n.toLocaleString('pt-BR');

/**
 * Loads the demo data set into a database with its reference data and no products yet (throws
 * MSG_BANCO_COM_DADOS otherwise); returns the summary line. Prices and market days run for the `anos`
 * years up to `hoje` (market days: the weekdays of `diasDeMercado`, the setting; and the next one
 * after `hoje`), every record with the audit row the app would have written for it.
 */
export async function carregarDemo(db: Db, hoje = hojeIso(), diasDeMercado = DIAS_DE_MERCADO_PADRAO, o: OpcoesDemo = {}): Promise<string> {
  const anos = o.anos ?? 1;
  if (!Number.isInteger(anos) || anos < 1 || anos > 30) throw new Error('--anos deve ser um número inteiro de 1 a 30.');
  const inicio = performance.now();
  const segundos = () => `${((performance.now() - inicio) / 1000).toFixed(1).replace('.', ',')} s`;
  const ja = await db.execute(sql`SELECT count(*)::int AS n FROM produto`);
  if (Number((ja.rows[0] as { n: number }).n) > 0) throw new Error(MSG_BANCO_COM_DADOS);
  const totalProdutores = totalDeProdutores(anos);
  const precos = await gerarPrecos(db, { ate: hoje, anos });
  const mercado = await db.transaction(async (t) => {
    const auditar = auditoriaDoSeed(t);
    const { administrativo, agronomia, portaria } = USUARIOS_DEMO;
    const inicioDosDados = sql`${precos.primeiraData}::date`;
    const auditoriaPrecos =
      (await auditar(produtoGrupo, 'ProdutoGrupo', administrativo, inicioDosDados)) +
      (await auditar(produto, 'Produto', administrativo, inicioDosDados)) +
      (await auditar(precosTabela, 'Precos', administrativo, sql`x.data`));
    o.progresso?.(
      `Preços: ${milhar(precos.precos)} (${precos.primeiraData} a ${precos.ultimaData}), ${milhar(auditoriaPrecos)} registros de auditoria (${segundos()})`,
    );
    const pessoas = await seedCadastros(t, hoje, totalProdutores);
    const cadastros =
      (await auditar(municipio, 'Municipio', administrativo, inicioDosDados)) +
      (await auditar(pessoa, 'Pessoa', administrativo, inicioDosDados)) +
      (await auditar(propriedade, 'Propriedade', agronomia, inicioDosDados));
    const auditoriaBoletins = await seedBoletins(t, hoje, anos, auditar);
    const [{ boletins }] = (await t.execute(sql`SELECT count(*)::int AS boletins FROM boletim`)).rows as { boletins: number }[];
    o.progresso?.(
      `Cadastros: ${milhar(pessoas.length)} pessoas, ${milhar(Number(boletins))} boletins com itens e cadernos de campo, ` +
        `${milhar(cadastros + auditoriaBoletins)} registros de auditoria (${segundos()})`,
    );
    const m = await seedDiasDeMercado(t, hoje, diasDeMercado, {
      anos,
      auditar,
      aoFimDoAno: (a) =>
        o.progresso?.(
          `Ano ${a.de} a ${a.ate}: ${milhar(a.romaneios)} romaneios em ${milhar(a.lotes)} lotes, ${milhar(a.itens)} itens, ` +
            `${milhar(a.reservas)} pedras ocupadas, ${milhar(a.lojas)} lojas, ${milhar(a.estacionamentos)} estacionamentos, ` +
            `${milhar(a.auditoria)} registros de auditoria (${segundos()})`,
        ),
    });
    // The last 30 days' parking, after the years' (ids follow the dates).
    await auditar(estacionamento, 'Estacionamento', portaria, sql`x.data`);
    return { ...m, boletins: Number(boletins) };
  });
  // VACUUM as well as ANALYZE: the visibility map lets the lists' index-only scans (a romaneio's items by product)
  // skip the tables. PGlite runs no autovacuum and its upkeep counts only the changes of the running process, so a
  // database seeded without it kept every page unmarked: the romaneio list filtered by a product read 1.7–2.5× at
  // ten market-years what it read at one, against 1.0× once vacuumed (the benchmark's own databases were).
  o.progresso?.(`Estatísticas do banco e mapa de visibilidade (VACUUM ANALYZE)… (${segundos()})`);
  await db.execute(sql`VACUUM ANALYZE`);
  const [{ logs }] = (await db.execute(sql`SELECT count(*)::int AS logs FROM logs`)).rows as { logs: number }[];
  return (
    `Demonstração carregada: ${MUNICIPIOS.length} municípios, ${totalProdutores + TECNICOS.length + LOJISTAS.length + COMPRADORES.length} pessoas, ` +
    `${precos.produtos} produtos em ${precos.grupos} grupos, ${precos.precos} preços (${precos.primeiraData} a ${precos.ultimaData}), ` +
    `${30 + mercado.estacionamentos} estacionamentos, ${mercado.boletins} boletins com itens e cadernos de campo, ` +
    `${mercado.dias} dias de mercado (${mercado.primeiro} a ${mercado.ultimo}) com ${mercado.romaneios} romaneios em ${mercado.lotes} lotes ` +
    `(dívidas ${PRIMEIRA_DIVIDA_DEMO}-${PRIMEIRA_DIVIDA_DEMO + mercado.lotes - 1}), ${mercado.reservas} pedras ocupadas, ${mercado.lojas} lojas e ${mercado.cotacoes} cotações, ` +
    `${logs} registros de auditoria; dívidas livres para novos romaneios: 100001-100020 (${segundos()}).`
  );
}

/** `--anos N` of the command line (default 1). */
export function anosDaLinhaDeComando(argv: string[]): number {
  const i = argv.indexOf('--anos');
  const v = i >= 0 ? (argv[i + 1] ?? '') : argv.find((a) => a.startsWith('--anos='))?.slice('--anos='.length);
  if (v === undefined) return 1;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 30) throw new Error('--anos deve ser um número inteiro de 1 a 30.');
  return n;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const config = loadConfig();
  const database = await openDatabase(config);
  try {
    // On a new database the first super-admin is created here: say who it is, as the server would.
    const anos = anosDaLinhaDeComando(process.argv.slice(2));
    const admin = await seedReference(database.db, config);
    if (admin) console.log(linhaDoAdminInicial(admin, gravarSenhaInicial(config.dataDir, admin)));
    console.log(await carregarDemo(database.db, hojeIso(), config.settings.diasDeMercado, { anos, progresso: (l) => console.log(l) }));
  } catch (err) {
    console.error((err as Error).message);
    process.exitCode = 1;
  } finally {
    await database.close();
  }
}
