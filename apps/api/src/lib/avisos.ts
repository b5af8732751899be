import { randomUUID } from 'node:crypto';
import pg from 'pg';

/** Notices between servers: a change on one server reaches every server of the same database within a second. */
export interface Avisos {
  /** Tells every server (this one included) that `canal` changed; `carga` is an optional short text. */
  avisar(canal: string, carga?: string): Promise<void>;
  /** Calls `fn` whenever any server says `canal` changed; returns a function that stops listening. */
  ouvir(canal: string, fn: (carga?: string) => void): () => void;
}

/** What the app keeps: the notices, and how to stop them when it closes. */
export interface AvisosDoApp extends Avisos {
  fechar(): Promise<void>;
}

/** The one PostgreSQL channel every notice travels on (the app's channel goes in the payload). */
export const CANAL_PG = 'ceasa_avisos';
/** The listening connection's name in pg_stat_activity (an operator sees it; a test drops it). */
export const NOME_DA_CONEXAO = 'ceasa-avisos';
/** NOTIFY's payload is at most 8000 bytes; a notice is a name and a short text. */
const CARGA_MAXIMA = 7000;
/** Waits between attempts to listen again after the connection dropped (ms): doubling, capped. */
const ESPERA_INICIAL_MS = 100;
const ESPERA_MAXIMA_MS = 5_000;

type Ouvinte = (carga?: string) => void;
interface Log {
  warn(msg: string): void;
  info?(msg: string): void;
}

/** The listeners of one process, by channel; each call is isolated (one failing listener does not stop the rest). */
function ouvintes(log: Log) {
  const porCanal = new Map<string, Set<Ouvinte>>();
  return {
    ouvir(canal: string, fn: Ouvinte) {
      let s = porCanal.get(canal);
      if (!s) porCanal.set(canal, (s = new Set()));
      s.add(fn);
      return () => {
        s.delete(fn);
        if (!s.size) porCanal.delete(canal);
      };
    },
    chamar(canal: string, carga?: string) {
      for (const fn of [...(porCanal.get(canal) ?? [])]) {
        try {
          fn(carga);
        } catch (e) {
          log.warn(`Ouvinte do aviso '${canal}' falhou: ${(e as Error).message}`);
        }
      }
    },
    /** Every channel at once, with no payload: "anything may have changed" (after notices may have been missed). */
    todos() {
      for (const canal of [...porCanal.keys()]) this.chamar(canal);
    },
  };
}

/** One process (the embedded database: one server only): the notices stay in it. */
export function avisosLocais(log: Log = { warn: console.warn }): AvisosDoApp {
  const o = ouvintes(log);
  return {
    async avisar(canal, carga) {
      o.chamar(canal, carga);
    },
    ouvir: (canal, fn) => o.ouvir(canal, fn),
    async fechar() {},
  };
}

/**
 * PostgreSQL: `LISTEN ceasa_avisos` on a connection of its own (a pooled one would be handed to queries), and
 * `pg_notify` through any connection. A notice reaches this server's listeners at once (not after the round
 * trip) and the other servers' when PostgreSQL delivers it; this server ignores its own echo. Should the
 * listening connection drop, it connects again (100 ms doubling up to 5 s) and then calls every listener
 * without a payload, since notices sent meanwhile were lost: caches start afresh.
 */
export async function avisosPostgres(connectionString: string, log: Log = { warn: console.warn }): Promise<AvisosDoApp> {
  const o = ouvintes(log);
  const origem = randomUUID();
  // Notices are sent through a small pool of their own, so a full application pool never delays them.
  const envio = new pg.Pool({ connectionString, max: 2 });
  envio.on('error', () => undefined);
  let cliente: pg.Client | null = null;
  let fechado = false;
  let espera = ESPERA_INICIAL_MS;
  let religar: NodeJS.Timeout | undefined;

  async function conectar(): Promise<void> {
    const c = new pg.Client({ connectionString, application_name: NOME_DA_CONEXAO });
    c.on('notification', (n) => {
      if (n.channel !== CANAL_PG || !n.payload) return;
      let msg: { o?: string; c?: string; k?: string };
      try {
        msg = JSON.parse(n.payload);
      } catch {
        return;
      }
      if (msg.o === origem || typeof msg.c !== 'string') return;
      o.chamar(msg.c, msg.k ?? undefined);
    });
    const caiu = (e?: Error) => {
      if (cliente !== c) return;
      cliente = null;
      c.removeAllListeners('error');
      c.on('error', () => undefined);
      c.end().catch(() => undefined);
      if (fechado) return;
      log.warn(`Conexão de avisos com o PostgreSQL perdida${e ? `: ${e.message}` : ''}; reconectando.`);
      agendar();
    };
    c.on('error', caiu);
    c.on('end', () => caiu());
    await c.connect();
    await c.query(`LISTEN ${CANAL_PG}`);
    cliente = c;
  }

  function agendar() {
    clearTimeout(religar);
    religar = setTimeout(async () => {
      if (fechado) return;
      try {
        await conectar();
        espera = ESPERA_INICIAL_MS;
        log.info?.('Conexão de avisos com o PostgreSQL restabelecida.');
        // What was said while this server was not listening is lost: every listener starts afresh.
        o.todos();
      } catch (e) {
        log.warn(`Não foi possível ouvir os avisos do PostgreSQL: ${(e as Error).message}`);
        espera = Math.min(espera * 2, ESPERA_MAXIMA_MS);
        agendar();
      }
    }, espera);
    religar.unref();
  }

  await conectar();

  return {
    async avisar(canal, carga) {
      o.chamar(canal, carga);
      if (fechado) return;
      const payload = JSON.stringify({ o: origem, c: canal, k: carga });
      if (Buffer.byteLength(payload) > CARGA_MAXIMA) throw new Error(`Aviso '${canal}' grande demais para o PostgreSQL (${payload.length} bytes).`);
      await envio.query('SELECT pg_notify($1, $2)', [CANAL_PG, payload]);
    },
    ouvir: (canal, fn) => o.ouvir(canal, fn),
    async fechar() {
      fechado = true;
      clearTimeout(religar);
      const c = cliente;
      cliente = null;
      await Promise.all([c?.end().catch(() => undefined), envio.end().catch(() => undefined)]);
    },
  };
}

/** The notices for this database: across servers on PostgreSQL, within the process on the embedded one. */
export function abrirAvisos(database: { kind: 'pglite' | 'postgres'; url?: string }, log?: Log): Promise<AvisosDoApp> {
  if (database.kind === 'postgres' && database.url) return avisosPostgres(database.url, log);
  return Promise.resolve(avisosLocais(log));
}
