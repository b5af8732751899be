import type { Config } from '../config';
import type { Db } from '../db/client';
import type { Avisos } from '../lib/avisos';
import type { ProvedorExterno } from './externo';
import type { Keys } from './keys';
import type { Mailer } from './mail';

/**
 * What identity's code uses of the application's context. The application's `AppContext` (context.ts)
 * extends it, so identity never imports context.ts, which imports identity's types: no import circle.
 */
export interface ContextoDaIdentidade {
  db: Db;
  config: Config;
  keys: Keys;
  mailer: Mailer;
  /** Notices between the servers of one database (lib/avisos.ts). */
  avisos: Avisos;
  /** The municipality's OpenID Connect provider, in external identity mode (OIDC_ISSUER); undefined otherwise. */
  oidcExterno?: ProvedorExterno;
  /** gov.br, the producers' portal's provider (GOVBR_ISSUER, identity/govbr.ts); undefined when it is not configured. */
  govbr?: ProvedorExterno;
}
