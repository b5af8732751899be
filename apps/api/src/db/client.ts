import { cpSync, existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import path from 'node:path';
import v8 from 'node:v8';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import type { Config } from '../config';
import * as schema from './schema';
import { medirPg, medirPglite } from './tempo-das-consultas';
import { travarPasta } from './trava-da-pasta';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0] | Db;

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
/**
 * A release's empty embedded database (the migrations applied, no rows): PGlite's data directory, closed, made when
 * the release is built (scripts/release.mjs, db/banco-inicial.ts); absent from a checkout. A first start copies its
 * files into an empty DATA_DIR and opens them as any later start does: PostgreSQL's initdb inside PGlite peaks near
 * 700 MB of resident memory, and unpacking a tarball into PGlite's heap (loadDataDir) near 260 MB
 * (docs/decisions/0270-banco-inicial-da-release.md).
 */
export const bancoInicial = path.join(path.dirname(fileURLToPath(import.meta.url)), 'banco-inicial');

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** PostgreSQL only: the connection string (the notices between servers open a connection of their own). */
  url?: string;
  /**
   * Runs `fn` alone among every server of this database (PostgreSQL: under a session advisory lock, so
   * two servers starting at the same moment migrate and seed one after the other; the embedded database
   * has one server only).
   */
  sozinho<T>(fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * PostgreSQL only: marks this process as a server of the database for as long as it runs (a shared advisory
   * lock on a connection of its own, named after the pid), so a restore is refused meanwhile. Returns its release.
   */
  servir?: () => Promise<() => Promise<void>>;
  /**
   * PostgreSQL only: the database for this process alone (the exclusive side of that lock), or the servers
   * using it (their connections' names, pid included). A server starting meanwhile waits for the release.
   */
  soParaMim?: () => Promise<{ ok: true; soltar: () => Promise<void> } | { ok: false; servidores: string[] }>;
  /** PGlite only: the whole data directory as a tarball. */
  dump?: () => Promise<Blob>;
  /**
   * PGlite only: a second database of this process opened on a copy of this one's files as they are now, for a
   * backup to read while the server goes on serving (the embedded database has one connection: a backup read through
   * it held every request for its whole length). The server's connection is held only while the files are copied.
   * `fechar` closes the copy and removes its files.
   */
  copia?: () => Promise<{ database: Database; fechar: () => Promise<void> }>;
}

/** The folders of DATA_DIR that hold copies for backups (copiaDoPglite); one a stopped process left is removed at the next start. */
const PREFIXO_DA_COPIA = 'copia-para-backup-';

// Calendar dates stay 'yyyy-mm-dd' strings and numerics stay exact strings on both drivers.
pg.types.setTypeParser(1082, (v) => v);

/**
 * Dates, timestamps and intervals (and their arrays) come back as text, as Drizzle's raw queries
 * give them; on PGlite set once for the database, since per query the option costs ~0.2 ms a call.
 */
export const COMO_TEXTO = Object.fromEntries([1082, 1114, 1184, 1186, 1182, 1115, 1185, 1187, 1231].map((oid) => [oid, (v: string) => v]));

/**
 * The embedded database's page cache, inside the server's own memory (PostgreSQL's default, 128MB, is
 * resident from the start: the server stood at ~450 MB at rest). The operating system's file cache keeps
 * the rest of the data a read away; the public answers are kept by the app (lib/respostas-em-cache.ts).
 * docs/decisions/0101-memoria-do-servidor-e-consultas-sem-nome.md.
 */
export const PGLITE_SHARED_BUFFERS = '16MB';

/** Opens the database the configuration names (PGlite by default) and applies the migrations. */
export async function openDatabase(
  config: Pick<Config, 'databaseUrl' | 'dataDir' | 'memoryDb'>,
  /** An embedded database to start from (a dump of a migrated one: tests start in ~0.4 s instead of ~2 s). */
  loadDataDir?: Blob,
): Promise<Database> {
  if (config.databaseUrl) {
    medirPg();
    const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 10 });
    // An idle connection the server drops (a restart, an administrator's termination, a database
    // dropped at the end of a test) is discarded by the pool and the next query opens another; without
    // this listener the error would end the process.
    pool.on('error', (e: Error & { code?: string }) => {
      if (e.code !== '57P01') console.error(`Conexão ociosa com o PostgreSQL perdida: ${e.message}`);
    });
    const db = drizzlePg(pool, { schema });
    const sozinho = <T>(fn: () => Promise<T>) => comTrava(pool, fn);
    await sozinho(() => migratePg(db, { migrationsFolder }));
    const url = config.databaseUrl;
    return { db, kind: 'postgres', url, sozinho, close: () => pool.end(), servir: () => servir(url), soParaMim: () => soParaMim(url) };
  }
  compilacaoEnxutaDoPglite();
  let dir: string | undefined;
  let soltar = () => undefined as void;
  if (!config.memoryDb) {
    dir = path.join(config.dataDir, 'pgdata');
    mkdirSync(dir, { recursive: true });
    // One process per folder: a second server, a backup or a restore on a folder in use is refused.
    soltar = travarPasta(config.dataDir);
    for (const f of readdirSync(config.dataDir)) if (f.startsWith(PREFIXO_DA_COPIA)) rmSync(path.join(config.dataDir, f), { recursive: true, force: true });
    if (!loadDataDir && readdirSync(dir).length === 0 && existsSync(bancoInicial)) {
      // Copied beside it and renamed: a first start stopped midway leaves no half database behind.
      const copia = `${dir}.copiando`;
      rmSync(copia, { recursive: true, force: true });
      cpSync(bancoInicial, copia, { recursive: true });
      rmdirSync(dir);
      renameSync(copia, dir);
    }
  }
  try {
    const client = await abrirPglite(dir, loadDataDir);
    medirPglite(client);
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    await migratePglite(db as never, { migrationsFolder });
    const close = () => client.close().finally(soltar);
    const dataDir = config.memoryDb ? undefined : config.dataDir;
    return { db, kind: 'pglite', sozinho: (fn) => fn(), close, dump: () => client.dumpDataDir('none'), copia: () => copiaDoPglite(client, dataDir) };
  } catch (e) {
    soltar();
    throw e;
  }
}

const abrirPglite = (dir: string | undefined, loadDataDir?: Blob) =>
  PGlite.create(dir, {
    extensions: { unaccent, pg_trgm },
    parsers: COMO_TEXTO,
    loadDataDir,
    startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
  });

/**
 * Database.copia of the embedded database. In a folder: a checkpoint (the data files then hold every commit, so the
 * copy opens with nothing to replay), then the folder's files copied into DATA_DIR (the service's writable place, the
 * same disk) while no query runs, which is a state PostgreSQL recovers from as after a power cut (each commit is in
 * the log before its query returns). In memory (the tests): PGlite's own dump, loaded into a second one in memory.
 */
async function copiaDoPglite(client: PGlite, dataDir: string | undefined): Promise<{ database: Database; fechar: () => Promise<void> }> {
  let pasta: string | undefined;
  let copia: PGlite;
  try {
    if (dataDir) {
      await client.exec('CHECKPOINT');
      pasta = await mkdtemp(path.join(dataDir, PREFIXO_DA_COPIA));
      const destino = path.join(pasta, 'pgdata');
      await client.runExclusive(() => cp(path.join(dataDir, 'pgdata'), destino, { recursive: true }));
      copia = await abrirPglite(destino);
    } else copia = await abrirPglite(undefined, await client.dumpDataDir('none'));
  } catch (e) {
    if (pasta) await rm(pasta, { recursive: true, force: true });
    throw e;
  }
  const fechar = async () => {
    await copia.close().catch(() => undefined);
    if (pasta) await rm(pasta, { recursive: true, force: true });
  };
  const database: Database = { db: drizzlePglite(copia, { schema }) as unknown as Db, kind: 'pglite', sozinho: (fn) => fn(), close: fechar };
  return { database, fechar };
}

/**
 * How V8 optimises the embedded database's WebAssembly (PostgreSQL compiled to 9 MB of it), set before its
 * first compilation (docs/decisions/0112-memoria-e-vazao-do-publico.md): the optimising compiler (TurboFan)
 * works on one background thread instead of one per core, and a function is optimised after ten times V8's
 * default execution budget. The start (migrations, reference data) no longer has the optimiser recompile
 * hundreds of functions in parallel: each thread's compile memory stays with the C allocator once freed,
 * ~40-50 MB of resident memory for good. Functions a running server calls often (the queries) are still
 * optimised, a little later. Each function is compiled when first called (lazy compilation), so the code of
 * the many PostgreSQL functions a server never calls is never made (~15 MB). `--liftoff-only` (never optimise) saved more but made CPU-heavy queries
 * 1.5-1.8x slower. Process-wide flags of WebAssembly code only, which only PGlite uses.
 */
export const FLAGS_WASM_DO_PGLITE = ['--wasm-lazy-compilation', '--wasm-num-compilation-tasks=1', '--wasm-tiering-budget=18000000'];
let flagsAplicadas = false;
function compilacaoEnxutaDoPglite() {
  if (flagsAplicadas) return;
  flagsAplicadas = true;
  for (const f of FLAGS_WASM_DO_PGLITE) v8.setFlagsFromString(f);
}

/** The key of the advisory lock every server takes to start (migrations, reference data, signing key). */
export const TRAVA_DO_INICIO = 0x0cea5a;

/**
 * `fn` under PostgreSQL's session advisory lock TRAVA_DO_INICIO, held on a connection of its own: another
 * server waits for it; a server that dies holding it frees it with its connection.
 */
async function comTrava<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const c = await pool.connect();
  try {
    await c.query('SELECT pg_advisory_lock($1)', [TRAVA_DO_INICIO]);
    try {
      return await fn();
    } finally {
      await c.query('SELECT pg_advisory_unlock($1)', [TRAVA_DO_INICIO]);
    }
  } finally {
    c.release();
  }
}

/** The advisory lock every running server holds shared and a restore takes exclusive. */
export const TRAVA_DOS_SERVIDORES = 0x0cea5b;
/** The advisory lock a backup of the schedule or of the 'Backups' screen holds while it writes (modules/backups). */
export const TRAVA_DO_BACKUP = 0x0cea5c;
/** The name (application_name) of a server's connection that holds TRAVA_DOS_SERVIDORES; the pid follows it. */
export const NOME_DO_SERVIDOR = 'ceasa-servidor';

async function servir(url: string): Promise<() => Promise<void>> {
  const c = new pg.Client({ connectionString: url, application_name: `${NOME_DO_SERVIDOR} pid ${process.pid}` });
  c.on('error', () => undefined);
  await c.connect();
  await c.query('SELECT pg_advisory_lock_shared($1)', [TRAVA_DOS_SERVIDORES]);
  return () => c.end().catch(() => undefined);
}

async function soParaMim(url: string) {
  const c = new pg.Client({ connectionString: url });
  c.on('error', () => undefined);
  await c.connect();
  const [{ ok }] = (await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [TRAVA_DOS_SERVIDORES])).rows;
  if (ok) return { ok: true as const, soltar: () => c.end().catch(() => undefined) };
  const r = await c.query<{ nome: string; onde: string | null }>(
    `SELECT application_name AS nome, client_addr::text AS onde FROM pg_stat_activity
      WHERE datname = current_database() AND application_name LIKE $1 ORDER BY backend_start`,
    [`${NOME_DO_SERVIDOR} pid %`],
  );
  await c.end().catch(() => undefined);
  const servidores = r.rows.map((x) => `${x.nome.slice(NOME_DO_SERVIDOR.length + 1)}${x.onde ? ` em ${x.onde.replace(/\/\d+$/, '')}` : ''}`);
  return { ok: false as const, servidores };
}

/**
 * PGlite runs no autovacuum: without it the planner's statistics and the visibility map (what lets
 * the lists' index-only scans skip the table) would stay as the last explicit VACUUM left them.
 * This does what autovacuum would, with its default thresholds: VACUUM (ANALYZE) each table with
 * enough changed rows since. Returns the tables it cleaned. The server calls it every few minutes.
 * A table's size is the catalogue's (`pg_class.reltuples`, kept by VACUUM and ANALYZE), as autovacuum
 * reads it, and not the activity statistics' `n_live_tup`: PGlite writes no statistics file when it closes,
 * so after every start each counter is zero, and a table of a million rows looked empty until its first
 * upkeep. Fifty changes after a start then had the whole table vacuumed and analysed: seconds of the
 * server's only thread on ten market-years, and the memory an ANALYZE of the trigram statistics takes
 * (docs/decisions/0219-manutencao-do-pglite-pelo-catalogo.md). The counters of changes still start at zero
 * with each process, as PostgreSQL's do after a crash.
 */
export async function manterPglite(db: Db): Promise<string[]> {
  const r = await db.execute(sql`
    SELECT format('%I.%I', s.schemaname, s.relname) AS tabela
    FROM pg_stat_user_tables s JOIN pg_class c ON c.oid = s.relid,
      LATERAL (SELECT greatest(c.reltuples, 0) AS linhas) t
    WHERE s.n_mod_since_analyze > 50 + 0.1 * t.linhas
       OR s.n_dead_tup > 50 + 0.2 * t.linhas
       OR s.n_ins_since_vacuum > 1000 + 0.2 * t.linhas`);
  const tabelas = (r.rows as { tabela: string }[]).map((x) => x.tabela);
  for (const t of tabelas) await db.execute(sql.raw(`VACUUM (ANALYZE) ${t}`));
  return tabelas;
}
