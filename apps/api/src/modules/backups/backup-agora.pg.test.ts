/**
 * 'Fazer backup agora' across servers: on PostgreSQL a backup another server of the database is writing (it holds
 * TRAVA_DO_BACKUP on a connection of its own) refuses this one with the pt-BR 409, writing nothing; once it ends,
 * this server writes. Needs PostgreSQL (`*.pg.test.ts` run only with DATABASE_URL: vitest.config.ts).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAVA_DO_BACKUP } from '../../db/client';
import { build, call, countRows, tokenFor } from '../../../test/helpers';
import { MSG_BACKUP_EM_ANDAMENTO } from './backups.service';

const dir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-backup-agora-pg-'));
let app: FastifyInstance;
let admin: string;
beforeAll(async () => {
  app = await build({ backup: { dir, minutoDoDia: 2 * 60, manter: 5 } });
  admin = await tokenFor(app, ['super-admin']);
}, 120_000);
afterAll(async () => {
  await app?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('Fazer backup agora, servers sharing a PostgreSQL database', () => {
  it("is refused while another server's backup holds the lock, and written once it is released", async () => {
    expect(app.ctx.database.kind).toBe('postgres');
    const outro = new pg.Client({ connectionString: app.ctx.database.url });
    await outro.connect();
    try {
      await outro.query('SELECT pg_advisory_lock($1)', [TRAVA_DO_BACKUP]);
      const antes = await countRows(app, 'backups');
      const r = await call(app, admin, { method: 'POST', url: '/api/backups' });
      expect(r.status).toBe(409);
      expect(r.body.message).toBe(MSG_BACKUP_EM_ANDAMENTO);
      expect(await countRows(app, 'backups')).toBe(antes);
      expect(readdirSync(dir)).toEqual([]);
      await outro.query('SELECT pg_advisory_unlock($1)', [TRAVA_DO_BACKUP]);
      const depois = await call(app, admin, { method: 'POST', url: '/api/backups' });
      expect(depois.status, JSON.stringify(depois.body)).toBe(201);
      expect(readdirSync(dir)).toEqual([path.basename(depois.body.arquivo)]);
      expect(await countRows(app, 'backups')).toBe(antes + 1);
    } finally {
      await outro.end();
    }
  });
});
