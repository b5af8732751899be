import { createReadStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROTAS, ROTAS_INICIAIS } from '@ceasa/shared';
import { buildApp } from '../src/app';
import { DERIVADAS, FORA_DO_BACKUP, restaurar } from '../src/db/backup';
import { openDatabase, type Database } from '../src/db/client';
import { bancoDescartavel, call } from './helpers';

/**
 * Upgrades proven, from two earlier releases: each `fixtures/demo-*.jsonl.gz` is `npm run backup` of the demo data
 * (`npm run seed:demo`, one market-year, trimmed to its last weeks: fixtures/README.md) written by that release, at
 * commit 9059312 (migrations 0000-0023) and at commit b33376d (0000-0036). Each is restored by `restaurar` (what
 * `npm run restore` runs) into this release's empty database of its own, which takes the schema back to that
 * release's (its migrations, which this release still carries unchanged), loads the rows and applies the newer
 * migrations; then every table holds the fixture's rows, and the screens' calls answer: the demo super-admin signs
 * in with that release's password, lists, the public quotation, a lot page.
 * On the embedded database in `npm test`, on PostgreSQL in `.ci/run` (DATABASE_URL): a disposable database each.
 */
interface Versao {
  /** The release's commit, as fixtures/README.md names it. */
  commit: string;
  arquivo: string;
  /** How many migrations that release had (its backup's header lists them). */
  migracoes: number;
  /** A route name made since that release (reference data added at start). */
  rotaNova: string;
  admin: { email: string; senha: string };
}
const VERSOES: Versao[] = [
  { commit: '9059312', arquivo: 'demo-9059312.jsonl.gz', migracoes: 24, rotaNova: 'backups', admin: { email: 'admin@ceasa.local', senha: 'Demo-antiga-2026' } },
  {
    commit: 'b33376d',
    arquivo: 'demo-b33376d.jsonl.gz',
    migracoes: 37,
    rotaNova: 'titular',
    admin: { email: 'admin@ceasa.local', senha: 'Demo-b33376d-2026' },
  },
];

interface Fixture {
  migracoes: string[];
  contagens: Record<string, number>;
  linhas: Record<string, Record<string, unknown>[]>;
}

/** The fixture's header, its end mark's counts, and the rows of a few tables the checks name. */
async function lerFixture(arquivo: string, tabelas: string[]): Promise<Fixture> {
  const f: Fixture = { migracoes: [], contagens: {}, linhas: {} };
  let tabela = '';
  for await (const l of createInterface({ input: createReadStream(arquivo).pipe(createGunzip()) })) {
    const v = JSON.parse(l) as unknown;
    if (Array.isArray(v)) {
      if (v[0] === 'CEASA-BACKUP') f.migracoes = (v[1] as { migracoes: string[] }).migracoes;
      else if (v[0] === 'TABELA') tabela = String(v[1]);
      else if (v[0] === 'FIM') f.contagens = v[1] as Record<string, number>;
    } else if (tabelas.includes(tabela)) (f.linhas[tabela] ??= []).push(v as Record<string, unknown>);
  }
  return f;
}

describe.each(VERSOES)('the database of the release at $commit, upgraded', (versao) => {
  const FIXTURE = path.join(import.meta.dirname, 'fixtures', versao.arquivo);
  const ADMIN = versao.admin;
  let fixture: Promise<Fixture>;
  let app: FastifyInstance;
  let database: Database;
  let dataDir: string | undefined;
  let limpar: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    fixture = lerFixture(FIXTURE, ['romaneio_itens', 'pessoa', 'romaneio', 'rotas']);
    // `npm run restore` of the earlier release's backup into this release's (empty, migrated) database: the restore
    // takes the schema back to that release's, loads the rows, then applies the migrations it did not have.
    const url = process.env.DATABASE_URL;
    if (url) {
      const banco = await bancoDescartavel(url, `ceasa_t_atualizacao_${versao.commit}`);
      limpar = banco.apagar;
      database = await openDatabase({ databaseUrl: banco.url, dataDir: '', memoryDb: false });
    } else {
      dataDir = mkdtempSync(path.join(os.tmpdir(), `ceasa-atualizacao-${versao.commit}-`));
      database = await openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false });
    }
    await restaurar(database, FIXTURE);
    app = await buildApp({ database, logger: false, web: false, config: { adminEmail: 'outro@teste.local', dataDir: dataDir ?? os.tmpdir() } });
    await app.ready();
  }, 240_000);

  afterAll(async () => {
    await app?.close();
    await database?.close();
    await limpar?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("is that release's backup, and keeps every table's rows", async () => {
    const f = await fixture;
    expect(f.migracoes).toHaveLength(versao.migracoes);
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
    expect(novas).toContain(versao.rotaNova);
    const permissoesNovas = novas.reduce((n, r) => {
      const g = ROTAS_INICIAIS[r] as { administrativo?: unknown; agronomia?: unknown };
      return n + 1 + (g.administrativo ? 1 : 0) + (g.agronomia ? 1 : 0);
    }, 0);
    // And the encarregado's group (number 4, free in those releases), made at start with its one permission (titular).
    expect(diferentes.sort()).toEqual(
      [
        `grupo_permissoes: ${f.contagens.grupo_permissoes} → ${f.contagens.grupo_permissoes + 1}`,
        `rotas: ${f.contagens.rotas} → ${f.contagens.rotas + novas.length}`,
        `permissoes: ${f.contagens.permissoes} → ${f.contagens.permissoes + permissoesNovas + 1}`,
      ].sort(),
    );
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

  it('refuses then a backup of a later release in pt-BR, naming both versions, and changes nothing', async () => {
    const tmp = mkdtempSync(path.join(os.tmpdir(), 'ceasa-futuro-'));
    try {
      // This fixture's header with one migration this release does not have.
      const linhas = gunzipSync(readFileSync(FIXTURE)).toString('utf8').split('\n');
      const [marca, meta] = JSON.parse(linhas[0]) as [string, { migracoes: string[] }];
      const aqui = (await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`)).rows[0] as { n: number };
      const futuras = [...meta.migracoes, ...Array.from({ length: Number(aqui.n) - meta.migracoes.length + 1 }, (_, i) => `futura${i}`)];
      linhas[0] = JSON.stringify([marca, { ...meta, migracoes: futuras, ultimaMigracao: '0099_futura' }]);
      const arquivo = path.join(tmp, 'futuro.jsonl.gz');
      writeFileSync(arquivo, gzipSync(linhas.join('\n')));
      const antes = (await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pessoa`)).rows[0];
      const e = await restaurar(database, arquivo, { substituir: true }).catch((x: unknown) => x);
      expect((e as Error).message).toMatch(
        new RegExp(
          `^O backup foi feito por uma versão mais nova do sistema \\(${futuras.length} migrações, a última 0099_futura\\) do que esta \\(${aqui.n} migrações, a última \\d{4}_[a-z_]+\\): restaure-o com aquela versão ou uma mais nova\\.$`,
        ),
      );
      expect((await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM pessoa`)).rows[0]).toEqual(antes);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});
