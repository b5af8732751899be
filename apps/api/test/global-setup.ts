import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { bancoDescartavel } from './banco-descartavel';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PostgreSQL only: the migrated, empty database each test file's own database is copied from (helpers.ts `build`). */
    bancoModelo: string;
  }
}

/**
 * On PostgreSQL (DATABASE_URL), the API project's migrations run once per run, through `openDatabase` as a
 * server's start runs them, into a database the test files then copy with `CREATE DATABASE … TEMPLATE` (0.2-0.5 s)
 * instead of creating and migrating their own (1.7-3.4 s each, ~90 files: docs/testes.md, 'How long CI takes').
 * Dropped at the end. The embedded database has its own copy (helpers.ts `templatePglite`).
 */
export default async function setup(project: TestProject) {
  const url = process.env.DATABASE_URL;
  if (!url) return;
  const modelo = await bancoDescartavel(url, 'ceasa_modelo');
  const database = await openDatabase({ databaseUrl: modelo.url, dataDir: '', memoryDb: false });
  await database.close();
  const nome = new URL(modelo.url).pathname.slice(1);
  project.provide('bancoModelo', nome);
  return modelo.apagar;
}
