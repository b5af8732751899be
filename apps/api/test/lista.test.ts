import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appDeTeste, call, tokenFor } from './helpers';
import { manterPglite } from '../src/db/client';
import { precosRepository } from '../src/modules/precos/precos.repository';
import { TOTAL_MAXIMO } from '../src/lib/list';

const t = appDeTeste({ tokens: [] });

/**
 * The list machinery's database side: filter values go as parameters, totals are counted up to a
 * cap, and the embedded database's own autovacuum.
 */
const n = async (q: ReturnType<typeof sql>) => Number(((await t.app.ctx.db.execute(q)).rows[0] as { n: number }).n);

beforeAll(async () => {
  const db = t.app.ctx.db;
  await db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ('Frutas', 'kg')`);
  await db.execute(sql`INSERT INTO produto (nome, embalagem, produto_grupo_id)
    SELECT ${"Pêra d'Água \\ 50%"}, 'cx', id FROM produto_grupo WHERE nome = 'Frutas'`);
  await db.execute(sql`INSERT INTO precos (produto_id, data, valor) SELECT id, '2026-11-20', 12.5 FROM produto`);
});

describe('list queries', () => {
  it('match quotes, backslashes and wildcards literally, the first time and when executed again', async () => {
    const repo = precosRepository(t.app.ctx.db);
    const buscar = (produtoNome: string) => repo.listar({ page: 0, size: 20, sortField: 'data', sortDir: 'desc', filters: { produtoNome } });
    for (let i = 0; i < 3; i++) {
      const r = await buscar("d'agua \\ 50%");
      expect(r.totalElements).toBe(1);
      expect(r.content.map((p) => p.produtoNome)).toEqual(["Pêra d'Água \\ 50%"]);
      expect((await buscar("d'agua \\ 5_%")).totalElements).toBe(0);
      expect((await buscar("'; DROP TABLE precos; --")).totalElements).toBe(0);
    }
    expect(await n(sql`SELECT count(*)::int AS n FROM precos`)).toBe(1);
    // The values go as parameters of an ordinary (unnamed) query: nothing is PREPAREd by name (decision 0101).
    expect(await n(sql`SELECT count(*)::int AS n FROM pg_prepared_statements`)).toBe(0);
  });
});

describe('embedded database upkeep', () => {
  it('vacuums and analyses the tables with enough changed rows, as autovacuum would', async () => {
    // (On PostgreSQL the server's own autovacuum must not get there first.)
    await t.app.ctx.db.execute(sql`ALTER TABLE produto_grupo SET (autovacuum_enabled = false)`);
    await t.app.ctx.db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) SELECT 'Grupo ' || g, 'kg' FROM generate_series(1, 300) g`);
    // Statistics counters reach the shared view a moment after the transaction (at most ~1 s later).
    let tabelas: string[] = [];
    for (let i = 0; i < 40 && !tabelas.includes('public.produto_grupo'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      tabelas = await manterPglite(t.app.ctx.db);
    }
    expect(tabelas).toContain('public.produto_grupo');
    expect(await n(sql`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE relname = 'produto_grupo' AND last_analyze IS NOT NULL`)).toBe(1);
    // Cleaned: nothing left to do for it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await manterPglite(t.app.ctx.db)).not.toContain('public.produto_grupo');
  }, 30_000);

  it('weighs a table by its rows in the catalogue, not by the activity counters an embedded restart forgets', async () => {
    const db = t.app.ctx.db;
    const mudadas = () => n(sql`SELECT coalesce(sum(n_mod_since_analyze), 0)::int AS n FROM pg_stat_user_tables WHERE relname = 'produto_grupo'`);
    // Statistics counters reach the shared view a moment after the transaction (at most ~1 s later).
    const aguardar = async (minimo: number) => {
      for (let i = 0; i < 40 && (await mudadas()) < minimo; i++) await new Promise((r) => setTimeout(r, 250));
      expect(await mudadas()).toBeGreaterThanOrEqual(minimo);
    };
    await db.execute(sql`ALTER TABLE produto_grupo SET (autovacuum_enabled = false)`);
    await db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) SELECT 'Tamanho ' || g, 'kg' FROM generate_series(1, 2000) g`);
    await aguardar(2000);
    await db.execute(sql`VACUUM (ANALYZE) produto_grupo`);
    expect(await n(sql`SELECT reltuples::int AS n FROM pg_class WHERE relname = 'produto_grupo'`)).toBeGreaterThan(2000);
    // What a server finds after a restart on PGlite: it writes no statistics file when it closes, so every
    // counter of the table (its live rows included) starts at zero; the catalogue's count stays.
    await db.execute(sql`SELECT pg_stat_reset_single_table_counters('produto_grupo'::regclass)`);
    await db.execute(
      sql`UPDATE produto_grupo SET un_padrao = 'cx' WHERE id IN (SELECT id FROM produto_grupo WHERE nome LIKE 'Tamanho %' ORDER BY id LIMIT 60)`,
    );
    await aguardar(60);
    expect(await n(sql`SELECT n_live_tup::int AS n FROM pg_stat_user_tables WHERE relname = 'produto_grupo'`)).toBe(0);
    // 60 changes of a table of 2,000 rows: under autovacuum's 50 + 10 %, though its live rows read zero.
    expect(await manterPglite(db)).not.toContain('public.produto_grupo');
    await db.execute(sql`UPDATE produto_grupo SET un_padrao = 'kg' WHERE nome LIKE 'Tamanho %'`);
    await aguardar(60 + 2000);
    expect(await manterPglite(db)).toContain('public.produto_grupo');
  }, 30_000);
});

describe('short "contains" totals', () => {
  it('match the rows, for one filter of up to three characters and longer ones', async () => {
    const repo = precosRepository(t.app.ctx.db);
    for (const [v, esperado] of [
      ['1', 1],
      [',5', 1],
      ['2,', 1],
      ['2,5', 1],
      ['12,5', 1],
      [' 2,5 ', 1],
      ['9', 0],
      ['%', 0],
      ['9,9', 0],
    ] as const) {
      const r = await repo.listar({ page: 0, size: 20, filters: { valor: v } });
      expect([r.totalElements, r.content.length, r.totalExato], v).toEqual([esperado, esperado, undefined]);
    }
    const doisFiltros = await repo.listar({ page: 0, size: 20, filters: { id: '1', data: '2026-11-20' } });
    expect(doisFiltros.totalElements).toBe(doisFiltros.content.length);
  });
});

describe('a total past the cap', () => {
  it(`counts exactly up to ${TOTAL_MAXIMO} matches and beyond says "more than", pages still reachable`, async () => {
    const admin = await tokenFor(t.app, ['super-admin']);
    const busca = (filtro: object, q = 'page=0&size=20') =>
      call(t.app, admin, { method: 'POST', url: `/api/municipio/searchMunicipio/asc/id?${q}`, payload: filtro });
    // Exactly at the cap: an exact total.
    await t.app.ctx.db.execute(sql`INSERT INTO municipio (nome, sigla) SELECT 'Cidade ' || g, 'MG' FROM generate_series(1, ${TOTAL_MAXIMO}) g`);
    const noLimite = await busca({ nome: 'cidade' });
    expect(noLimite.status).toBe(200);
    expect(noLimite.body).toEqual({ content: expect.any(Array), totalElements: TOTAL_MAXIMO, totalPages: TOTAL_MAXIMO / 20, number: 0, size: 20 });
    // One more: the cap, said to be inexact.
    await t.app.ctx.db.execute(sql`INSERT INTO municipio (nome, sigla) VALUES ('Cidade Nova', 'SP'), ('Vila Açucena', 'SP')`);
    const alem = await busca({ nome: 'cidade' });
    expect(alem.body).toMatchObject({ totalElements: TOTAL_MAXIMO, totalExato: false, totalPages: TOTAL_MAXIMO / 20, number: 0, size: 20 });
    expect(alem.body.content).toHaveLength(20);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/municipio?size=50' })).body).toMatchObject({
      totalElements: TOTAL_MAXIMO,
      totalExato: false,
      totalPages: TOTAL_MAXIMO / 50,
    });
    // The last page the count reaches is full, and a page past it still answers.
    const ultima = await busca({ nome: 'cidade' }, `page=${TOTAL_MAXIMO / 20 - 1}&size=20`);
    expect(ultima.body.content).toHaveLength(20);
    expect(ultima.body.content[19].nome).toBe(`Cidade ${TOTAL_MAXIMO}`);
    const depois = await busca({ nome: 'cidade' }, `page=${TOTAL_MAXIMO / 20}&size=20`);
    expect(depois.body.content.map((m: { nome: string }) => m.nome)).toEqual(['Cidade Nova']);
    // A filter with few matches is exact.
    expect((await busca({ nome: 'acucena' })).body).toEqual({
      content: [expect.objectContaining({ nome: 'Vila Açucena' })],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 20,
    });
    expect((await busca({ nome: 'cidade 999' })).body).toMatchObject({ totalElements: 11, totalPages: 1 });
    expect((await busca({ nome: 'cidade 999' })).body.totalExato).toBeUndefined();
  }, 60_000);
});
