import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';

const t = appDeTeste({ tokens: ['admin'] });

// The CRUD contract (create, read, update with versao, stale 409, delete, 404, 400, the unique date's 409, audit)
// is apps/api/test/contrato-dos-recursos.test.ts, from the declaration; here what is the holiday's own.
describe('feriado', () => {
  it('filters by name without accents and by a dd/mm/aaaa date, newest first', async () => {
    await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-12-25', nome: 'Natal de Jesus' } });
    await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-11-15', nome: 'Proclamação da República' } });
    const l = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado/searchFeriado/asc/data?page=0', payload: { nome: 'proclamacao' } });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 1, content: [{ data: '2026-11-15', nome: 'Proclamação da República', tipo: 'feriado' }] });
    const porData = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado/searchFeriado/desc/nome?page=0', payload: { data: '25/12/2026' } });
    expect(porData.body.content.map((f: { nome: string }) => f.nome)).toEqual(['Natal de Jesus']);
    const todos = await call(t.app, t.admin, { method: 'GET', url: '/api/feriado' });
    expect(todos.body.content.map((f: { data: string }) => f.data)).toEqual(['2026-12-25', '2026-11-15']);
  });

  it('refuses an impossible date and a long name with pt-BR messages, changing nothing', async () => {
    const antes = await countRows(t.app, 'feriado');
    const logsAntes = await countRows(t.app, 'logs');
    const r = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-02-30', nome: 'x'.repeat(201) } });
    expect(r.status).toBe(400);
    expect(r.body.fieldErrors.map((f: { message: string }) => f.message).sort()).toEqual(['A data é inválida', 'O nome deve ter no máximo 200 caracteres']);
    expect(await countRows(t.app, 'feriado')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });
});
