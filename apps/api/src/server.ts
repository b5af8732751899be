import { buildApp } from './app';
import { manterPglite } from './db/client';

const app = await buildApp();
const { port, host } = app.ctx.config;
try {
  await app.listen({ port, host });
} catch (err) {
  app.log.error(err);
  process.exit(1);
}
const url = `http://localhost:${port}`;
const banco = app.ctx.database.kind === 'pglite' ? `embutido (PGlite) em ${app.ctx.config.dataDir}` : 'PostgreSQL (DATABASE_URL)';
app.log.info(`CEASA Regional em ${url} — entre em ${url}/login — banco: ${banco}`);
if (app.adminInicial) {
  const a = app.adminInicial;
  app.log.warn(
    `Primeiro início: super-admin criado. E-mail: ${a.email} Senha: ${a.gerada ? a.senha + ' (gerada; anote, não será mostrada de novo)' : '(a de ADMIN_PASSWORD)'}`,
  );
}
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
