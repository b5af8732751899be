import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
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

describe('permissions by a stable key', () => {
  const rotaDe = async (chave: string) =>
    (await t.app.ctx.db.execute(sql`SELECT id, nome FROM rotas WHERE chave = ${chave}`)).rows[0] as { id: number; nome: string };

  it('keeps access to a renamed route, for its group and the super-admin, and renaming it back is possible', async () => {
    const m = await rotaDe('municipio');
    const r = await call(t.app, t.admin, { method: 'PUT', url: `/api/rotas/${m.id}`, payload: { nome: 'Municípios (cadastro)' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    try {
      expect((await call(t.app, t.userAdmin, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      expect((await call(t.app, t.admin, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      const meu = await call(t.app, t.userAdmin, { method: 'GET', url: '/api/grupoPermissoes/meu' });
      expect(meu.body.permissoes.municipio?.visualizar).toBe(true);
      // The key is the database's: an update that sends another is ignored.
      await t.app.ctx.db.execute(sql`UPDATE rotas SET chave = 'outra' WHERE id = ${m.id}`);
      expect((await rotaDe('municipio')).id).toBe(m.id);
      // Renaming the routes that manage access keeps them working: renamed, then renamed back from the app.
      const rotas = await rotaDe('rotas');
      expect((await call(t.app, t.admin, { method: 'PUT', url: `/api/rotas/${rotas.id}`, payload: { nome: 'Rotas do sistema' } })).status).toBe(200);
      expect((await call(t.app, t.admin, { method: 'PUT', url: `/api/rotas/${rotas.id}`, payload: { nome: 'rotas' } })).status).toBe(200);
    } finally {
      await call(t.app, t.admin, { method: 'PUT', url: `/api/rotas/${m.id}`, payload: { nome: 'municipio' } });
    }
  });

  it('refuses to delete the routes that manage users, permission groups and routes', async () => {
    for (const chave of ['usuarios', 'permissoes', 'rotas', 'logs']) {
      const rota = await rotaDe(chave);
      const r = await call(t.app, t.admin, { method: 'DELETE', url: `/api/rotas/${rota.id}` });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(`A rota ${rota.nome} controla o acesso ao sistema (usuários, permissões, rotas e logs) e não pode ser removida.`);
      expect(await rotaDe(chave)).toEqual(rota);
    }
  });

  it('lets the super-admin manage users, groups and routes and read the audit log whatever its group says', async () => {
    await t.app.ctx.db.execute(
      sql`DELETE FROM permissoes WHERE grupo_id = 3 AND rota_id IN (SELECT id FROM rotas WHERE chave IN ('usuarios', 'permissoes', 'rotas', 'logs'))`,
    );
    t.app.invalidarPermissoes();
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/usuarios' })).status).toBe(200);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes' })).status).toBe(200);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/rotas' })).status).toBe(200);
    expect((await call(t.app, t.admin, { method: 'GET', url: '/api/logs' })).status).toBe(200);
    const meu = await call(t.app, t.admin, { method: 'GET', url: '/api/grupoPermissoes/meu' });
    expect(meu.body.permissoes.usuarios).toEqual({ criar: true, editar: true, deletar: true, visualizar: true });
    // A group's rows still decide for everyone else.
    expect((await call(t.app, t.agro, { method: 'GET', url: '/api/rotas' })).status).toBe(403);
  });
});
