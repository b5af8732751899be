/**
 * Every table says what it is: the tables of a migrated database are exactly those classified in
 * classes-das-tabelas.ts, so a new table (or one a migration drops) fails here before it can slip past the
 * backup; and the backup refuses to run while a table is unclassified.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErroDeBackup, fazerBackup } from '../src/db/backup';
import { CLASSES_DAS_TABELAS, DERIVADAS, FORA_DO_BACKUP } from '../src/db/classes-das-tabelas';
import { openDatabase, type Database } from '../src/db/client';
import { templatePglite } from './helpers';

let database: Database;
const tmp = mkdtempSync(path.join(os.tmpdir(), 'ceasa-classes-'));

beforeAll(async () => {
  database = await openDatabase({ databaseUrl: undefined, dataDir: '', memoryDb: true }, await templatePglite());
});
afterAll(async () => {
  await database?.close();
  rmSync(tmp, { recursive: true, force: true });
});

const tabelas = async () =>
  ((await database.db.execute(sql`SELECT tablename AS t FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`)).rows as { t: string }[]).map((r) => r.t);

describe('the classes of the tables', () => {
  it('classifies every table of the migrated database, and no table that is gone', async () => {
    const existentes = await tabelas();
    expect(existentes.filter((t) => !Object.hasOwn(CLASSES_DAS_TABELAS, t))).toEqual([]);
    expect(Object.keys(CLASSES_DAS_TABELAS).filter((t) => !existentes.includes(t))).toEqual([]);
  });

  it('keeps secrets and counters out of the backup, the subscriptions’ request counters among them', () => {
    for (const t of [
      'chaves',
      'sessoes',
      'refresh_tokens',
      'reset_tokens',
      'outbox',
      'oidc_modelo',
      'tentativas_de_entrada',
      'registros_por_endereco',
      'assinaturas_pedidos',
    ])
      expect(FORA_DO_BACKUP).toContain(t);
    expect(DERIVADAS.sort()).toEqual(['precos_produto_total', 'precos_resumo', 'precos_resumo_total']);
  });

  it('refuses a backup while a table is unclassified, naming it', async () => {
    await database.db.execute(sql`CREATE TABLE tabela_nova (id serial PRIMARY KEY, segredo text)`);
    try {
      const arquivo = path.join(tmp, 'b.gz');
      const e = await fazerBackup(database, arquivo).catch((x: unknown) => x);
      expect(e).toBeInstanceOf(ErroDeBackup);
      expect((e as Error).message).toBe('A tabela tabela_nova não diz se vai no backup: classifique-a em apps/api/src/db/classes-das-tabelas.ts.');
    } finally {
      await database.db.execute(sql`DROP TABLE tabela_nova`);
    }
  });
});
