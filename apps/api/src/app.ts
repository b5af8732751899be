import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig, type Config } from './config';
import type { AppContext } from './context';
import { openDatabase, type Database } from './db/client';
import { seedReference } from './db/seed/reference';
import { loadKeys, type Keys } from './identity/keys';
import { abrirAvisos, type Avisos } from './lib/avisos';
import { importarFotosDaPasta } from './db/fotos';
import { createMailer } from './identity/mail';
import { criarProvedorExterno, registrarIdentidadeDesligada } from './identity/externo';
import { criarGovbr } from './identity/govbr';
import { registerIdentity } from './identity/realm';
import { registerInteracao } from './identity/realm-interacao';
import { criarProvedor } from './identity/provedor';
import { chavesDeCookie } from './identity/provedor-modelos';
import { loginThrottle } from './identity/throttle';
import { modulos } from './modules';
import { agendarBackups, estadoDosBackups } from './modules/backups/backups.service';
import { registerAuth } from './plugins/auth';
import { criarAtalhoPublico } from './plugins/atalho-publico';
import { registerAvisosDeEscrita } from './plugins/avisos-de-escrita';
import { registerConsultasCaras } from './plugins/consultas-caras';
import { registerRecusaDeNulos } from './plugins/entrada';
import { errosDoFramework, registerErrorHandler, rotaNaoEncontrada } from './plugins/errors';
import { registerMetricas } from './plugins/metricas';
import { registerOpenapi } from './plugins/openapi';
import { registerRegistroDasRequisicoes } from './plugins/registro-das-requisicoes';
import { registerSeguranca } from './plugins/seguranca';
import { registerStatic } from './plugins/static';

export interface BuildOptions {
  config?: Partial<Config>;
  database?: Database;
  logger?: boolean;
  /** Where the JSON log lines go instead of stdout (tests read the security events there). */
  destinoDoLog?: { write(linha: string): void };
  /** Serve the built web app (off in API tests); a folder: serve that one instead of apps/web/dist. */
  web?: boolean | string;
}

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
    /** Notices between the servers of one database (lib/avisos.ts). */
    avisos: Avisos;
    adminInicial: { email: string; senha: string; gerada: boolean } | null;
  }
}

/** The Fastify instance over the public answers' shortcut, with the zod compilers, the pt-BR errors and the request log. */
function criarFastify(config: Config, opts: BuildOptions) {
  // The kept public answers are sent by the HTTP server itself, before Fastify (docs/decisions/0123).
  const atalhoPublico = criarAtalhoPublico();
  const app = Fastify({
    serverFactory: atalhoPublico.servidor,
    logger: opts.destinoDoLog ? { level: config.logLevel, stream: opts.destinoDoLog } : opts.logger === false ? false : { level: config.logLevel },
    // Only behind a known proxy may X-Forwarded-For be believed (login throttling is per address).
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    ajv: undefined,
    frameworkErrors: errosDoFramework,
    // One line per request, written when it is answered (plugins/registro-das-requisicoes.ts), instead of two.
    logController: new LogController({ disableRequestLogging: true }),
  });
  app.decorate('atalhoPublico', atalhoPublico);
  app.addHook('preClose', (done) => {
    atalhoPublico.fechar();
    done();
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerRecusaDeNulos(app);
  registerRegistroDasRequisicoes(app);
  return app;
}

/** The configured database (or the one given), closed with the app; PostgreSQL's refuses a restore while this server runs. */
async function abrirBanco(app: FastifyInstance, config: Config, opts: BuildOptions) {
  const database = opts.database ?? (await openDatabase(config));
  if (!opts.database) app.addHook('onClose', () => database.close());
  // PostgreSQL: a restore is refused while this server runs (the embedded folder is locked by openDatabase).
  if (database.servir) {
    const soltar = await database.servir();
    app.addHook('onClose', soltar);
  }
  return database;
}

/**
 * CHAVES_ROTACAO_DIAS: the signing key's age is checked every hour (identity/keys.ts); a new key, made here or by
 * another server of the database, is said in the log, and the built-in provider is built again over it.
 */
function girarChaves(app: FastifyInstance, keys: Keys) {
  keys.aoTrocarDeChave((kid) => app.log.info(`Nova chave de assinatura em uso (${kid}); a anterior fica publicada até os seus tokens vencerem.`));
  const giro = setInterval(() => keys.girar().catch((e: Error) => app.log.error(`A troca da chave de assinatura falhou: ${e.message}`)), 3_600_000);
  giro.unref();
  app.addHook('onClose', () => clearInterval(giro));
}

/** The HTTP plugins (security headers first, so every answer carries them), OpenAPI, metrics and the daily backups. */
async function registrarPlugins(app: FastifyInstance, config: Config, database: Database) {
  await registerSeguranca(app, config);
  await app.register(compress, { threshold: 1024 });
  await app.register(formbody);
  await app.register(cookie);
  await app.register(multipart, { limits: { fileSize: config.uploadMaxBytes, files: 1 } });
  await registerOpenapi(app, config);
  registerMetricas(app, config, () => estadoDosBackups(database));
  // BACKUP_DIR: one server of the database writes the day's backup (modules/backups).
  if (config.backup) app.addHook('onClose', agendarBackups(database, config.backup, app.log));
}

/** Builds the whole product (API, identity, web) around one database; testable with inject. */
export async function buildApp(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = loadConfig(process.env, opts.config);
  const app = criarFastify(config, opts);

  const database = await abrirBanco(app, config, opts);
  const db = database.db;
  // Alone among the servers of this database (two may start at the same moment): the first super-admin,
  // the signing key and the photos once kept in DATA_DIR are made or moved once.
  const { adminInicial, keys, chavesCookie } = await database.sozinho(async () => ({
    adminInicial: await seedReference(db, config),
    keys: await loadKeys(db, config),
    chavesCookie: await chavesDeCookie(db),
    fotos: await importarFotosDaPasta(db, config, app.log),
  }));
  app.decorate('adminInicial', adminInicial);
  girarChaves(app, keys);
  const avisos = await abrirAvisos(database, app.log);
  app.addHook('onClose', () => avisos.fechar());
  app.decorate('avisos', avisos);
  const mailer = createMailer(db, config, app.log);
  const ctx: AppContext = {
    db,
    database,
    config,
    keys,
    mailer,
    avisos,
    oidcExterno: config.oidc ? criarProvedorExterno(config.oidc) : undefined,
    govbr: criarGovbr(config),
  };
  app.decorate('ctx', ctx);
  // Sign-in counters hear the other servers' failures from the start, not from this server's first sign-in.
  loginThrottle(ctx);
  // External identity mode: discover the provider now, so a wrong OIDC_ISSUER shows in the log at start (sign-in retries it).
  ctx.oidcExterno
    ?.configuracao()
    .then((c) => app.log.info(`Entrada pelo provedor de identidade ${c.serverMetadata().issuer} (OIDC_ISSUER)`))
    .catch((e: Error) => app.log.warn(`${e.message}. A entrada pelo provedor será tentada de novo a cada pedido.`));

  await registrarPlugins(app, config, database);

  registerAuth(app, db, keys, ctx.oidcExterno, config.sessaoInatividadeMin);
  registerAvisosDeEscrita(app);
  registerConsultasCaras(app, db, config);
  // In external identity mode (OIDC_ISSUER) the built-in provider is off: its paths answer a pt-BR 404 (decision 0118).
  if (ctx.oidcExterno) registrarIdentidadeDesligada(app);
  else {
    const provedor = await criarProvedor(ctx, chavesCookie, () => app.esquecerSessoes());
    await app.register(async (realm) => {
      registerIdentity(realm, ctx, provedor);
      registerInteracao(realm, ctx, provedor);
    });
  }
  const registrarModulos = await modulos();
  await app.register(async (api) => registrarModulos(api, ctx), { prefix: '/api' });
  if (opts.web !== false) await registerStatic(app, typeof opts.web === 'string' ? opts.web : undefined);
  else app.setNotFoundHandler((_req, reply) => rotaNaoEncontrada(reply));
  return app;
}
