import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ROTAS } from '@ceasa/shared';
import { build, call, countRows, tokensPorPapel } from '../../../test/helpers';

let app: FastifyInstance;
let admin: string;
let userAdmin: string;

beforeAll(async () => {
  app = await build();
  ({ admin, userAdmin } = await tokensPorPapel(app));
});
afterAll(() => app.close());

describe('rotas', () => {
  it('lists the seeded route names with paging', async () => {
    const r = await call(app, admin, { method: 'GET', url: '/api/rotas?page=0&size=5&sort=id,asc' });
    expect(r.status).toBe(200);
    expect(r.body.totalElements).toBe(ROTAS.length);
    expect(r.body.totalPages).toBe(Math.ceil(ROTAS.length / 5));
    expect(r.body.content.map((x: { nome: string }) => x.nome)).toEqual(ROTAS.slice(0, 5));
    const s = await call(app, admin, { method: 'GET', url: '/api/rotas/search?searchTerm=PERM' });
    expect(s.body.content.map((x: { nome: string }) => x.nome)).toEqual(['permissoes']);
  });

  it('creates, renames and deletes a route, audited', async () => {
    const c = await call(app, admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'relatorios' } });
    expect(c.status).toBe(201);
    const u = await call(app, admin, { method: 'PUT', url: `/api/rotas/${c.body.id}`, payload: { nome: 'relatorios2' } });
    expect(u.body).toEqual({ id: c.body.id, nome: 'relatorios2' });
    expect((await call(app, admin, { method: 'DELETE', url: `/api/rotas/${c.body.id}` })).status).toBe(204);
    const logs = await call(app, admin, { method: 'POST', url: '/api/logs/searchLogs/asc/id', payload: { cadastro: 'Rotas', cadastroId: String(c.body.id) } });
    expect(logs.body.content.map((l: { acao: string }) => l.acao)).toEqual(['INSERT', 'UPDATE', 'DELETE']);
  });

  it('refuses bad input, duplicates and callers without permission, changing nothing', async () => {
    const antes = await countRows(app, 'rotas');
    const vazio = await call(app, admin, { method: 'POST', url: '/api/rotas', payload: { nome: '  ' } });
    expect(vazio.status).toBe(400);
    expect(vazio.body.message).toBe('A rota é obrigatória');
    const longo = await call(app, admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'r'.repeat(201) } });
    expect(longo.body.message).toBe('A rota deve ter no máximo 200 caracteres');
    const dup = await call(app, admin, { method: 'POST', url: '/api/rotas', payload: { nome: 'municipio' } });
    expect(dup.status).toBe(409);
    const negado = await call(app, userAdmin, { method: 'POST', url: '/api/rotas', payload: { nome: 'x' } });
    expect(negado.status).toBe(403);
    expect(await countRows(app, 'rotas')).toBe(antes);
  });
});
