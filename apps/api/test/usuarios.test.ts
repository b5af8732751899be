import { beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { outbox, usuarios } from '../src/db/schema';
import { appDeTeste, call, countRows, tokenFor } from './helpers';

const OIDC = '/realms/ceasa/protocol/openid-connect';

function form(app: FastifyInstance, url: string, fields: Record<string, string>) {
  return call(app, null, {
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
const login = (app: FastifyInstance, username: string, password: string) =>
  form(app, `${OIDC}/token`, { grant_type: 'password', client_id: 'ceasa-web', username, password });
const roles = (accessToken: string) => JSON.parse(Buffer.from(accessToken.split('.')[1], 'base64url').toString()).realm_access.roles as string[];

let admin: string;
let adminId: string;
let joana: { id: string; email: string };

const t = appDeTeste({ tokens: [] });
beforeAll(async () => {
  const l = await login(t.app, 'admin@teste.local', 'admin-senha');
  admin = l.body.access_token;
  adminId = JSON.parse(Buffer.from(admin.split('.')[1], 'base64url').toString()).sub;
  const r = await call(t.app, null, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { nome: 'Joana Araújo', email: 'joana@teste.local', senha: 'senha-joana' },
  });
  joana = r.body;
  await call(t.app, null, { method: 'POST', url: '/api/auth/register', payload: { nome: 'Pedro Lima', email: 'pedro@teste.local', senha: 'senha-pedro' } });
});

describe('usuarios', () => {
  it('lists users without their password hashes, with filters and sorting', async () => {
    const l = await call(t.app, admin, { method: 'GET', url: '/api/usuarios?sort=email,asc' });
    expect(l.status).toBe(200);
    expect(l.body).toMatchObject({ totalElements: 3, number: 0, size: 20, totalPages: 1 });
    expect(l.body.content.map((u: { email: string }) => u.email)).toEqual(['admin@teste.local', 'joana@teste.local', 'pedro@teste.local']);
    expect(Object.keys(l.body.content[0]).sort()).toEqual(['ativo', 'criadoEm', 'email', 'id', 'nome', 'roles']);
    expect(l.body.content[0]).toMatchObject({ roles: ['super-admin'], ativo: true });
    expect(new Date(l.body.content[0].criadoEm).getTime()).not.toBeNaN();
    expect(JSON.stringify(l.body)).not.toMatch(/senha|argon/i);

    const porNome = await call(t.app, admin, { method: 'POST', url: '/api/usuarios/searchUsuarios/asc/nome?page=0&size=10', payload: { nome: 'araujo' } });
    expect(porNome.status).toBe(200);
    expect(porNome.body.content.map((u: { nome: string }) => u.nome)).toEqual(['Joana Araújo']);

    const porPapel = await call(t.app, admin, { method: 'POST', url: '/api/usuarios/searchUsuarios/asc/nome', payload: { role: 'super-admin' } });
    expect(porPapel.body.content.map((u: { email: string }) => u.email)).toEqual(['admin@teste.local']);
    const semPerfil = await call(t.app, admin, { method: 'POST', url: '/api/usuarios/searchUsuarios/desc/nome', payload: { role: 'sem-perfil', email: '' } });
    expect(semPerfil.body.content.map((u: { nome: string }) => u.nome)).toEqual(['Pedro Lima', 'Joana Araújo']);

    const um = await call(t.app, admin, { method: 'GET', url: `/api/usuarios/${joana.id}` });
    expect(um.status).toBe(200);
    expect(um.body).toMatchObject({ id: joana.id, nome: 'Joana Araújo', email: 'joana@teste.local', ativo: true, roles: [] });
    expect((await call(t.app, admin, { method: 'GET', url: '/api/usuarios/00000000-0000-4000-8000-000000000000' })).status).toBe(404);
    expect((await call(t.app, admin, { method: 'GET', url: '/api/usuarios/123' })).status).toBe(400);
  });

  it('gives a role, which the next token carries, and audits it', async () => {
    const antes = await login(t.app, joana.email, 'senha-joana');
    expect(roles(antes.body.access_token)).toEqual([]);

    const r = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${joana.id}`, payload: { roles: ['user-admin'] } });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ id: joana.id, roles: ['user-admin'], ativo: true });

    const depois = await login(t.app, joana.email, 'senha-joana');
    expect(roles(depois.body.access_token)).toEqual(['user-admin']);
    // A session opened before the change gets the new role at its next refresh.
    const refreshed = await form(t.app, `${OIDC}/token`, { grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token: antes.body.refresh_token });
    expect(roles(refreshed.body.access_token)).toEqual(['user-admin']);
    expect((await call(t.app, depois.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);

    const logs = await call(t.app, admin, {
      method: 'POST',
      url: '/api/logs/searchLogs/asc/id',
      payload: { cadastro: 'Usuario', cadastroId: joana.id, acao: 'UPDATE' },
    });
    expect(logs.body.content).toHaveLength(1);
    expect(logs.body.content[0]).toMatchObject({ usuario: 'admin@teste.local' });
    expect(logs.body.content[0].conteudo).toContain('roles=[user-admin]');
    expect(logs.body.content[0].conteudoAnterior).toContain('roles=[]');
  });

  it('disabling refuses the login and ends open sessions; enabling brings it back', async () => {
    const pedro = (await call(t.app, admin, { method: 'POST', url: '/api/usuarios/searchUsuarios/asc/nome', payload: { email: 'pedro' } })).body.content[0];
    const sessao = await login(t.app, 'pedro@teste.local', 'senha-pedro');
    expect(sessao.status).toBe(200);

    const off = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${pedro.id}`, payload: { ativo: false } });
    expect(off.status).toBe(200);
    expect(off.body.ativo).toBe(false);
    const l = await login(t.app, 'pedro@teste.local', 'senha-pedro');
    expect(l.status).toBe(400);
    expect(l.body.message).toBe('Email ou senha inválido');
    const r = await form(t.app, `${OIDC}/token`, { grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token: sessao.body.refresh_token });
    expect(r.status).toBe(400);
    const inativos = await call(t.app, admin, { method: 'POST', url: '/api/usuarios/searchUsuarios/asc/nome', payload: { ativo: false } });
    expect(inativos.body.content.map((u: { email: string }) => u.email)).toEqual(['pedro@teste.local']);

    expect((await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${pedro.id}`, payload: { ativo: true } })).status).toBe(200);
    expect((await login(t.app, 'pedro@teste.local', 'senha-pedro')).status).toBe(200);
  });

  it('sends a reset e-mail on the admin request', async () => {
    const r = await call(t.app, admin, { method: 'POST', url: `/api/usuarios/${joana.id}/reset` });
    expect(r.status).toBe(204);
    const mails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, joana.email));
    expect(mails).toHaveLength(1);
    expect(mails[0].corpo).toMatch(/\/nova-senha\?token=[A-Za-z0-9_-]{43}/);
  });

  it('refuses, changing nothing: own super-admin role, own account, bad role, other callers', async () => {
    const usuariosAntes = await t.app.ctx.db.select().from(usuarios).orderBy(usuarios.email);
    const logsAntes = await countRows(t.app, 'logs');
    const userAdmin = await tokenFor(t.app, ['user-admin']);
    const semPerfil = await tokenFor(t.app, []);
    const total = usuariosAntes.length + 2;

    const proprioPapel = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${adminId}`, payload: { roles: ['user-admin'] } });
    expect(proprioPapel.status).toBe(400);
    expect(proprioPapel.body.message).toBe('Você não pode remover o seu próprio perfil de super-admin.');
    const propriaConta = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${adminId}`, payload: { ativo: false } });
    expect(propriaConta.status).toBe(400);
    expect(propriaConta.body.message).toBe('Você não pode desativar a sua própria conta.');
    const papelRuim = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${joana.id}`, payload: { roles: ['dono'] } });
    expect(papelRuim.status).toBe(400);
    expect(papelRuim.body.message).toBe('Perfil inválido');
    expect((await call(t.app, admin, { method: 'PUT', url: '/api/usuarios/00000000-0000-4000-8000-000000000000', payload: { ativo: false } })).status).toBe(
      404,
    );

    const proibido = await call(t.app, userAdmin, { method: 'PUT', url: `/api/usuarios/${joana.id}`, payload: { roles: ['super-admin'] } });
    expect(proibido.status).toBe(403);
    expect((await call(t.app, userAdmin, { method: 'GET', url: '/api/usuarios' })).status).toBe(403);
    expect((await call(t.app, userAdmin, { method: 'POST', url: `/api/usuarios/${joana.id}/reset` })).status).toBe(403);
    expect((await call(t.app, semPerfil, { method: 'GET', url: '/api/usuarios' })).status).toBe(403);
    expect((await call(t.app, null, { method: 'GET', url: '/api/usuarios' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'PUT', url: `/api/usuarios/${joana.id}`, payload: { ativo: false } })).status).toBe(401);

    const usuariosDepois = await t.app.ctx.db.select().from(usuarios).orderBy(usuarios.email);
    expect(usuariosDepois).toHaveLength(total);
    expect(usuariosDepois.filter((u) => usuariosAntes.some((a) => a.id === u.id))).toEqual(usuariosAntes);
    expect(await countRows(t.app, 'logs')).toBe(logsAntes);
  });
});
