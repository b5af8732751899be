import { createReadStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTAS, ROTAS_INICIAIS } from '@ceasa/shared';
import { buildApp } from '../src/app';
import { DERIVADAS, FORA_DO_BACKUP, restaurar } from '../src/db/backup';
import { COMO_TEXTO, openDatabase, type Database, type Db } from '../src/db/client';
import * as schema from '../src/db/schema';
import { bancoDescartavel, call, migracoesAte } from './helpers';

/**
 * Upgrades proven: `fixtures/demo-9059312.jsonl.gz` is `npm run backup` of the demo data
 * (`npm run seed:demo`, one market-year, trimmed to its last weeks: fixtures/README.md) written by the release at
 * commit 9059312 (migrations 0000-0023). It is restored into an empty database at that release's schema (its
 * migrations, which this release still carries unchanged), the current server opens it as at any start
 * (`openDatabase`: the newer migrations run) and then every table holds the fixture's rows, and the screens'
 * calls answer: the demo super-admin signs in with the old password, lists, the public quotation, a lot page.
 * On the embedded database in `npm test`, on PostgreSQL in `.ci/run` (DATABASE_URL).
 */
const FIXTURE = path.join(import.meta.dirname, 'fixtures', 'demo-9059312.jsonl.gz');
const ADMIN = { email: 'admin@ceasa.local', senha: 'Demo-antiga-2026' };

interface Fixture {
  migracoes: string[];
  contagens: Record<string, number>;
  linhas: Record<string, Record<string, unknown>[]>;
}

/** The fixture's header, its end mark's counts, and the rows of a few tables the checks name. */
async function lerFixture(tabelas: string[]): Promise<Fixture> {
  const f: Fixture = { migracoes: [], contagens: {}, linhas: {} };
  let tabela = '';
  for await (const l of createInterface({ input: createReadStream(FIXTURE).pipe(createGunzip()) })) {
    const v = JSON.parse(l) as unknown;
    if (Array.isArray(v)) {
      if (v[0] === 'CEASA-BACKUP') f.migracoes = (v[1] as { migracoes: string[] }).migracoes;
      else if (v[0] === 'TABELA') tabela = String(v[1]);
      else if (v[0] === 'FIM') f.contagens = v[1] as Record<string, number>;
    } else if (tabelas.includes(tabela)) (f.linhas[tabela] ??= []).push(v as Record<string, unknown>);
  }
  return f;
}

const fixture = lerFixture(['romaneio_itens', 'pessoa', 'romaneio', 'rotas']);
let app: FastifyInstance;
let database: Database;
let dataDir: string | undefined;
let limpar: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const f = await fixture;
  const antigas = migracoesAte(f.migracoes.length);
  try {
    const url = process.env.DATABASE_URL;
    if (url) {
      const banco = await bancoDescartavel(url, 'ceasa_t_atualizacao');
      limpar = banco.apagar;
      // The old release's schema, then its backup restored into it.
      const pool = new pg.Pool({ connectionString: banco.url, max: 2 });
      const db = drizzlePg(pool, { schema });
      await migratePg(db, { migrationsFolder: antigas });
      await restaurar({ db, kind: 'postgres', sozinho: (fn) => fn(), close: () => pool.end() }, FIXTURE);
      await pool.end();
      // The current server's start on it: its migrations run.
      database = await openDatabase({ databaseUrl: banco.url, dataDir: '', memoryDb: false });
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-atualizacao-'));
      const client = await PGlite.create(path.join(dataDir, 'pgdata'), { extensions: { unaccent, pg_trgm }, parsers: COMO_TEXTO });
      const db = drizzlePglite(client, { schema }) as unknown as Db;
      await migratePglite(db as never, { migrationsFolder: antigas });
      await restaurar({ db, kind: 'pglite', sozinho: (fn) => fn(), close: () => client.close() }, FIXTURE);
      await client.close();
      database = await openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false });
    }
  } finally {
    rmSync(antigas, { recursive: true, force: true });
  }
  app = await buildApp({ database, logger: false, web: false, config: { adminEmail: 'outro@teste.local', dataDir: dataDir ?? os.tmpdir() } });
  await app.ready();
}, 240_000);

afterAll(async () => {
  await app?.close();
  await database?.close();
  await limpar?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("an earlier release's database, upgraded", () => {
  it("keeps every table's rows", async () => {
    const f = await fixture;
    const diferentes: string[] = [];
    for (const [tabela, n] of Object.entries(f.contagens)) {
      if (FORA_DO_BACKUP.includes(tabela) || DERIVADAS.includes(tabela)) continue;
      const [{ agora }] = (await app.ctx.db.execute(sql`SELECT count(*)::int AS agora FROM ${sql.identifier(tabela)}`)).rows as { agora: number }[];
      if (Number(agora) !== n) diferentes.push(`${tabela}: ${n} → ${agora}`);
    }
    // The upgrade adds only the route names made since (the reference data at start): each a route, with the
    // permission rows the seeded groups get on it (group 3 every route; groups 1 and 2 as ROTAS_INICIAIS says).
    const antigas = new Set(f.linhas.rotas.map((r) => String(r.nome)));
    const novas = ROTAS.filter((r) => !antigas.has(r));
    expect(novas).toContain('backups');
    const permissoesNovas = novas.reduce((n, r) => {
      const g = ROTAS_INICIAIS[r] as { administrativo?: unknown; agronomia?: unknown };
      return n + 1 + (g.administrativo ? 1 : 0) + (g.agronomia ? 1 : 0);
    }, 0);
    expect(diferentes).toEqual([
      `rotas: ${f.contagens.rotas} → ${f.contagens.rotas + novas.length}`,
      `permissoes: ${f.contagens.permissoes} → ${f.contagens.permissoes + permissoesNovas}`,
    ]);
    expect(Object.keys(f.contagens).length).toBeGreaterThan(30);
  });

  it('answers the screens: the demo super-admin signs in with the old password, lists, the public quotation and a lot page', async () => {
    const f = await fixture;
    const entrada = await call(app, null, {
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: ADMIN.email, password: ADMIN.senha }).toString(),
    });
    expect(entrada.status, JSON.stringify(entrada.body)).toBe(200);
    const token = entrada.body.access_token as string;
    expect((await call(app, null, { method: 'GET', url: '/api/health/pronto' })).status).toBe(200);

    const pessoas = await call(app, token, { method: 'GET', url: '/api/pessoa?page=0&size=5' });
    expect(pessoas.status).toBe(200);
    expect(pessoas.body.totalElements).toBe(f.contagens.pessoa);
    const romaneios = await call(app, token, { method: 'POST', url: '/api/romaneio/searchRomaneio/desc/id?page=0&size=5', payload: {} });
    expect(romaneios.status, JSON.stringify(romaneios.body)).toBe(200);
    const maisNovo = Math.max(...f.linhas.romaneio.map((r) => Number(r.id)));
    expect(romaneios.body.content[0].id).toBe(maisNovo);
    const cotacao = await call(app, null, { method: 'POST', url: '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', payload: {} });
    expect(cotacao.status).toBe(200);
    expect(cotacao.body.content.length).toBeGreaterThan(0);

    // A lot printed by the old release opens its page with its producer.
    const item = f.linhas.romaneio_itens.find((i) => i.codigo_lote)!;
    const romaneio = f.linhas.romaneio.find((r) => r.id === item.romaneio_id)!;
    const produtor = f.linhas.pessoa.find((p) => p.id === romaneio.pessoa_id)!;
    const lote = await call(app, null, { method: 'GET', url: `/api/romaneio/lote/${item.codigo_lote}` });
    expect(lote.status, JSON.stringify(lote.body)).toBe(200);
    expect(JSON.stringify(lote.body)).toContain(String(produtor.nome));
  });
});
