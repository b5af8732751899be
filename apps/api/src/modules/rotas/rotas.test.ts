import { describe, expect, it } from 'vitest';
import { ROTAS } from '@ceasa/shared';
import { appDeTeste, call, countRows } from '../../../test/helpers';

const t = appDeTeste();

describe('rotas', () => {
  it('lists the seeded route names with paging', async () => {
    const r = await call(t.app, t.admin, { method: 'GET', url: '/api/rotas?page=0&size=5&sort=id,asc' });
    expect(r.status).toBe(200);
    expect(r.body.totalElements).toBe(ROTAS.length);
    expect(r.body.totalPages).toBe(Math.ceil(ROTAS.length / 5));
    expect(r.body.content.map((x: { nome: string }) => x.nome)).toEqual(ROTAS.slice(0, 5));
    const s = await call(t.app, t.admin, { method: 'GET', url: '/api/rotas/search?searchTerm=PERM' });
    expect(s.body.content.map((x: { nome: string }) => x.nome)).toEqual(['permissoes']);
  });

  it('creates, renames and deletes a route, audited', async () => {
    const c = await call(t.app, t.admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'relatorios' } });
    expect(c.status).toBe(201);
    const u = await call(t.app, t.admin, { method: 'PUT', url: `/api/rotas/${c.body.id}`, payload: { nome: 'relatorios2' } });
    expect(u.body).toEqual({ id: c.body.id, versao: 2, nome: 'relatorios2' });
    expect((await call(t.app, t.admin, { method: 'DELETE', url: `/api/rotas/${c.body.id}` })).status).toBe(204);
    const logs = await call(t.app, t.admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Rotas', cadastroId: String(c.body.id) },
    });
    expect(logs.body.content.map((l: { acao: string }) => l.acao)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('refuses bad input, duplicates and callers without permission, changing nothing', async () => {
    const antes = await countRows(t.app, 'rotas');
    const vazio = await call(t.app, t.admin, { method: 'POST', url: '/api/rotas', payload: { nome: '  ' } });
    expect(vazio.status).toBe(400);
    expect(vazio.body.message).toBe('A rota é obrigatória');
    const longo = await call(t.app, t.admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'r'.repeat(201) } });
    expect(longo.body.message).toBe('A rota deve ter no máximo 200 caracteres');
    const dup = await call(t.app, t.admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'municipio' } });
    expect(dup.status).toBe(409);
    const negado = await call(t.app, t.userAdmin, { method: 'POST', url: '/api/rotas', payload: { nome: 'x' } });
    expect(negado.status).toBe(403);
    expect(await countRows(t.app, 'rotas')).toBe(antes);
  });
});
