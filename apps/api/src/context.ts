import type { FastifyInstance } from 'fastify';
import type { Database } from './db/client';
import type { ContextoDaIdentidade } from './identity/contexto';

/** What route modules receive: the database, the configuration and the shared services. */
export interface AppContext extends ContextoDaIdentidade {
  database: Database;
}

/**
 * The one shape of a module's routes: the default export of every `modules/<modulo>/*.routes.ts` and
 * `identity/*.routes.ts`, registered under /api by the folder it lives in (modules/index.ts).
 */
export type RotasDoModulo = (app: FastifyInstance, ctx: AppContext) => void;
