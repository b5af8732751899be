import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * How long the database took, for /metrics (plugins/metricas.ts): each statement sent to PostgreSQL (the
 * driver's `Client.query`: the network and the server, not the wait for a pooled connection) and, on the
 * embedded database, each query and each transaction as a whole (PGlite runs one at a time: its time is the
 * database's). The figures are process-wide, like the memory; whoever reads them registers `ouvir`.
 */
type Ouvinte = (tipo: 'consulta' | 'transacao', segundos: number, erro: boolean) => void;
let ouvinte: Ouvinte | undefined;

/** Who hears each timing (the metrics of the process; the last one set wins). */
export function ouvirConsultas(o: Ouvinte) {
  ouvinte = o;
}

function medir<T>(tipo: 'consulta' | 'transacao', p: Promise<T>, inicio: number): Promise<T> {
  const fim = (erro: boolean) => ouvinte?.(tipo, (performance.now() - inicio) / 1000, erro);
  p.then(
    () => fim(false),
    () => fim(true),
  );
  return p;
}

let pgMedido = false;
/** The pg driver's queries (every pool of the process), once. */
export function medirPg() {
  if (pgMedido) return;
  pgMedido = true;
  const original = pg.Client.prototype.query as (...a: unknown[]) => unknown;
  (pg.Client.prototype as unknown as { query: (...a: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
    const inicio = performance.now();
    const i = args.findIndex((a) => typeof a === 'function');
    if (i >= 0) {
      const cb = args[i] as (e: unknown, ...r: unknown[]) => void;
      args[i] = (e: unknown, ...r: unknown[]) => {
        ouvinte?.('consulta', (performance.now() - inicio) / 1000, Boolean(e));
        cb(e, ...r);
      };
      return original.apply(this, args);
    }
    const r = original.apply(this, args);
    return r && typeof (r as Promise<unknown>).then === 'function' ? medir('consulta', r as Promise<unknown>, inicio) : r;
  };
}

/** One embedded database's queries and transactions. */
export function medirPglite(client: PGlite) {
  const c = client as unknown as Record<'query' | 'exec' | 'transaction', (...a: unknown[]) => Promise<unknown>>;
  for (const [metodo, tipo] of [
    ['query', 'consulta'],
    ['exec', 'consulta'],
    ['transaction', 'transacao'],
  ] as const) {
    const original = c[metodo].bind(client);
    c[metodo] = (...a: unknown[]) => medir(tipo, original(...a), performance.now());
  }
}
