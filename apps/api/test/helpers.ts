import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, inject } from 'vitest';
import { compilarServidorSeMudou } from '../../../scripts/build-se-mudou.mjs';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { migrationsFolder, openDatabase, type Database } from '../src/db/client';
import { sessoes, usuarios } from '../src/db/schema';
import { alternativas, type Acesso } from '../src/plugins/auth';
import { bancoDescartavel } from './banco-descartavel';

/**
 * A fresh app on a fresh database for one test file: in-memory PGlite by default, or a
 * throw-away database on the server DATABASE_URL names (the same suite runs on both).
 */
export async function build(config: Partial<Config> = {}, opcoes: { destinoDoLog?: { write(linha: string): void } } = {}): Promise<FastifyInstance> {
  let database: Database;
  let drop: (() => Promise<void>) | undefined;
  const url = process.env.DATABASE_URL;
  if (url) {
    // A copy of the run's migrated database (test/global-setup.ts); the start's migrations then find nothing to do.
    const banco = await bancoDescartavel(url, 'ceasa_t', inject('bancoModelo'));
    database = await openDatabase({ databaseUrl: banco.url, dataDir: '', memoryDb: false });
    drop = banco.apagar;
  } else {
    database = await openDatabase({ databaseUrl: undefined, dataDir: '', memoryDb: true }, await templatePglite());
  }
  // Files (photos) go to a fresh folder per app unless the test names one; it goes away on close.
  const dataDirTemporario = config.dataDir ? undefined : mkdtempSync(path.join(os.tmpdir(), 'ceasa-teste-'));
  const app = await buildApp({
    database,
    logger: false,
    destinoDoLog: opcoes.destinoDoLog,
    web: false,
    config: {
      adminEmail: 'admin@teste.local',
      adminPassword: 'admin-senha',
      loginMaxAttempts: 5,
      // Test files register many accounts from inject's one address; test/abuso.test.ts checks the limit.
      registerMaxAccounts: 1000,
      dataDir: dataDirTemporario,
      ...Object.fromEntries(Object.entries(config).filter(([, v]) => v !== undefined)),
    },
  });
  app.addHook('onClose', async () => {
    await database.close();
    await drop?.();
    if (dataDirTemporario) rmSync(dataDirTemporario, { recursive: true, force: true });
  });
  await app.ready();
  return app;
}

/**
 * This release's migrations folder cut to its first `n` migrations (an earlier release's schema), in a new temporary
 * folder the caller removes: the SQL files and a journal that stops there.
 */
export function migracoesAte(n: number): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-migracoes-'));
  const jornal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] };
  mkdirSync(path.join(dir, 'meta'));
  for (const e of jornal.entries.slice(0, n)) cpSync(path.join(migrationsFolder, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  writeFileSync(path.join(dir, 'meta', '_journal.json'), JSON.stringify({ ...jornal, entries: jornal.entries.slice(0, n) }));
  return dir;
}

/**
 * A migrated, empty embedded database, dumped once per set of migrations and shared by the test files
 * through a file in the temp folder (written to a temp name, then renamed, so parallel workers are safe);
 * read once per worker. Only the SQL files and the journal decide the database (not the snapshots).
 */
let modelo: Promise<Blob> | undefined;
export function templatePglite(): Promise<Blob> {
  modelo ??= (async () => {
    const h = createHash('sha256');
    for (const f of readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
      if (f.endsWith('.sql') || f.endsWith('_journal.json')) h.update(f).update(readFileSync(path.join(migrationsFolder, f)));
    }
    const arquivo = path.join(os.tmpdir(), `ceasa-pglite-modelo-${h.digest('hex').slice(0, 16)}.tar`);
    if (!existsSync(arquivo)) {
      const d = await openDatabase({ databaseUrl: undefined, dataDir: '', memoryDb: true });
      const blob = await d.dump!();
      await d.close();
      const tmp = `${arquivo}.${process.pid}.${randomUUID().slice(0, 6)}`;
      writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
      renameSync(tmp, arquivo);
    }
    return new Blob([readFileSync(arquivo)]);
  })();
  return modelo;
}

export type Papel = 'user-admin' | 'user-agro' | 'super-admin';

/** A user with these roles and a signed access token for it (no password round trip). */
export async function tokenFor(app: FastifyInstance, roles: Papel[] | string[] = ['super-admin'], email?: string) {
  const e = email ?? `${roles.join('-') || 'sem-perfil'}-${randomUUID().slice(0, 6)}@teste.local`;
  const [u] = await app.ctx.db
    .insert(usuarios)
    .values({ nome: `Usuário ${roles.join(' ') || 'sem perfil'}`, email: e, senhaHash: 'x', roles: [...roles] })
    .returning();
  const [s] = await app.ctx.db
    .insert(sessoes)
    .values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) })
    .returning();
  return app.ctx.keys.sign({ sub: u.id, email: e, name: u.nome, sid: s.id, realm_access: { roles: [...roles] }, scope: 'openid api' });
}

export { tokenDoProdutor } from './produtor-do-portal';

/**
 * Whether only a producer's portal account may call a route (its access names no staff alternative, decision 0298):
 * the route table's walks call such a route with a producer's token, the others with staff's.
 */
export const soDoProdutor = (acesso: Acesso) => alternativas(acesso).every((a) => a === 'produtor');

/** One token per profile the tests use: super-admin, user-admin, user-agro and a user with no role. */
export async function tokensPorPapel(app: FastifyInstance) {
  return {
    admin: await tokenFor(app, ['super-admin']),
    userAdmin: await tokenFor(app, ['user-admin']),
    agro: await tokenFor(app, ['user-agro']),
    semPerfil: await tokenFor(app, []),
  };
}

type Tokens = Awaited<ReturnType<typeof tokensPorPapel>>;
type NomeToken = keyof Tokens;

/** The app of one test file and a token per profile, filled in by the helper's beforeAll. */
export type AppDeTeste = { readonly app: FastifyInstance } & Readonly<Tokens>;

/**
 * One fresh app (see build) for the test file that calls it at its top level: registers the
 * beforeAll that builds it and signs a token per profile (all of tokensPorPapel, or only those
 * named in `tokens`), and the afterAll that closes it. The file's own beforeAll hooks, registered
 * after this call, run after it and may use `t.app`. Reading `t.app` or a token before the hook ran,
 * or a token that was not asked for, throws rather than hand a test an undefined.
 */
export function appDeTeste(opcoes: { config?: Partial<Config>; tokens?: NomeToken[] } = {}): AppDeTeste {
  let app: FastifyInstance | undefined;
  const tokens: Partial<Tokens> = {};
  beforeAll(async () => {
    app = await build(opcoes.config);
    const papeis: Record<NomeToken, Papel[]> = { admin: ['super-admin'], userAdmin: ['user-admin'], agro: ['user-agro'], semPerfil: [] };
    for (const nome of opcoes.tokens ?? (Object.keys(papeis) as NomeToken[])) tokens[nome] = await tokenFor(app, papeis[nome]);
  });
  afterAll(() => app?.close());
  const token = (nome: NomeToken) => () => {
    const v = tokens[nome];
    if (v === undefined) throw new Error(`appDeTeste: o token '${nome}' não foi pedido ou o beforeAll ainda não rodou`);
    return v;
  };
  return Object.defineProperties({} as AppDeTeste, {
    app: {
      get() {
        if (!app) throw new Error('appDeTeste: o app só existe depois do beforeAll');
        return app;
      },
    },
    admin: { get: token('admin') },
    userAdmin: { get: token('userAdmin') },
    agro: { get: token('agro') },
    semPerfil: { get: token('semPerfil') },
  });
}

/** inject with a bearer token; returns status and parsed JSON body. */
export async function call(app: FastifyInstance, token: string | null, opts: InjectOptions) {
  const res = await app.inject({
    ...opts,
    headers: { ...(opts.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
  let body: any = undefined;
  try {
    body = res.body ? JSON.parse(res.body) : undefined;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body, headers: res.headers, raw: res };
}

/** Row count of a table, for "nothing changed after a refusal" checks. */
export async function countRows(app: FastifyInstance, table: string): Promise<number> {
  const r = await app.ctx.db.execute(`SELECT count(*)::int AS n FROM ${table}` as never);
  return Number((r.rows[0] as { n: number }).n);
}

/** A free TCP port on the loopback, for a real server a test starts. */
export function portaLivre(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });
}

/** A real server process and what it printed so far. */
export interface ServidorReal {
  processo: ChildProcess;
  /** Both streams, as printed. */
  saida: () => string;
  /** stdout alone (what a service's journal or a container's log keeps as the log). */
  stdout: () => string;
}

/** The compiled server `npm start` runs (its prestart compiles it when the sources changed: scripts/build-se-mudou.mjs). */
export const SERVIDOR_COMPILADO = 'apps/api/dist/server.mjs';

/**
 * The real server as `npm start` runs it (`node apps/api/dist/server.mjs`, compiled first if its sources
 * changed, so the PID held is the server's) on 127.0.0.1:`porta` with `env` over this process's environment;
 * resolves once /api/health answers (throws with its output if it exits or stays silent for 90 s).
 */
export async function iniciarServidor(porta: number, env: Record<string, string>): Promise<ServidorReal> {
  await compilarServidorSeMudou({ log: () => undefined });
  let saida = '';
  let stdout = '';
  const processo = spawn(process.execPath, [SERVIDOR_COMPILADO], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    env: { ...process.env, ...env, PORT: String(porta), HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  processo.stdout!.on('data', (c: Buffer) => {
    saida += c.toString();
    stdout += c.toString();
  });
  processo.stderr!.on('data', (c: Buffer) => (saida += c.toString()));
  const inicio = Date.now();
  for (;;) {
    if (processo.exitCode !== null) throw new Error(`O servidor terminou ao iniciar:\n${saida}`);
    const ok = await fetch(`http://127.0.0.1:${porta}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return { processo, saida: () => saida, stdout: () => stdout };
    if (Date.now() - inicio > 90_000) throw new Error(`O servidor não respondeu em 90 s:\n${saida}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export { bancoDescartavel };
