/**
 * `npm run backup` / `npm run restore` as a user runs them: the real command line in its own process, on the
 * embedded database (a DATA_DIR) or, with DATABASE_URL, on PostgreSQL (throw-away databases on that server).
 * A restore into an empty target gives back every table's rows and every photo; over a non-empty one it is
 * refused unless --substituir; a cut file is refused and changes nothing.
 *
 * What is about the command line runs it (six runs): the backup (its summary, the photo folder, the file's mode
 * under umask 000), a restore into a target never opened (a new machine: the command creates and migrates the
 * database), the exit codes of a usage error and of an existing file, the refusal while a server uses the
 * database, and a failure's one pt-BR line. What is about the file's content (the refusals of a non-empty target,
 * of a cut, foreign or over-long file, and --substituir) calls `restaurar` in this process, the function the
 * command line calls and prints the refusal of as it is. Each run of the command line costs seconds (Node, the
 * tsx loader, the app's imports, the database), and this file was a third of the API suite's time with thirteen
 * (docs/testes.md, 'How long CI takes'). Other targets start from the run's migrated database.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase, type Database } from '../src/db/client';
import { DERIVADAS, ErroDeBackup, FORA_DO_BACKUP, MSG_CHAVES_NOVAS, fazerBackup, restaurar } from '../src/db/backup';
import { fotoPessoa } from '../src/db/schema';
import { fotoStorage } from '../src/db/fotos';
import { bancoDescartavel, call, templatePglite, tokenFor } from './helpers';

const raiz = path.resolve(import.meta.dirname, '../../..');
const urlServidor = process.env.DATABASE_URL;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ceasa-backup-'));
/** The removal of each throw-away database made on PostgreSQL. */
const criados: (() => Promise<void>)[] = [];

/** A target: its DATA_DIR (the embedded database) and, on PostgreSQL, a database of its own. */
interface Destino {
  dataDir: string;
  databaseUrl?: string;
}

/**
 * A new, empty target: migrated, a copy of the run's migrated database (helpers.ts `templatePglite`, or on
 * PostgreSQL the database global-setup.ts migrated), as a server's first start leaves it; or, `nuncaAberto`, a
 * DATA_DIR nothing opened yet (on PostgreSQL an empty database), which whoever opens it first creates and migrates.
 */
async function novoDestino({ nuncaAberto = false } = {}): Promise<Destino> {
  const dataDir = path.join(tmp, randomUUID().slice(0, 8));
  if (urlServidor) {
    const banco = await bancoDescartavel(urlServidor, 'ceasa_bk', nuncaAberto ? undefined : inject('bancoModelo'));
    criados.push(banco.apagar);
    return { dataDir, databaseUrl: banco.url };
  }
  if (!nuncaAberto) await (await novoAberto(dataDir)).close();
  return { dataDir };
}

const abrir = (d: Destino): Promise<Database> => openDatabase({ databaseUrl: d.databaseUrl, dataDir: d.dataDir, memoryDb: false });

/** The embedded database of a new target, a copy of the run's migrated one, open in this process. */
const novoAberto = async (dataDir: string): Promise<Database> => openDatabase({ databaseUrl: undefined, dataDir, memoryDb: false }, await templatePglite());

/** A new target (as novoDestino) and its database open in this process (one opening fewer on the embedded one). */
async function novoEAberto(): Promise<[Destino, Database]> {
  if (urlServidor) {
    const d = await novoDestino();
    return [d, await abrir(d)];
  }
  const dataDir = path.join(tmp, randomUUID().slice(0, 8));
  return [{ dataDir }, await novoAberto(dataDir)];
}

/**
 * The command line, as `npm run backup|restore -- ...` runs it, with the target's configuration, under umask 000
 * (the file a backup writes must still be the owner's alone): its exit code and what it printed (both streams).
 * Asynchronous, so this process (a server of test 4) keeps running meanwhile and runs that need nothing of
 * each other go side by side.
 */
function cli(d: Destino, ...args: string[]): Promise<{ status: number | null; saida: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn('/bin/sh', ['-c', 'umask 000 && exec "$0" "$@"', process.execPath, '--import', 'tsx', 'apps/api/src/db/backup-cli.ts', ...args], {
      cwd: raiz,
      env: { ...process.env, DATA_DIR: d.dataDir, DATABASE_URL: d.databaseUrl ?? '', LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 120_000,
    });
    let saida = '';
    p.stdout.setEncoding('utf8').on('data', (t: string) => (saida += t));
    p.stderr.setEncoding('utf8').on('data', (t: string) => (saida += t));
    p.on('error', reject);
    p.on('close', (status) => resolve({ status, saida }));
  });
}

/** The refusal (ErroDeBackup) a restore in this process ends with; what the command line prints of it is its message. */
async function recusa(database: Database, arquivo: string, o?: Parameters<typeof restaurar>[2]): Promise<string> {
  const e = await restaurar(database, arquivo, o).then(
    () => null,
    (x: unknown) => x,
  );
  expect(e).toBeInstanceOf(ErroDeBackup);
  return (e as ErroDeBackup).message;
}

/** Every table's rows (as JSON text, sorted) but the secrets a backup leaves out, so two databases compare whole. */
async function conteudoDe(database: Database): Promise<Record<string, string[]>> {
  const tabelas = (
    (await database.db.execute(sql`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows as { t: string }[]
  ).filter(({ t }) => !FORA_DO_BACKUP.includes(t));
  const r: Record<string, string[]> = {};
  for (const { t } of tabelas) {
    const linhas = (await database.db.execute(sql`SELECT to_jsonb(x)::text AS l FROM ${sql.identifier(t)} x ORDER BY 1`)).rows as { l: string }[];
    r[t] = linhas.map((x) => x.l);
  }
  return r;
}

/** The photos a target's database holds (name → bytes in base64). */
async function fotosDe(database: Database): Promise<Record<string, string>> {
  const r = await database.db.select().from(fotoPessoa);
  return Object.fromEntries(r.map((f) => [f.nome, f.dados.toString('base64')]));
}

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** The source's photos once its backup moved the folder's one into its database. */
const FOTOS_DA_ORIGEM = { '12345678909.png': PNG.toString('base64') };
let origem: Destino;
let noBackup: Record<string, string[]>;
let destino: Destino;
let arquivo: string;
/** Live secrets of the source, none of which may be in its backup. */
const segredos: Record<string, string[]> = {};
let hashDoAdmin: string;

beforeAll(async () => {
  // The source: reference data, an admin, records written through the API (with their audit rows and the
  // price summaries the database's triggers keep) and a photo kept where a version before decision 0103 kept
  // it (DATA_DIR/fotos/pessoas): the backup command moves it into the database first.
  const [o, database] = await novoEAberto();
  origem = o;
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
    // Live secrets: a signed-in session with its refresh token, a pending reset link (and its e-mail), the keys.
    const entrada = await call(app, null, {
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: 'admin@teste.local', password: 'admin-senha' }).toString(),
    });
    expect(entrada.status, JSON.stringify(entrada.body)).toBe(200);
    expect((await call(app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: 'admin@teste.local' } })).status).toBe(204);
    const valores = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)).rows as { v: string }[]).map((x) => x.v);
    segredos.token = [entrada.body.refresh_token, entrada.body.access_token];
    segredos.chaves = await valores(sql`SELECT privada->>'d' AS v FROM chaves`);
    segredos.cookies = await valores(sql`SELECT jsonb_array_elements_text(payload->'keys') AS v FROM oidc_modelo WHERE tipo = 'ChavesDeCookie'`);
    segredos.sessoes = await valores(sql`SELECT id::text AS v FROM sessoes`);
    segredos.refresh = await valores(sql`SELECT token_hash AS v FROM refresh_tokens`);
    segredos.reset = await valores(sql`SELECT token_hash AS v FROM reset_tokens`);
    segredos.email = await valores(sql`SELECT corpo AS v FROM outbox`);
    for (const [k, v] of Object.entries(segredos)) expect(v.length, k).toBeGreaterThan(0);
    [hashDoAdmin] = await valores(sql`SELECT senha_hash AS v FROM usuarios WHERE email = 'admin@teste.local'`);
    // An edited summary: a restore must rebuild it from the prices, not trust it.
    await database.db.execute(sql`UPDATE precos_resumo SET valor_medio = 999.99, valor_maximo = 999.99`);
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
  for (const apagar of criados) await apagar();
  rmSync(tmp, { recursive: true, force: true });
});

describe('backup and restore (the real command line)', () => {
  it('backs up every table and photo, and restores them whole into an empty target', async () => {
    const b = await cli(origem, 'backup', arquivo);
    expect(b.status, b.saida).toBe(0);
    expect(b.saida).toMatch(/Backup de .* gravado em .*: \d+ tabelas, [\d.]+ linhas, 1 foto\(s\)/);
    expect(b.saida).toContain('"seguranca":"backup"');
    // The photo moved from the folder into the database (the folder stays as a copy, read no more).
    expect(existsSync(path.join(origem.dataDir, 'fotos', 'pessoas'))).toBe(false);
    expect(readdirSync(path.join(origem.dataDir, 'fotos'))).toEqual(['pessoas.importadas']);
    // The restore into a target nothing opened yet runs while the source and the file are looked at here.
    destino = await novoDestino({ nuncaAberto: true });
    const restauracao = cli(destino, 'restaurar', arquivo);
    const naOrigem = await abrir(origem);
    try {
      noBackup = await conteudoDe(naOrigem);
      expect(await fotosDe(naOrigem)).toEqual(FOTOS_DA_ORIGEM);
    } finally {
      await naOrigem.close();
    }
    // The file is the owner's alone, and holds no live secret; the password hashes stay.
    expect(statSync(arquivo).mode & 0o777).toBe(0o600);
    const texto = gunzipSync(readFileSync(arquivo)).toString('utf8');
    for (const [k, v] of Object.entries(segredos)) for (const x of v) expect(texto.includes(x), `${k} no backup`).toBe(false);
    for (const t of [...FORA_DO_BACKUP, ...DERIVADAS]) expect(texto).not.toContain(JSON.stringify(['TABELA', t]));
    expect(texto).toContain(hashDoAdmin);

    const r = await restauracao;
    expect(r.status, r.saida).toBe(0);
    expect(r.saida).toContain('restaurado em');
    expect(r.saida).toContain('"seguranca":"restauracao"');
    expect(r.saida).toContain(MSG_CHAVES_NOVAS);

    const database = await abrir(destino);
    try {
      const depois = await conteudoDe(database);
      expect(Object.keys(depois)).toEqual(Object.keys(noBackup));
      // The summaries were rebuilt from the prices: the edited 999.99 is gone, the real 12.34 is back.
      expect(depois.precos_resumo.join()).not.toContain('999.99');
      expect(depois.precos_resumo.join()).toContain('"valor_maximo": 12.34');
      // The audit log holds the backup's rows and one more: the restore itself.
      const restauracaoNoLog = (l: string) => l.includes('"usuario": "npm run restore"');
      expect(depois.logs.filter(restauracaoNoLog)).toHaveLength(1);
      depois.logs = depois.logs.filter((l) => !restauracaoNoLog(l));
      for (const t of Object.keys(noBackup)) if (!DERIVADAS.includes(t)) expect(depois[t], t).toEqual(noBackup[t]);
      // No key, session or token came across: the next start makes new keys.
      for (const t of FORA_DO_BACKUP.filter((x) => x !== 'tentativas_de_entrada'))
        expect((await database.db.execute(sql`SELECT count(*)::int AS n FROM ${sql.identifier(t)}`)).rows[0], t).toEqual({ n: 0 });
      // Something real went across: the product, its price summary (a trigger-kept table) and the audit log.
      expect(depois.produto.join()).toContain('Alface Crespa');
      expect(depois.precos_resumo.length).toBeGreaterThan(0);
      expect(depois.logs.length).toBeGreaterThan(2);
      const noDestino = await fotosDe(database);
      expect(noDestino).toEqual(FOTOS_DA_ORIGEM);

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
    try {
      await fotoStorage(database.db).save('11111111111.png', PNG);
      const antes = await conteudoDe(database);

      const motivo = await recusa(database, arquivo);
      expect(motivo).toContain('O destino não está vazio');
      expect(motivo).toContain('2 foto(s)');
      expect(motivo).toContain('--substituir');
      expect(await conteudoDe(database)).toEqual(antes);

      await restaurar(database, arquivo, { substituir: true });
      const depois = await conteudoDe(database);
      for (const t of Object.keys(noBackup)) if (!DERIVADAS.includes(t)) expect(depois[t], t).toEqual(noBackup[t]);
      expect(depois).not.toEqual(antes);
      expect(await fotosDe(database)).toEqual(FOTOS_DA_ORIGEM);
    } finally {
      await database.close();
    }
  }, 180_000);

  it('refuses a cut or foreign file, and an existing output file, changing nothing', async () => {
    // The command line's own refusals come before it opens a database: they run meanwhile.
    const existente = cli(origem, 'backup', arquivo);
    const uso = cli(origem, 'backup');

    const texto = gunzipSync(readFileSync(arquivo)).toString('utf8').split('\n');
    const cortado = path.join(tmp, 'cortado.gz');
    writeFileSync(cortado, gzipSync(texto.slice(0, Math.floor(texto.length / 2)).join('\n')));
    const estranho = path.join(tmp, 'estranho.gz');
    writeFileSync(estranho, gzipSync('{"a":1}\n'));
    const [, database] = await novoEAberto();
    try {
      expect(await recusa(database, cortado)).toContain('Arquivo de backup incompleto');
      expect(await recusa(database, estranho)).toContain('não é um backup do CEASA Regional');
      // Nothing of the refused restores stayed: the target still counts as empty, so a plain restore goes through.
      expect((await restaurar(database, arquivo)).fotos).toBe(1);
    } finally {
      await database.close();
    }

    const e = await existente;
    expect(e.status, e.saida).toBe(1);
    expect(e.saida).toContain('já existe');
    const u = await uso;
    expect(u.status, u.saida).toBe(2);
    expect(u.saida).toContain('Uso: npm run backup');
  }, 180_000);
});

describe('a backup while the database is in use', () => {
  it('reads the database as it was when it began, while writes go on and are answered before it ends', async () => {
    const [destino, database] = await novoEAberto();
    const bloqueio = destino.databaseUrl ? new pg.Client({ connectionString: destino.databaseUrl }) : null;
    try {
      // Enough rows for many reads of the backup (2,000 rows each).
      await database.db.execute(sql`INSERT INTO logs (usuario, cadastro, cadastro_id, acao, conteudo)
        SELECT 'carga', 'teste', g::text, 'Inclusão', repeat('x', 200) FROM generate_series(1, 40000) g`);
      const eventos: string[] = [];
      let comecou = () => {};
      const jaLendo = new Promise<void>((ok) => (comecou = ok));
      const copia = database.copia;
      if (copia) {
        // The embedded database: the backup reads a copy of its files (Database.copia); the write goes once it is made.
        database.copia = async () => {
          const c = await copia();
          comecou();
          return c;
        };
      } else if (bloqueio) {
        // PostgreSQL: the backup's snapshot is taken, then it waits for a table another session holds; the write goes then.
        await bloqueio.connect();
        await bloqueio.query('BEGIN; LOCK TABLE municipio IN ACCESS EXCLUSIVE MODE');
      }
      const arquivoDaCarga = path.join(tmp, `carga-${randomUUID().slice(0, 8)}.jsonl.gz`);
      const backup = fazerBackup(database, arquivoDaCarga).then(() => eventos.push('backup'));
      if (bloqueio)
        for (;;) {
          const r = await bloqueio.query(`SELECT 1 FROM pg_locks WHERE NOT granted AND relation = 'municipio'::regclass`);
          if (r.rowCount) break;
          await new Promise((ok) => setTimeout(ok, 20));
        }
      else await jaLendo;
      await database.db.execute(sql`INSERT INTO logs (usuario, cadastro, cadastro_id, acao, conteudo) VALUES ('depois', 'teste', '0', 'Inclusão', '')`);
      eventos.push('gravação');
      await bloqueio?.query('COMMIT');
      await backup;
      // The write did not wait for the backup, and the file holds the database as it was when the backup began.
      expect(eventos).toEqual(['gravação', 'backup']);
      const doArquivo = gunzipSync(readFileSync(arquivoDaCarga))
        .toString('utf8')
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l) as { usuario?: string });
      expect(doArquivo.filter((l) => l.usuario === 'carga')).toHaveLength(40000);
      expect(doArquivo.filter((l) => l.usuario === 'depois')).toHaveLength(0);
      const [{ n }] = (await database.db.execute(sql`SELECT count(*)::int AS n FROM logs WHERE usuario = 'depois'`)).rows as { n: number }[];
      expect(n).toBe(1);
      // The copy's files are gone from DATA_DIR.
      if (copia) expect(readdirSync(destino.dataDir).filter((f) => f.startsWith('copia-para-backup-'))).toEqual([]);
    } finally {
      await bloqueio?.end().catch(() => undefined);
      await database.close();
    }
  }, 180_000);
});

describe('a restore that cannot go on', () => {
  it('is refused while a server uses the database or its folder, naming the server', async () => {
    const [alvo, database] = await novoEAberto();
    const app = await buildApp({ database, logger: false, web: false, config: { adminEmail: 'admin@teste.local', dataDir: alvo.dataDir } });
    await app.ready();
    try {
      const r = await cli(alvo, 'restaurar', arquivo, '--substituir');
      expect(r.status).toBe(1);
      expect(r.saida).toContain(urlServidor ? `do CEASA Regional (pid ${process.pid}` : `em uso pelo processo ${process.pid}`);
      expect(r.saida.trim().split('\n')).toHaveLength(1);
    } finally {
      await app.close();
      await database.close();
    }
  }, 180_000);

  it('fails in one pt-BR line that shows no value, and refuses an over-long line without reading it whole', async () => {
    // Two accounts with one e-mail: the database refuses the second; the message names the rule, not the rows.
    const texto = gunzipSync(readFileSync(arquivo)).toString('utf8').split('\n');
    const i = texto.findIndex((l) => l.includes(hashDoAdmin));
    const copia = JSON.parse(texto[i]);
    copia.id = randomUUID();
    const duplicado = [...texto.slice(0, i + 1), JSON.stringify(copia), ...texto.slice(i + 1)].join('\n');
    const fim = JSON.parse(texto.filter(Boolean).at(-1)!);
    fim[1].usuarios++;
    const comFim = duplicado.replace(/\n\["FIM".*\n?$/, `\n${JSON.stringify(fim)}\n`);
    const ruim = path.join(tmp, 'duplicado.gz');
    writeFileSync(ruim, gzipSync(comFim));
    const alvo = await novoDestino();
    const execucao = cli(alvo, 'restaurar', ruim);

    // A line of 70 MB (the file itself is small): refused as soon as it passes the limit.
    const longa = path.join(tmp, 'longa.gz');
    writeFileSync(longa, gzipSync(Buffer.concat([Buffer.from(`${texto[0]}\n["TABELA","municipio"]\n{"nome":"`), Buffer.alloc(70 * 1024 * 1024, 'a')])));

    const r = await execucao;
    expect(r.status).toBe(1);
    expect(r.saida.trim().split('\n')).toHaveLength(1);
    expect(r.saida).toContain('A restauração falhou na tabela usuarios: valor repetido onde deve ser único');
    expect(r.saida).not.toContain(hashDoAdmin);
    expect(r.saida).not.toContain('admin@teste.local');
    expect(r.saida).not.toMatch(/insert/i);

    const database = await abrir(alvo);
    try {
      expect(await recusa(database, longa)).toBe('Arquivo de backup inválido: uma linha passa de 64 MB.');
    } finally {
      await database.close();
    }
  }, 180_000);
});
