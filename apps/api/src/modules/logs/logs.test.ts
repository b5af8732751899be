import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { appDeTeste, call, countRows } from '../../../test/helpers';

/**
 * The audit log is append-only. The API has no route that changes a `logs` row, and the
 * database refuses UPDATE, DELETE and TRUNCATE of the table (migration 0011), whoever asks.
 */
let logId: number;
const MSG = 'O registro de auditoria (logs) não pode ser alterado nem removido.';

const t = appDeTeste({ tokens: ['admin'] });
beforeAll(async () => {
  const m = await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Balsas', sigla: 'MA' } });
  const logs = await call(t.app, t.admin, {
    method: 'POST',
    url: '/api/logs/searchLogs/desc/id',
    payload: { cadastro: 'Municipio', cadastroId: String(m.body.id) },
  });
  logId = logs.body.content[0].id;
});

/** The refusal's SQLSTATE and message, or 'aceitou'. */
async function tentar(q: ReturnType<typeof sql>): Promise<string> {
  try {
    await t.app.ctx.db.execute(q);
    return 'aceitou';
  } catch (e) {
    const err = ((e as { cause?: unknown }).cause ?? e) as { code?: string; message?: string };
    return `${err.code}: ${err.message}`;
  }
}

describe('logs', () => {
  it('the database refuses UPDATE, DELETE and TRUNCATE, and the row stays as written', async () => {
    const antes = (await t.app.ctx.db.execute(sql`SELECT * FROM logs WHERE id = ${logId}`)).rows[0];
    const total = await countRows(t.app, 'logs');
    expect(await tentar(sql`UPDATE logs SET usuario = 'outro@teste.local', conteudo = 'apagado' WHERE id = ${logId}`)).toBe(`42501: ${MSG}`);
    expect(await tentar(sql`DELETE FROM logs WHERE id = ${logId}`)).toBe(`42501: ${MSG}`);
    expect(await tentar(sql`DELETE FROM logs`)).toBe(`42501: ${MSG}`);
    expect(await tentar(sql`TRUNCATE logs`)).toBe(`42501: ${MSG}`);
    expect((await t.app.ctx.db.execute(sql`SELECT * FROM logs WHERE id = ${logId}`)).rows[0]).toEqual(antes);
    expect(await countRows(t.app, 'logs')).toBe(total);
    // New entries are still written (the changes themselves add them).
    await call(t.app, t.admin, { method: 'POST', url: '/api/municipio', payload: { nome: 'Carolina', sigla: 'MA' } });
    expect(await countRows(t.app, 'logs')).toBe(total + 1);
  });

  it("filters by the market's day: an entry at 23:30 in São Paulo (02:30 UTC the next day) is on the earlier day", async () => {
    await t.app.ctx.db.execute(
      sql`INSERT INTO logs (usuario, updated, cadastro, cadastro_id, acao, conteudo) VALUES ('fuso@teste.local', '2026-03-10 02:30:00+00', 'Fuso', '1', 'INSERT', 'Fuso(id=1)')`,
    );
    const doDia = async (updated: string) =>
      (await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'Fuso', updated } })).body.content.length;
    expect(await doDia('09/03/2026')).toBe(1);
    expect(await doDia('2026-03-09')).toBe(1);
    expect(await doDia('10/03/2026')).toBe(0);
  });

  it('the API has no route that changes or removes an entry', async () => {
    const rotas = t.app.rotasApi.filter((r) => r.url.startsWith('/api/logs'));
    expect(rotas.map((r) => `${r.method} ${r.url}`).sort()).toEqual(['GET /api/logs', 'GET /api/logs/:id', 'POST /api/logs/searchLogs/:dir/:field']);
    const total = await countRows(t.app, 'logs');
    for (const [method, url] of [
      ['DELETE', `/api/logs/${logId}`],
      ['PUT', `/api/logs/${logId}`],
      ['PUT', '/api/logs'],
      ['POST', '/api/logs'],
    ] as const) {
      const r = await call(t.app, t.admin, { method, url, payload: method === 'DELETE' ? undefined : { id: logId, usuario: 'x' } });
      expect(r.status, `${method} ${url}`).toBe(404);
      expect(r.body.message).toBe('Recurso não encontrado');
    }
    expect(await countRows(t.app, 'logs')).toBe(total);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/logs/${logId}` })).body.id).toBe(logId);
  });
});
