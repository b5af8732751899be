import { EventEmitter } from 'node:events';

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

interface Log {
  warn(msg: string): void;
}

/**
 * One process: the notices stay in it (an EventEmitter). A listener that throws is logged and does not stop
 * the others. Enough for one server; two servers on one PostgreSQL need the notices to cross between them.
 */
export function avisosLocais(log: Log = { warn: console.warn }): AvisosDoApp {
  const emissor = new EventEmitter();
  // Every cache of the app listens on a few channels: no leak warning for them.
  emissor.setMaxListeners(0);
  return {
    async avisar(canal, carga) {
      for (const fn of emissor.listeners(canal) as ((carga?: string) => void)[]) {
        try {
          fn(carga);
        } catch (e) {
          log.warn(`Ouvinte do aviso '${canal}' falhou: ${(e as Error).message}`);
        }
      }
    },
    ouvir(canal, fn) {
      emissor.on(canal, fn);
      return () => emissor.off(canal, fn);
    },
    async fechar() {
      emissor.removeAllListeners();
    },
  };
}
