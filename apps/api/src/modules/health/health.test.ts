import { sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { appDeTeste, call } from '../../../test/helpers';
import { MSG_BANCO_NAO_RESPONDE } from './health.routes';

const t = appDeTeste({ tokens: [] });

describe('GET /api/health/pronto', () => {
  it('answers 200 when the database answers and every migration of this release is applied; /api/health stays as it was', async () => {
    const r = await call(t.app, null, { method: 'GET', url: '/api/health/pronto' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ status: 'PRONTO', database: t.app.ctx.database.kind, migracoes: expect.any(Number) });
    expect(r.body.migracoes).toBeGreaterThan(28);
    const h = await call(t.app, null, { method: 'GET', url: '/api/health' });
    expect(h.status).toBe(200);
    expect(h.body).toEqual({ status: 'UP', database: t.app.ctx.database.kind });
  });

  it('answers 503 naming the pending migrations while the database lacks one of this release', async () => {
    const [ultima] = (
      await t.app.ctx.db.execute(sql`SELECT id, hash, created_at::text AS w FROM drizzle.__drizzle_migrations ORDER BY created_at DESC LIMIT 1`)
    ).rows as { id: number; hash: string; w: string }[];
    await t.app.ctx.db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${ultima.id}`);
    try {
      const r = await call(t.app, null, { method: 'GET', url: '/api/health/pronto' });
      expect(r.status).toBe(503);
      expect(r.body.status).toBe('INDISPONIVEL');
      expect(r.body.motivo).toMatch(/^O banco ainda não tem uma migração desta versão \(\d+ de \d+ aplicadas\)\.$/);
    } finally {
      await t.app.ctx.db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${ultima.id}, ${ultima.hash}, ${ultima.w}::bigint)`,
      );
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/health/pronto' })).status).toBe(200);
  });

  it('answers 503 when the database does not answer', async () => {
    const espiao = vi.spyOn(t.app.ctx.database.db, 'execute').mockRejectedValue(new Error('connection refused'));
    try {
      const r = await call(t.app, null, { method: 'GET', url: '/api/health/pronto' });
      expect(r.status).toBe(503);
      expect(r.body).toEqual({ status: 'INDISPONIVEL', database: t.app.ctx.database.kind, motivo: MSG_BANCO_NAO_RESPONDE });
    } finally {
      espiao.mockRestore();
    }
    expect((await call(t.app, null, { method: 'GET', url: '/api/health/pronto' })).status).toBe(200);
  });
});
