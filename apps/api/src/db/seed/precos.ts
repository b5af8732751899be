/**
 * Deterministic price data for benchmarks (and for anyone who wants a big database):
 * 15 product groups, 10 products each (150), and a price for every product on every Monday and
 * Thursday of the 10 years up to `ate` (~156,000 prices), all with bulk INSERT ... SELECT
 * generate_series. The same options always produce the same rows.
 *
 *   import { gerarPrecos } from '.../db/seed/precos';  await gerarPrecos(db);
 *   node --import tsx apps/api/src/db/seed/precos.ts       # fills the database DATABASE_URL / DATA_DIR names
 */
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';

export const GRUPOS = [
  ['Açúcar', 'SC 50kg'],
  ['Tomate', 'CX 20kg'],
  ['Batata', 'SC 50kg'],
  ['Cebola', 'SC 20kg'],
  ['Cenoura', 'CX 20kg'],
  ['Alface', 'CX 12un'],
  ['Banana', 'CX 18kg'],
  ['Laranja', 'CX 27kg'],
  ['Maçã', 'CX 18kg'],
  ['Mamão', 'CX 15kg'],
  ['Feijão', 'SC 60kg'],
  ['Milho Verde', 'SC 25kg'],
  ['Pimentão', 'CX 10kg'],
  ['Abóbora', 'KG'],
  ['Limão', 'CX 20kg'],
] as const;

export const VARIEDADES = ['Extra', 'Especial', 'Primeira', 'Segunda', 'Graúdo', 'Médio', 'Miúdo', 'Orgânico', 'Importado', 'Regional'] as const;

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
    const g = await t.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ${sql.join(grupos, sql`, `)} RETURNING id`);
    const gIds = (g.rows as { id: number }[]).map((r) => Number(r.id));
    const ids = sql.raw(`ARRAY[${gIds.join(',')}]::int[]`);
    const variedades = sql.raw(`ARRAY[${VARIEDADES.slice(0, porGrupo).map((v) => `'${v}'`).join(', ')}]`);
    // Products: '<group> <variety>', packaging from the group, weight 1..30 kg, every 10th inactive.
    // Values depend on the group's position (gi) and the variety (v), never on generated ids,
    // so the same options give the same data whatever the database's sequences say.
    await t.execute(sql`
      INSERT INTO produto (nome, embalagem, peso_em_kg, produto_grupo_id, status)
      SELECT g.nome || ' ' || (${variedades})[v], g.un_padrao, 1 + ((gi * 7 + v * 3) % 30), g.id,
             CASE WHEN v = 10 THEN 'INATIVO' ELSE 'ATIVO' END
      FROM unnest(${ids}) WITH ORDINALITY AS u(id, gi)
      JOIN produto_grupo g ON g.id = u.id
      CROSS JOIN generate_series(1, ${porGrupo}) AS v
      ORDER BY gi, v`);
    // Prices: every Monday and Thursday, a base per product (k = its position), a yearly wave and a
    // jitter; exact numeric arithmetic only (no floating-point functions), so every server agrees.
    await t.execute(sql`
      INSERT INTO precos (produto_id, data, valor)
      SELECT pr.id, d::date,
             round((5 + (pr.k * 37 % 190) + pr.peso_em_kg * 1.5)
                   * (1 + 0.15 * (abs(extract(doy FROM d)::int - 183) - 91) / 92.0)
                   * (1 + (((pr.k * 7919 + (d::date - DATE '2000-01-01') * 104729) % 1000) - 500) / 10000.0), 2)
      FROM (SELECT p.id, p.peso_em_kg, row_number() OVER (ORDER BY u.gi, p.id) AS k
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
