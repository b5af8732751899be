/**
 * Deterministic price data for benchmarks, the demo data set and anyone who wants a big database:
 * 15 product groups, 10 products each (150), and a price for every product on every Monday and
 * Thursday of the 10 years up to `ate` (~156,000 prices), all with bulk INSERT ... SELECT
 * generate_series. The same options always produce the same rows. It reads like a market's
 * bulletin: a group's products come in the group's standard unit (a 'KG' group quotes per kg) and
 * on any day cost within a plausible band of each other (the variety's factor, 0.85–1.25 of the
 * group's usual price, a seasonal wave of ±12% that peaks in a different month for each group, and
 * ±4% of daily noise).
 *
 *   import { gerarPrecos } from '.../db/seed/precos';  await gerarPrecos(db);
 *   node --import tsx apps/api/src/db/seed/precos.ts       # fills the database DATABASE_URL / DATA_DIR names
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

/**
 * The groups: name, standard unit (every product of the group is sold in it), that package's weight
 * in kg and its usual wholesale price (R$ per package, on an average day of the year).
 */
export const GRUPOS = [
  ['Açúcar', 'SC 50kg', 50, 165],
  ['Tomate', 'CX 20kg', 20, 85],
  ['Batata', 'SC 50kg', 50, 140],
  ['Cebola', 'SC 20kg', 20, 60],
  ['Cenoura', 'CX 20kg', 20, 55],
  ['Alface', 'CX 12un', 4, 28],
  ['Banana', 'CX 18kg', 18, 50],
  ['Laranja', 'CX 27kg', 27, 60],
  ['Maçã', 'CX 18kg', 18, 120],
  ['Mamão', 'CX 15kg', 15, 55],
  ['Feijão', 'SC 60kg', 60, 380],
  ['Milho Verde', 'SC 25kg', 25, 45],
  ['Pimentão', 'CX 10kg', 10, 55],
  ['Abóbora', 'KG', 1, 2.8],
  ['Limão', 'CX 20kg', 20, 65],
] as const;

export const VARIEDADES = ['Extra', 'Especial', 'Primeira', 'Segunda', 'Graúdo', 'Médio', 'Miúdo', 'Orgânico', 'Importado', 'Regional'] as const;
/** How a variety's price compares with the group's usual one (same order as VARIEDADES): within 0.85–1.25. */
const FATOR_VARIEDADE = [1.18, 1.1, 1.0, 0.86, 1.06, 0.96, 0.85, 1.25, 1.22, 0.93] as const;

export interface OpcoesGerador {
  /** Last day with prices (yyyy-mm-dd); the series goes back `anos` years from it. */
  ate?: string;
  anos?: number;
  produtosPorGrupo?: number;
}

export interface Gerado {
  grupos: number;
  produtos: number;
  precos: number;
  primeiraData: string;
  ultimaData: string;
  ms: number;
}

/** Fills groups, products and prices. Expects no prices yet (refuses otherwise, so runs stay comparable). */
export async function gerarPrecos(db: Db, o: OpcoesGerador = {}): Promise<Gerado> {
  const ate = o.ate ?? '2025-12-31';
  const anos = o.anos ?? 10;
  const porGrupo = o.produtosPorGrupo ?? VARIEDADES.length;
  const t0 = performance.now();
  const ja = await db.execute(sql`SELECT count(*)::int AS n FROM precos`);
  if (Number((ja.rows[0] as { n: number }).n) > 0) throw new Error('A tabela precos já tem linhas: gere os dados num banco vazio.');

  return db.transaction(async (t) => {
    const grupos = GRUPOS.map(([nome, un]) => sql`(${nome}, ${un})`);
    // Our own constants, written as SQL arrays indexed by the group's (gi) and the variety's (v) position.
    const numeros = (xs: readonly number[]) => sql.raw(`ARRAY[${xs.map((x) => x.toFixed(2)).join(',')}]::numeric[]`);
    const pesos = numeros(GRUPOS.map((x) => x[2]));
    const bases = numeros(GRUPOS.map((x) => x[3]));
    const fatores = numeros(FATOR_VARIEDADE);
    const g = await t.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ${sql.join(grupos, sql`, `)} RETURNING id`);
    const gIds = (g.rows as { id: number }[]).map((r) => Number(r.id));
    const ids = sql.raw(`ARRAY[${gIds.join(',')}]::int[]`);
    const variedades = sql.raw(
      `ARRAY[${VARIEDADES.slice(0, porGrupo)
        .map((v) => `'${v}'`)
        .join(', ')}]`,
    );
    // Products: '<group> <variety>', in the group's standard unit and its weight, every 10th inactive.
    // Values depend on the group's position (gi) and the variety (v), never on generated ids,
    // so the same options give the same data whatever the database's sequences say.
    await t.execute(sql`
      INSERT INTO produto (nome, embalagem, peso_em_kg, produto_grupo_id, status)
      SELECT g.nome || ' ' || (${variedades})[v], g.un_padrao, (${pesos})[gi::int], g.id,
             CASE WHEN v = 10 THEN 'INATIVO' ELSE 'ATIVO' END
      FROM unnest(${ids}) WITH ORDINALITY AS u(id, gi)
      JOIN produto_grupo g ON g.id = u.id
      CROSS JOIN generate_series(1, ${porGrupo}) AS v
      ORDER BY gi, v`);
    // Prices: every Monday and Thursday, the group's usual price × the variety's factor × a yearly
    // wave (its peak shifted by group) × a daily jitter (k = the product's position); exact numeric
    // arithmetic only (no floating-point functions), so every server agrees.
    await t.execute(sql`
      INSERT INTO precos (produto_id, data, valor)
      SELECT pr.id, d::date,
             round((${bases})[pr.gi] * (${fatores})[pr.v]
                   * (1 + 0.12 * (abs(((extract(doy FROM d)::int + pr.gi * 23) % 366) - 183) - 91) / 92.0)
                   * (1 + (((pr.k * 7919 + (d::date - DATE '2000-01-01') * 104729) % 1000) - 500) / 12500.0), 2)
      FROM (SELECT p.id, u.gi::int AS gi, row_number() OVER (ORDER BY u.gi, p.id) AS k,
                   row_number() OVER (PARTITION BY u.gi ORDER BY p.id)::int AS v
            FROM unnest(${ids}) WITH ORDINALITY AS u(id, gi) JOIN produto p ON p.produto_grupo_id = u.id) pr
      CROSS JOIN generate_series(${ate}::date - make_interval(years => ${anos}) + interval '1 day', ${ate}::date, interval '1 day') AS d
      WHERE extract(isodow FROM d) IN (1, 4)
      ORDER BY d, pr.k`);
    const r = await t.execute(sql`
      SELECT (SELECT count(*)::int FROM produto_grupo) AS grupos, (SELECT count(*)::int FROM produto) AS produtos,
             count(*)::int AS precos, min(data)::text AS "primeiraData", max(data)::text AS "ultimaData" FROM precos`);
    const x = r.rows[0] as Omit<Gerado, 'ms'>;
    return { ...x, grupos: Number(x.grupos), produtos: Number(x.produtos), precos: Number(x.precos), ms: Math.round(performance.now() - t0) };
  });
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { loadConfig } = await import('../../config');
  const { openDatabase } = await import('../client');
  const database = await openDatabase(loadConfig(process.env));
  try {
    const r = await gerarPrecos(database.db);
    await database.db.execute(sql`VACUUM ANALYZE`);
    console.log(`Gerados ${r.grupos} grupos, ${r.produtos} produtos e ${r.precos} preços (${r.primeiraData} a ${r.ultimaData}) em ${r.ms} ms.`);
  } finally {
    await database.close();
  }
}
