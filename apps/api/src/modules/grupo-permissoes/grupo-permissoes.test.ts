import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, call, countRows, tokenFor, tokensPorPapel } from '../../../test/helpers';

let app: FastifyInstance;
let admin: string;
let agro: string;

beforeAll(async () => {
  app = await build();
  ({ admin, agro } = await tokensPorPapel(app));
});
afterAll(() => app.close());

const rotaId = async (nome: string) => {
  const r = await call(app, admin, { method: 'GET', url: `/api/rotas/search?searchTerm=${nome}` });
  return r.body.content.find((x: { nome: string }) => x.nome === nome).id as number;
};

describe('grupoPermissoes', () => {
  it('seeds groups 1-3 with the documented flags', async () => {
    const g3 = await call(app, admin, { method: 'GET', url: '/api/grupoPermissoes/3' });
    expect(g3.body.nome).toBe('Super Administrador');
    expect(g3.body.permissoes.every((p: { criar: boolean; visualizar: boolean }) => p.criar && p.visualizar)).toBe(true);
    const g2 = await call(app, admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const boletim = g2.body.permissoes.find((p: { rotaNome: string }) => p.rotaNome === 'boletim');
    expect(boletim).toMatchObject({ criar: true, editar: true, deletar: true, visualizar: true });
    expect(g2.body.permissoes.find((p: { rotaNome: string }) => p.rotaNome === 'logs')).toBeUndefined();
  });

  it("gives the signed-in user its own group's permissions", async () => {
    const r = await call(app, agro, { method: 'GET', url: '/api/grupoPermissoes/meu' });
    expect(r.status).toBe(200);
    expect(r.body.grupoId).toBe(2);
    expect(r.body.permissoes.boletim.visualizar).toBe(true);
    expect(r.body.permissoes.logs).toBeUndefined();
    const sem = await call(app, await tokenFor(app, []), { method: 'GET', url: '/api/grupoPermissoes/meu' });
    expect(sem.body).toEqual({ grupoId: null, permissoes: {} });
  });

  it('saves a group with its checklist; changes take effect on the next request', async () => {
    const municipio = await rotaId('municipio');
    const logs = await rotaId('logs');
    const c = await call(app, admin, {
      method: 'POST',
      url: '/api/grupoPermissoes',
      payload: { nome: 'Consulta', permissoes: [{ rotaId: municipio, visualizar: true }] },
    });
    expect(c.status).toBe(201);
    expect(c.body.permissoes).toEqual([expect.objectContaining({ rotaNome: 'municipio', visualizar: true, criar: false })]);

    // Give user-agro (group 2) the logs screen: its next call is allowed.
    expect((await call(app, agro, { method: 'GET', url: '/api/logs/1' })).status).toBe(403);
    const g2 = await call(app, admin, { method: 'GET', url: '/api/grupoPermissoes/2' });
    const novas = [...g2.body.permissoes, { rotaId: logs, criar: false, editar: false, deletar: false, visualizar: true }];
    const u = await call(app, admin, { method: 'PUT', url: '/api/grupoPermissoes', payload: { id: 2, nome: g2.body.nome, permissoes: novas } });
    expect(u.status).toBe(200);
    expect((await call(app, agro, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: {} })).status).toBe(200);

    const log = await call(app, admin, { method: 'POST', url: '/api/logs/searchLogs/desc/id', payload: { cadastro: 'GrupoPermissoes', cadastroId: '2' } });
    expect(log.body.content[0].acao).toBe('UPDATE');
    expect(log.body.content[0].conteudo).toContain('logs:V');
    expect(log.body.content[0].conteudoAnterior).not.toContain('logs:V');
  });

  it('refuses bad input, the profile groups deletion and callers without permission', async () => {
    const antes = await countRows(app, 'permissoes');
    const r = await call(app, admin, { method: 'POST', url: '/api/grupoPermissoes', payload: { nome: '', permissoes: [] } });
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('O nome do grupo é obrigatório');
    const longo = await call(app, admin, { method: 'POST', url: '/api/grupoPermissoes', payload: { nome: 'g'.repeat(201) } });
    expect(longo.body.message).toBe('O nome do grupo deve ter no máximo 200 caracteres');
    const rotaInexistente = await call(app, admin, { method: 'POST', url: '/api/grupoPermissoes', payload: { nome: 'X', permissoes: [{ rotaId: 99999, visualizar: true }] } });
    expect(rotaInexistente.status).toBe(409);
    expect(await countRows(app, 'grupo_permissoes')).toBe(4);
    const del = await call(app, admin, { method: 'DELETE', url: '/api/grupoPermissoes/3' });
    expect(del.status).toBe(400);
    expect((await call(app, agro, { method: 'GET', url: '/api/grupoPermissoes' })).status).toBe(403);
    expect(await countRows(app, 'permissoes')).toBe(antes);
  });
});
