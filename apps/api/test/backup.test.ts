/**
 * `npm run backup` / `npm run restore` as a user runs them: the real command line in its own process, on the
 * embedded database (a DATA_DIR) or, with DATABASE_URL, on PostgreSQL (throw-away databases on that server).
 * A restore into an empty target gives back every table's rows and every photo; over a non-empty one it is
 * refused unless --substituir; a cut file is refused and changes nothing.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { fotoPessoa } from '../src/db/schema';
import { fotoStorage } from '../src/modules/ftp/ftp.service';
import { call, tokenFor } from './helpers';

const raiz = path.resolve(import.meta.dirname, '../../..');
const urlServidor = process.env.DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ceasa-backup-'));
const criados: string[] = [];

/** A target: its DATA_DIR (the embedded database) and, on PostgreSQL, a database of its own. */
interface Destino {
  dataDir: string;
  databaseUrl?: string;
}

async function novoDestino(): Promise<Destino> {
  const dataDir = path.join(tmp, randomUUID().slice(0, 8));
  if (!urlServidor) return { dataDir };
  const nome = `ceasa_bk_${process.pid}_${randomUUID().slice(0, 8)}`;
  const c = new pg.Client({ connectionString: urlServidor });
  await c.connect();
  await c.query(`CREATE DATABASE ${nome}`);
  await c.end();
  criados.push(nome);
  const u = new URL(urlServidor);
  u.pathname = `/${nome}`;
  return { dataDir, databaseUrl: u.toString() };
}

const abrir = (d: Destino): Promise<Database> => openDatabase({ databaseUrl: d.databaseUrl, dataDir: d.dataDir, memoryDb: false });

/** The command line, as `npm run backup|restore -- ...` runs it, with the target's configuration. */
function cli(d: Destino, ...args: string[]) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/db/backup-cli.ts', ...args], {
    cwd: raiz,
    encoding: 'utf8',
    env: { ...process.env, DATA_DIR: d.dataDir, DATABASE_URL: d.databaseUrl ?? '', LOG_LEVEL: 'warn' },
    timeout: 120_000,
  });
  return { status: r.status, saida: `${r.stdout}${r.stderr}` };
}

/** Every table's rows (as JSON text, sorted), so two databases compare whole. */
async function conteudoDe(database: Database): Promise<Record<string, string[]>> {
  const tabelas = (await database.db.execute(sql`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows as { t: string }[];
  const r: Record<string, string[]> = {};
  for (const { t } of tabelas) {
    const linhas = (await database.db.execute(sql`SELECT to_jsonb(x)::text AS l FROM ${sql.identifier(t)} x ORDER BY 1`)).rows as { l: string }[];
    r[t] = linhas.map((x) => x.l);
  }
  return r;
}

async function conteudo(d: Destino): Promise<Record<string, string[]>> {
  const database = await abrir(d);
  try {
    return await conteudoDe(database);
  } finally {
    await database.close();
  }
}

/** The photos a target's database holds (name → bytes in base64). */
async function fotosDe(database: Database): Promise<Record<string, string>> {
  const r = await database.db.select().from(fotoPessoa);
  return Object.fromEntries(r.map((f) => [f.nome, f.dados.toString('base64')]));
}
async function fotos(d: Destino): Promise<Record<string, string>> {
  const database = await abrir(d);
  try {
    return await fotosDe(database);
  } finally {
    await database.close();
  }
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
let origem: Destino;
let noBackup: Record<string, string[]>;
let destino: Destino;
let arquivo: string;

beforeAll(async () => {
  // The source: reference data, an admin, records written through the API (with their audit rows and the
  // price summaries the database's triggers keep) and a photo kept where a version before decision 0103 kept
  // it (DATA_DIR/fotos/pessoas): the backup command moves it into the database first.
  origem = await novoDestino();
  const database = await abrir(origem);
  const app = await buildApp({
    database,
    logger: false,
    web: false,
    config: { adminEmail: 'admin@teste.local', adminPassword: 'admin-senha', dataDir: origem.dataDir },
  });
  await app.ready();
  try {
    const token = await tokenFor(app, ['super-admin']);
    const grupo = await call(app, token, { method: 'POST', url: '/api/produtoGrupo', payload: { nome: 'Folhosas Ç', unPadrao: 'KG' } });
    expect(grupo.status, JSON.stringify(grupo.body)).toBe(201);
    const produto = await call(app, token, {
      method: 'POST',
      url: '/api/produto',
      payload: { nome: 'Alface Crespa', embalagem: 'CX 10kg', pesoEmKg: 10, produtoGrupoId: grupo.body.id, status: 'Ativo' },
    });
    expect(produto.status, JSON.stringify(produto.body)).toBe(201);
    const preco = await call(app, token, {
      method: 'POST',
      url: '/api/precos',
      payload: { produtoId: produto.body.id, data: '2026-03-02', valor: 12.34 },
    });
    expect(preco.status, JSON.stringify(preco.body)).toBe(201);
    const municipio = await call(app, token, { method: 'POST', url: '/api/municipio', payload: { nome: 'João Lisboa', sigla: 'MA' } });
    expect(municipio.status).toBe(201);
    noBackup = await conteudoDe(database);
  } finally {
    await app.close();
    await database.close();
  }
  const dirFotos = path.join(origem.dataDir, 'fotos', 'pessoas');
  rmSync(dirFotos, { recursive: true, force: true });
  mkdirSync(dirFotos, { recursive: true });
  writeFileSync(path.join(dirFotos, '12345678909.png'), PNG);
  arquivo = path.join(tmp, 'ceasa.backup.gz');
}, 120_000);

afterAll(async () => {
  if (urlServidor && criados.length) {
    const c = new pg.Client({ connectionString: urlServidor });
    await c.connect();
    for (const nome of criados) await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
    await c.end();
  }
  rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore (the real command line)', () => {
  it('backs up every table and photo, and restores them whole into an empty target', async () => {
    const b = cli(origem, 'backup', arquivo);
    expect(b.status, b.saida).toBe(0);
    expect(b.saida).toMatch(/Backup de .* gravado em .*: \d+ tabelas, [\d.]+ linhas, 1 foto\(s\)/);
    // The photo moved from the folder into the database (the folder stays as a copy, read no more).
    expect(existsSync(path.join(origem.dataDir, 'fotos', 'pessoas'))).toBe(false);
    expect(readdirSync(path.join(origem.dataDir, 'fotos'))).toEqual(['pessoas.importadas']);
    noBackup = await conteudo(origem);
    expect(await fotos(origem)).toEqual({ '12345678909.png': PNG.toString('base64') });

    destino = await novoDestino();
    const r = cli(destino, 'restaurar', arquivo);
    expect(r.status, r.saida).toBe(0);
    expect(r.saida).toContain('restaurado em');

    const database = await abrir(destino);
    try {
      const depois = await conteudoDe(database);
      expect(Object.keys(depois)).toEqual(Object.keys(noBackup));
      for (const t of Object.keys(noBackup)) expect(depois[t], t).toEqual(noBackup[t]);
      // Something real went across: the product, its price summary (a trigger-kept table) and the audit log.
      expect(depois.produto.join()).toContain('Alface Crespa');
      expect(depois.precos_resumo.length).toBeGreaterThan(0);
      expect(depois.logs.length).toBeGreaterThan(2);
      const noDestino = await fotosDe(database);
      expect(noDestino).toEqual({ '12345678909.png': PNG.toString('base64') });

      // The restored database keeps working: new ids continue after the restored ones.
      const app = await buildApp({ database, logger: false, web: false, config: { adminEmail: 'admin@teste.local', dataDir: destino.dataDir } });
      await app.ready();
      const token = await tokenFor(app, ['super-admin']);
      const m = await call(app, token, { method: 'POST', url: '/api/municipio', payload: { nome: 'Imperatriz', sigla: 'MA' } });
      expect(m.status, JSON.stringify(m.body)).toBe(201);
      await app.close();
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses to restore over a non-empty target unless --substituir, and then replaces it', async () => {
    // The target of the first test now holds a municipality more; add a photo more.
    const database = await abrir(destino);
    await fotoStorage(database.db).save('11111111111.png', PNG);
    await database.close();
    const antes = await conteudo(destino);

    const recusa = cli(destino, 'restaurar', arquivo);
    expect(recusa.status).toBe(1);
    expect(recusa.saida).toContain('O destino não está vazio');
    expect(recusa.saida).toContain('2 foto(s)');
    expect(recusa.saida).toContain('--substituir');

    const r = cli(destino, 'restaurar', arquivo, '--substituir');
    expect(r.status, r.saida).toBe(0);
    const depois = await conteudo(destino);
    expect(depois).toEqual(noBackup);
    expect(depois).not.toEqual(antes);
    expect(await fotos(destino)).toEqual(await fotos(origem));
    expect(Object.keys(await fotos(destino))).toEqual(['12345678909.png']);
  }, 180_000);

  it('refuses a cut or foreign file, and an existing output file, changing nothing', async () => {
    const texto = gunzipSync(readFileSync(arquivo)).toString('utf8').split('\n');
    const cortado = path.join(tmp, 'cortado.gz');
    writeFileSync(cortado, gzipSync(texto.slice(0, Math.floor(texto.length / 2)).join('\n')));
    const vazio = await novoDestino();
    const r = cli(vazio, 'restaurar', cortado);
    expect(r.status).toBe(1);
    expect(r.saida).toContain('Arquivo de backup incompleto');

    const estranho = path.join(tmp, 'estranho.gz');
    writeFileSync(estranho, gzipSync('{"a":1}\n'));
    const e = cli(vazio, 'restaurar', estranho);
    expect(e.status).toBe(1);
    expect(e.saida).toContain('não é um backup do CEASA Regional');

    // Nothing of the refused restores stayed: the target still counts as empty, so a plain restore goes through.
    const ok = cli(vazio, 'restaurar', arquivo);
    expect(ok.status, ok.saida).toBe(0);

    const existente = cli(origem, 'backup', arquivo);
    expect(existente.status).toBe(1);
    expect(existente.saida).toContain('já existe');
    expect(cli(origem, 'backup').status).toBe(2);
  }, 180_000);
});
