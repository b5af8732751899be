import { buildApp } from './app';

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
for (const sinal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(sinal, () => {
    app.close().then(() => process.exit(0), () => process.exit(1));
  });
}
