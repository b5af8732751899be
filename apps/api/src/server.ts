import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { manterPglite } from './db/client';
import { linhaDoAdminInicial } from './db/seed/reference';

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
  await app.listen({ port, host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
const url = `http://localhost:${port}`;
const banco = app.ctx.database.kind === 'pglite' ? `embutido (PGlite) em ${app.ctx.config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
// The lines a person starting the server reads are plain text on stdout; the rest of the log stays JSON.
console.log(`CEASA Regional em ${url} (entre em ${url}/login). Banco: ${banco}. Para parar: Ctrl+C.`);
if (app.adminInicial) console.log(linhaDoAdminInicial(app.adminInicial));
if (app.ctx.database.kind === 'pglite') {
  // The embedded database's autovacuum (see manterPglite), every 5 minutes while the server runs.
  const manter = () =>
    manterPglite(app.ctx.db).then(
      (t) => t.length && app.log.info(`Manutenção do banco embutido: ${t.join(', ')}`),
      (e: Error) => app.log.warn(`Manutenção do banco embutido falhou: ${e.message}`),
    );
  setInterval(manter, 5 * 60_000).unref();
  setTimeout(manter, 10_000).unref();
}
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sinal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
