import type { Config } from './config';
import type { Database, Db } from './db/client';
import type { ProvedorExterno } from './identity/externo';
import type { Keys } from './identity/keys';
import type { Mailer } from './identity/mail';
import type { Avisos } from './lib/avisos';

/** What route modules receive: the database, the configuration and the shared services. */
export interface AppContext {
  db: Db;
  database: Database;
  config: Config;
  keys: Keys;
  mailer: Mailer;
  /** Notices between the servers of one database (lib/avisos.ts). */
  avisos: Avisos;
  /** The municipality's OpenID Connect provider, in external identity mode (OIDC_ISSUER); undefined otherwise. */
  oidcExterno?: ProvedorExterno;
}
