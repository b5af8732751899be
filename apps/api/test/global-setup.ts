import { randomUUID } from 'node:crypto';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';

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
  const nome = `ceasa_modelo_${process.pid}_${randomUUID().slice(0, 8)}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      await c.query(q);
    } finally {
      await c.end();
    }
  };
  await admin(`CREATE DATABASE ${nome}`);
  const u = new URL(url);
  u.pathname = `/${nome}`;
  const database = await openDatabase({ databaseUrl: u.toString(), dataDir: '', memoryDb: false });
  await database.close();
  project.provide('bancoModelo', nome);
  return () => admin(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
}
