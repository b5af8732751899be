import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, call, tokenFor } from './helpers';

/** An access token stops opening /api as soon as its session ends, not when it expires. */
let app: FastifyInstance;
beforeAll(async () => {
  app = await build();
});
afterAll(() => app.close());

async function entrar(username: string, password: string) {
  const r = await app.inject({
    method: 'POST',
    url: '/realms/ceasa/protocol/openid-connect/token',
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username, password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  expect(r.statusCode).toBe(200);
  return r.json() as { access_token: string; refresh_token: string };
}

describe('session checks on /api', () => {
  it('refuses the access token of a signed-out session', async () => {
    const t = await entrar('admin@teste.local', 'admin-senha');
    expect((await call(app, t.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
    const out = await app.inject({
      method: 'POST',
      url: '/realms/ceasa/protocol/openid-connect/logout',
      payload: new URLSearchParams({ client_id: 'ceasa-web', refresh_token: t.refresh_token }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(out.statusCode).toBe(204);
    const r = await call(app, t.access_token, { method: 'GET', url: '/api/municipio' });
    expect(r.status).toBe(401);
    expect(r.body.message).toMatch(/Entre novamente/);
  });

  it('refuses the tokens of an account the super-admin disabled', async () => {
    const admin = await tokenFor(app, ['super-admin']);
    const reg = await call(app, null, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: 'Desativada', email: 'desativada@teste.local', senha: 'Desativada#1' },
    });
    await call(app, admin, { method: 'PUT', url: `/api/usuarios/${reg.body.id}`, payload: { roles: ['user-admin'] } });
    const t = await entrar('desativada@teste.local', 'Desativada#1');
    expect((await call(app, t.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
    expect((await call(app, admin, { method: 'PUT', url: `/api/usuarios/${reg.body.id}`, payload: { ativo: false } })).status).toBe(200);
    expect((await call(app, t.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(401);
  });

  it('takes a removed role away at once: the old access token can no longer create', async () => {
    const admin = await tokenFor(app, ['super-admin']);
    const reg = await call(app, null, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: 'Ex Administrativa', email: 'ex.admin@teste.local', senha: 'Senha-forte-2' },
    });
    expect((await call(app, admin, { method: 'PUT', url: `/api/usuarios/${reg.body.id}`, payload: { roles: ['user-admin'] } })).status).toBe(200);
    const t = await entrar('ex.admin@teste.local', 'Senha-forte-2');
    const criar = (nome: string) => call(app, t.access_token, { method: 'POST', url: '/api/municipio', payload: { nome, sigla: 'PR' } });
    expect((await criar('Antes da Mudança')).status).toBe(201);

    expect((await call(app, admin, { method: 'PUT', url: `/api/usuarios/${reg.body.id}`, payload: { roles: [] } })).status).toBe(200);
    const antes = (await call(app, admin, { method: 'GET', url: '/api/municipio?size=1000' })).body.totalElements;
    const depois = await criar('Depois da Mudança');
    expect(depois.status).toBe(403);
    expect(depois.body.message).toMatch(/ainda não foi atribuído perfil/);
    expect((await call(app, admin, { method: 'GET', url: '/api/municipio?size=1000' })).body.totalElements).toBe(antes);

    // Given another role, the same session works with the new one at once (no new sign-in needed).
    expect((await call(app, admin, { method: 'PUT', url: `/api/usuarios/${reg.body.id}`, payload: { roles: ['user-agro'] } })).status).toBe(200);
    expect((await call(app, t.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
    const agro = await criar('Como Agronomia');
    expect(agro.status).toBe(403);
    expect(agro.body.message).toMatch(/permissão para cadastrar em municipio/);
  });
});
