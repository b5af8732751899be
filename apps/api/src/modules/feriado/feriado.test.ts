import { describe, expect, it } from 'vitest';
import { appDeTeste, call, countRows } from '../../../test/helpers';

const t = appDeTeste({ tokens: ['admin', 'agro'] });

describe('feriado', () => {
  it('creates, reads, updates, lists, deletes and audits', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-12-25', nome: 'Natal' } });
    expect(c.status).toBe(201);
    const id = c.body.id;
    expect(c.body).toEqual({ id, versao: 1, data: '2026-12-25', nome: 'Natal', tipo: 'feriado' });

    const u = await call(t.app, t.admin, { method: 'PUT', url: `/api/feriado/${id}`, payload: { data: '2026-12-25', nome: 'Natal de Jesus', versao: 1 } });
    expect(u.status).toBe(200);
    expect(u.body).toEqual({ id, versao: 2, data: '2026-12-25', nome: 'Natal de Jesus', tipo: 'feriado' });

    await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-11-15', nome: 'Proclamação da República' } });
    const l = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado/searchFeriado/asc/data?page=0', payload: { nome: 'proclamacao' } });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 1, content: [{ data: '2026-11-15', nome: 'Proclamação da República' }] });
    const porData = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado/searchFeriado/desc/nome?page=0', payload: { data: '25/12/2026' } });
    expect(porData.body.content.map((f: { nome: string }) => f.nome)).toEqual(['Natal de Jesus']);
    const todos = await call(t.app, t.admin, { method: 'GET', url: '/api/feriado' });
    expect(todos.body.content.map((f: { data: string }) => f.data)).toEqual(['2026-12-25', '2026-11-15']);

    const d = await call(t.app, t.admin, { method: 'DELETE', url: `/api/feriado/${id}` });
    expect(d.status).toBe(204);
    expect((await call(t.app, t.admin, { method: 'GET', url: `/api/feriado/${id}` })).body.message).toBe('Feriado não encontrado');

    const logs = await call(t.app, t.admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Feriado', cadastroId: String(id) } });
    expect(logs.body.content.map((x: { acao: string }) => x.acao)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
    expect(logs.body.content[1].conteudo).toBe(`Feriado(id=${id}, data=2026-12-25, nome=Natal de Jesus, tipo=feriado)`);
  });

  it('refuses bad input and a second holiday on a date with pt-BR messages, changing nothing', async () => {
    await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-09-07', nome: 'Independência' } });
    const antes = await countRows(t.app, 'feriado');
    const logsAntes = await countRows(t.app, 'logs');
    const r1 = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '', nome: '' } });
    expect(r1.status).toBe(400);
    expect(r1.body.fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'data', message: 'A data é obrigatória' },
        { field: 'nome', message: 'O nome é obrigatório' },
      ]),
    );
    const r2 = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-02-30', nome: 'x'.repeat(201) } });
    expect(r2.body.fieldErrors.map((f: { message: string }) => f.message).sort()).toEqual(['A data é inválida', 'O nome deve ter no máximo 200 caracteres']);
    const r3 = await call(t.app, t.admin, { method: 'POST', url: '/api/feriado', payload: { data: '2026-09-07', nome: 'Outro' } });
    expect(r3.status).toBe(409);
    expect(r3.body.message).toBe('Já existe um feriado nesta data.');
    const r4 = await call(t.app, t.admin, { method: 'PUT', url: '/api/feriado/999999', payload: { data: '2026-01-01', nome: 'X' } });
    expect(r4.status).toBe(404);
    expect(r4.body.message).toBe('Feriado não encontrado');
    expect(await countRows(t.app, 'feriado')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });

  it('enforces permissions on the server', async () => {
    const antes = await countRows(t.app, 'feriado');
    const r = await call(t.app, t.agro, { method: 'POST', url: '/api/feriado', payload: { data: '2026-05-01', nome: 'Dia do Trabalho' } });
    expect(r.status).toBe(403);
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/feriado' })).status).toBe(200);
    expect((await call(t.app, null, { method: 'GET', url: '/api/feriado' })).status).toBe(401);
    expect(await countRows(t.app, 'feriado')).toBe(antes);
  });
});
