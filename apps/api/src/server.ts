// First: the Node.js check runs (and silences a library's English runtime warning) before any library loads.
import './aviso-do-node';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { avisoSemEncarregado, avisoSemPublicUrl, emDesenvolvimento } from './config';
import { abrirBackupLocal } from './db/backup-local';
import { manterPglite } from './db/client';
import { gravarSenhaInicial, linhaDoAdminInicial } from './db/seed/reference';

/** A whole stop (requests in flight, the database, the exit) takes at most this long: the README's promise. */
const PARADA_MAXIMA_MS = 10_000;
/** How long a stop lets requests in flight go on before closing their connections; the rest is for the database. */
const ESPERA_AO_PARAR_MS = 7_000;
/** Should closing the database hang, the process leaves this long before the bound. */
const FOLGA_DA_SAIDA_MS = 500;

/**
 * What stopped the start, in the words of whoever refused (a migration's pt-BR message, a refused
 * ADMIN_PASSWORD), rather than a driver's wrapper ("Failed query: <the whole migration>").
 */
function motivo(err: unknown): string {
  let e = err as { message?: string; cause?: unknown } | undefined;
  let msg = e?.message ?? String(err);
  for (let i = 0; e?.cause && i < 5; i++) {
    e = e.cause as typeof e;
    if (e?.message) msg = e.message;
  }
  return msg;
}

let app: FastifyInstance;
try {
  app = await buildApp();
} catch (err) {
  // Plain text on stderr: the operator must read this one, whatever the log format.
  console.error(`Não foi possível iniciar o CEASA Regional.\n${motivo(err)}`);
  process.exit(1);
}
const { port, host } = app.ctx.config;
try {
  // Fastify's own 'Server listening at' line (English) is not written: the start-up line below says where.
  await app.listen({ port, host, listenTextResolver: (endereco) => `Servidor ouvindo em ${endereco}` });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
const url = `http://localhost:${port}`;
const banco = app.ctx.database.kind === 'pglite' ? `embutido (PGlite) em ${app.ctx.config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
// In a terminal the lines a person starting the server reads are plain text; anywhere else (a service, a
// container, a pipe) stdout carries only the JSON log, one line per event, and these are log lines too.
const dizer = (linha: string) => (process.stdout.isTTY ? console.log(linha) : app.log.info(linha));
dizer(`CEASA Regional em ${url} (entre em ${url}/login). Banco: ${banco}. Para parar: Ctrl+C.`);
if (app.adminInicial) dizer(linhaDoAdminInicial(app.adminInicial, gravarSenhaInicial(app.ctx.config.dataDir, app.adminInicial)));
const aviso = avisoSemPublicUrl(app.ctx.config);
if (aviso && !emDesenvolvimento(app.ctx.config)) app.log.warn(aviso);
const avisoLgpd = avisoSemEncarregado(app.ctx.config);
if (avisoLgpd && !emDesenvolvimento(app.ctx.config)) app.log.warn(avisoLgpd);
// On the embedded database, `npm run backup` asks this server to write the file (db/backup-local.ts).
let fecharBackupLocal = async () => {};
if (app.ctx.database.kind === 'pglite') {
  fecharBackupLocal = await abrirBackupLocal(app.ctx.database, app.ctx.config.dataDir, app.log);
  // The embedded database's autovacuum (see manterPglite), every 5 minutes while the server runs.
  const manter = () =>
    manterPglite(app.ctx.db).then(
      (t) => t.length && app.log.info(`Manutenção do banco embutido: ${t.join(', ')}`),
      (e: Error) => app.log.warn(`Manutenção do banco embutido falhou: ${e.message}`),
    );
  setInterval(manter, 5 * 60_000).unref();
  setTimeout(manter, 10_000).unref();
}
// A stop is a stop (docs/decisions/0052 and 0079): no new connection is accepted, idle ones close at once,
// requests in flight get ESPERA_AO_PARAR_MS to finish; then every connection still open is closed (a
// half-sent request no longer keeps the process alive), the database is closed and the process exits 0,
// all within PARADA_MAXIMA_MS; should the database hang, it exits 1 just before that bound. A second
// signal stops at once.
let parando = false;
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sinal, () => {
    if (parando) process.exit(1);
    parando = true;
    app.log.info(`${sinal} recebido: encerrando (até ${ESPERA_AO_PARAR_MS / 1000} s para as requisições em andamento)`);
    setTimeout(() => {
      app.log.warn('Requisições ainda abertas após a espera: conexões encerradas.');
      app.server.closeAllConnections();
    }, ESPERA_AO_PARAR_MS).unref();
    setTimeout(() => {
      app.log.error(`O encerramento não terminou em ${PARADA_MAXIMA_MS / 1000} s: saindo assim mesmo.`);
      process.exit(1);
    }, PARADA_MAXIMA_MS - FOLGA_DA_SAIDA_MS).unref();
    fecharBackupLocal()
      .catch(() => undefined)
      .then(() => app.close())
      .then(
        () => process.exit(0),
        () => process.exit(1),
      );
  });
}
