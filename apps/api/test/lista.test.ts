import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { build } from './helpers';
import { manterPglite } from '../src/db/client';
import { precoList, precosRepository } from '../src/modules/precos/precos.repository';
import { contagemDeTrecho } from '../src/lib/list';

/**
 * The list machinery's database side: pages run as prepared statements (on PGlite, PREPARE and
 * EXECUTE with the values written as literals), and the embedded database's own autovacuum.
 */
let app: FastifyInstance;
const n = async (q: ReturnType<typeof sql>) => Number(((await app.ctx.db.execute(q)).rows[0] as { n: number }).n);

beforeAll(async () => {
  app = await build();
  const db = app.ctx.db;
  await db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) VALUES ('Frutas', 'kg')`);
  await db.execute(sql`INSERT INTO produto (nome, embalagem, produto_grupo_id)
    SELECT ${"Pêra d'Água \\ 50%"}, 'cx', id FROM produto_grupo WHERE nome = 'Frutas'`);
  await db.execute(sql`INSERT INTO precos (produto_id, data, valor) SELECT id, '2026-11-20', 12.5 FROM produto`);
});
afterAll(() => app.close());

describe('prepared list queries', () => {
  it('match quotes, backslashes and wildcards literally, the first time and when executed again', async () => {
    const repo = precosRepository(app.ctx.db);
    const buscar = (produtoNome: string) => repo.listar({ page: 0, size: 20, sortField: 'data', sortDir: 'desc', filters: { produtoNome } });
    for (let i = 0; i < 3; i++) {
      const r = await buscar("d'agua \\ 50%");
      expect(r.totalElements).toBe(1);
      expect(r.content.map((p) => p.produtoNome)).toEqual(["Pêra d'Água \\ 50%"]);
      expect((await buscar("d'agua \\ 5_%")).totalElements).toBe(0);
      expect((await buscar("'; DROP TABLE precos; --")).totalElements).toBe(0);
    }
    expect(await n(sql`SELECT count(*)::int AS n FROM precos`)).toBe(1);
    if (app.ctx.database.kind === 'pglite') {
      // On PGlite the statement stays prepared in the one session (on PostgreSQL each pooled connection has its own).
      expect(await n(sql`SELECT count(*)::int AS n FROM pg_prepared_statements WHERE name LIKE 'lista_%'`)).toBeGreaterThan(0);
    }
  });
});

describe('embedded database upkeep', () => {
  it('vacuums and analyses the tables with enough changed rows, as autovacuum would', async () => {
    // (On PostgreSQL the server's own autovacuum must not get there first.)
    await app.ctx.db.execute(sql`ALTER TABLE produto_grupo SET (autovacuum_enabled = false)`);
    await app.ctx.db.execute(sql`INSERT INTO produto_grupo (nome, un_padrao) SELECT 'Grupo ' || g, 'kg' FROM generate_series(1, 300) g`);
    // Statistics counters reach the shared view a moment after the transaction (at most ~1 s later).
    let tabelas: string[] = [];
    for (let i = 0; i < 40 && !tabelas.includes('public.produto_grupo'); i++) {
      await new Promise((r) => setTimeout(r, 250));
      tabelas = await manterPglite(app.ctx.db);
    }
    expect(tabelas).toContain('public.produto_grupo');
    expect(await n(sql`SELECT count(*)::int AS n FROM pg_stat_user_tables WHERE relname = 'produto_grupo' AND last_analyze IS NOT NULL`)).toBe(1);
    // Cleaned: nothing left to do for it.
    await new Promise((r) => setTimeout(r, 1200));
    expect(await manterPglite(app.ctx.db)).not.toContain('public.produto_grupo');
  }, 30_000);
});

describe('short "contains" totals', () => {
  it('come from the kept piece counts for one filter of up to three characters, and match the rows', async () => {
    const valor = (v: string) => contagemDeTrecho(precoList, { valor: v });
    expect(valor('1')).not.toBeNull();
    expect(valor(' 2,5 ')).not.toBeNull();
    expect(valor('12,5')).toBeNull(); // four characters: counted through the trigram index
    expect(valor(',5')).not.toBeNull();
    expect(contagemDeTrecho(precoList, { id: '7', data: '2026-11-20' })).toBeNull(); // two filters
    expect(contagemDeTrecho(precoList, { produtoNome: 'a' })).toBeNull(); // not a counted field
    for (const [v, esperado] of [['1', 1], [',5', 1], ['2,', 1], ['2,5', 1], ['9', 0], ['%', 0], ['9,9', 0]] as const) {
      expect(await n(sql`SELECT ${valor(v)} AS n`), v).toBe(esperado);
      const r = await precosRepository(app.ctx.db).listar({ page: 0, size: 20, filters: { valor: v } });
      expect([r.totalElements, r.content.length], v).toEqual([esperado, esperado]);
    }
  });
});
