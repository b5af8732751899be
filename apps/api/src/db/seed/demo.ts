/**
 * `npm run seed:demo`: a realistic demo data set on the configured database (DATA_DIR or DATABASE_URL),
 * for trying the product: municipalities, people, properties, a year of prices for 150 products,
 * parking entries and tax-system debts. Refuses to run on a database that already has products.
 * Stop the server first when using the embedded database (one process at a time).
 */
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config';
import { openDatabase } from '../client';
import { seedReference } from './reference';
import { gerarPrecos } from './precos';

const MUNICIPIOS: [string, string][] = [
  ['Imperatriz', 'MA'], ['Açailândia', 'MA'], ['João Lisboa', 'MA'], ['Senador La Rocque', 'MA'], ['Davinópolis', 'MA'],
  ['Governador Edison Lobão', 'MA'], ['Estreito', 'MA'], ['Porto Franco', 'MA'], ['Amarante do Maranhão', 'MA'], ['Cidelândia', 'MA'],
];
const PRODUTORES = ['José da Silva', 'Maria Aparecida Souza', 'Antônio Pereira Lima', 'Francisca Oliveira', 'João Batista Costa', 'Ana Cláudia Rocha', 'Raimundo Nonato Alves', 'Luzia Ferreira'];
const TECNICOS = ['Eng. Agr. Paulo Mendes', 'Eng. Agr. Carla Ribeiro'];
const LOJISTAS = ['Hortifruti Bom Preço Ltda', 'Mercadinho São José'];
const COMPRADORES = ['Pedro Henrique Santos', 'Juliana Martins', 'Carlos Eduardo Nunes'];

const digitos = (seed: number, n: number) => Array.from({ length: n }, (_, i) => String((seed * 7 + i * 13) % 10)).join('');
const hojeIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'America/Sao_Paulo' });

async function main() {
  const config = loadConfig();
  const database = await openDatabase(config);
  const { db } = database;
  try {
    await seedReference(db, config);
    const ja = await db.execute(sql`SELECT count(*)::int AS n FROM produto`);
    if (Number((ja.rows[0] as { n: number }).n) > 0) {
      console.error('O banco já tem produtos: os dados de demonstração só são carregados num banco novo.');
      process.exitCode = 1;
      return;
    }
    const hoje = hojeIso();
    const precos = await gerarPrecos(db, { ate: hoje, anos: 1 });
    await db.transaction(async (t) => {
      for (const [nome, sigla] of MUNICIPIOS) await t.execute(sql`INSERT INTO municipio (nome, sigla) VALUES (${nome}, ${sigla})`);
      const pessoas: [string, number, number][] = [
        ...PRODUTORES.map((n, i) => [n, 1, i] as [string, number, number]),
        ...TECNICOS.map((n, i) => [n, 2, 20 + i] as [string, number, number]),
        ...LOJISTAS.map((n, i) => [n, 3, 30 + i] as [string, number, number]),
        ...COMPRADORES.map((n, i) => [n, 4, 40 + i] as [string, number, number]),
      ];
      for (const [nome, tipo, s] of pessoas) {
        const doc = tipo === 3 ? digitos(s, 14) : digitos(s, 11);
        await t.execute(sql`INSERT INTO pessoa (nome, cpfcnpj, celular, tipo_id) VALUES (${nome}, ${doc}, ${'9998' + digitos(s, 7)}, ${tipo})`);
      }
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
        FROM generate_series(0, 29) g`);
      await t.execute(sql`
        INSERT INTO dividas (numero, nome_contribuinte, valor_pgto)
        SELECT 900000 + g, (SELECT nome FROM pessoa WHERE tipo_id = 4 ORDER BY id OFFSET (g % 3) LIMIT 1), 10 + (g % 3) * 5
        FROM generate_series(0, 29) g
        UNION ALL SELECT 100000 + g, 'Produtor Rural ' || g, 25.5 * g FROM generate_series(1, 20) g`);
    });
    await db.execute(sql`ANALYZE`);
    console.log(
      `Demonstração carregada: ${MUNICIPIOS.length} municípios, ${PRODUTORES.length + TECNICOS.length + LOJISTAS.length + COMPRADORES.length} pessoas, ` +
        `${precos.produtos} produtos em ${precos.grupos} grupos, ${precos.precos} preços (${precos.primeiraData} a ${precos.ultimaData}), ` +
        '30 estacionamentos e 50 dívidas (números 900000-900029 e 100001-100020).',
    );
  } finally {
    await database.close();
  }
}

await main();
