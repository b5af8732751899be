import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

/** The API test files that open no database (lint rules, the docs, the build, pure rules): one engine is enough. */
const SEM_BANCO = ['camadas', 'documentacao', 'versao-do-node', 'build-se-mudou', 'csvw', 'respostas-em-cache', 'regras', 'list'];

export default defineConfig({
  test: {
    // Two files at a time on a 2-core machine (Vitest's default there is one): an API file mostly waits for its database
    // or its servers. The whole run took 510 s on one worker and 330 s on two (3 Dec, docs/testes.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api',
          include: ['apps/api/src/**/*.test.ts', 'apps/api/test/**/*.test.ts'],
          // What needs a PostgreSQL server (two servers on one database) runs only where DATABASE_URL names one (.ci/run).
          // .ci/run's second pass, on PostgreSQL (API_SO_COM_BANCO=1), leaves out the files that open no database.
          exclude: [...(process.env.DATABASE_URL ? [] : ['**/*.pg.test.ts']), ...(process.env.API_SO_COM_BANCO ? SEM_BANCO.map((f) => `**/${f}.test.ts`) : [])],
          environment: 'node',
          // The suites sign in with a password alone: the second factor's rule (MFA_OBRIGATORIO) is off for them, and
          // apps/api/test/segundo-fator.test.ts turns it on where it tests it. Servers the tests start inherit it.
          // The limit on expensive calls (VAF, recall, statistics, exports, reports) is raised the same way: the files call
          // them many times from inject's one address; apps/api/test/consultas-caras.test.ts sets its own.
          env: { MFA_OBRIGATORIO: 'nenhum', CONSULTAS_CARAS_POR_PESSOA: '100000', CONSULTAS_CARAS_POR_ENDERECO: '100000' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          // One process per worker runs its files one after another, keeping its imports (Fastify, the provider,
          // drizzle) and PGlite's compiled WebAssembly, instead of a new process per file: ~6 s of CPU a file was
          // that fixed cost (docs/testes.md, 'How long CI takes'). Each file still builds its own app on its own
          // database (helpers.ts `build`); module state is shared (a metric listener, the template's cache).
          isolate: false,
          // PostgreSQL: the migrated database every file copies (apps/api/test/global-setup.ts).
          globalSetup: ['apps/api/test/global-setup.ts'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.tsx', 'apps/web/src/**/*.test.ts'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test-setup.ts'],
          // A realistic bound for jsdom tests while the API suite runs alongside on 2 cores (5 s, the default, was
          // exceeded by the stall map's tests under that load); a hung test still fails.
          testTimeout: 30_000,
        },
      },
    ],
  },
});
