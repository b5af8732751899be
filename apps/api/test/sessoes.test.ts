import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { logs, sessoes, usuarios } from '../src/db/schema';
import { hashSenha } from '../src/identity/passwords';
import { appDeTeste, call, countRows, tokenFor } from './helpers';

/**
 * Sessions that end: SESSAO_INATIVIDADE_MIN (here one minute) and SESSAO_MAXIMA_HORAS; 'Minhas sessões' lists
 * and ends them; a super-admin ends all of someone's; no answer that needs a session is cached.
 */
const t = appDeTeste({ config: { sessaoInatividadeMin: 1 }, tokens: ['admin', 'userAdmin'] });
const CSRF = { 'x-ceasa-csrf': '1' };
const WEB = () => ({ ...CSRF, origin: `http://localhost:${t.app.ctx.config.port}` });
const SENHA = 'senha-das-sessoes-42';
const valorDoCookie = (h: Record<string, unknown>) => /ceasa_refresh=([^;]*)/.exec([h['set-cookie']].flat().join('\n'))?.[1] ?? '';

let n = 0;
async function pessoa(roles: string[] = ['user-agro']) {
  const email = `sessoes-${++n}@teste.local`;
  const [u] = await t.app.ctx.db
    .insert(usuarios)
    .values({ nome: 'Pessoa', email, senhaHash: await hashSenha(SENHA), roles })
    .returning();
  return u;
}
const entrar = (email: string, agente = 'Navegador de teste') =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/auth/sessao/login',
    headers: { ...WEB(), 'user-agent': agente },
    payload: { email, senha: SENHA },
    remoteAddress: `10.8.0.${++n}`,
  });
const renovar = (cookie: string) =>
  call(t.app, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: { ...WEB(), cookie: `ceasa_refresh=${cookie}` } });
/** Moves a session's clock back by `min` minutes of inactivity. */
const ociosaHa = (id: string, min: number) =>
  t.app.ctx.db
    .update(sessoes)
    .set({ ultimoUsoEm: sql`now() - make_interval(secs => ${min * 60})` })
    .where(eq(sessoes.id, id));

describe('sessions that end', () => {
  it('a refresh after SESSAO_INATIVIDADE_MIN without a request is a pt-BR 401, and the access token stops too', async () => {
    const u = await pessoa();
    const l = await entrar(u.email);
    expect(l.status).toBe(200);
    // Used within the minute: alive.
    const r1 = await renovar(valorDoCookie(l.headers));
    expect(r1.status).toBe(200);
    await ociosaHa(l.body.session_state, 2);
    t.app.esquecerSessoes();
    const r2 = await renovar(valorDoCookie(r1.headers));
    expect(r2.status).toBe(401);
    expect(r2.body.message).toBe('Sessão inválida ou expirada. Entre novamente.');
    expect((await call(t.app, r1.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
  });

  it('a request keeps the session alive; a refresh alone does not', async () => {
    const u = await pessoa();
    const l = await entrar(u.email);
    await ociosaHa(l.body.session_state, 0.9);
    t.app.esquecerSessoes();
    expect((await call(t.app, l.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const [s] = await t.app.ctx.db.select().from(sessoes).where(eq(sessoes.id, l.body.session_state));
    expect(Date.now() - s.ultimoUsoEm.getTime()).toBeLessThan(10_000);
    // A refresh is not a use.
    const r = await renovar(valorDoCookie(l.headers));
    expect(r.status).toBe(200);
    const [s2] = await t.app.ctx.db.select().from(sessoes).where(eq(sessoes.id, l.body.session_state));
    expect(s2.ultimoUsoEm.getTime()).toBe(s.ultimoUsoEm.getTime());
  });

  it('a session lasts at most SESSAO_MAXIMA_HORAS (12 h by default)', async () => {
    const u = await pessoa();
    const l = await entrar(u.email);
    const [s] = await t.app.ctx.db.select().from(sessoes).where(eq(sessoes.id, l.body.session_state));
    expect(s.expiraEm.getTime() - s.criadaEm.getTime()).toBe(12 * 3600_000);
  });
});

describe("'Minhas sessões'", () => {
  it('lists my open sessions (device, address, start, last use) and ends one or all the others', async () => {
    const u = await pessoa();
    const a = await entrar(u.email, 'Firefox no balcão');
    const b = await entrar(u.email, 'Celular');
    const c = await entrar(u.email, 'Notebook');
    const lista = await call(t.app, a.body.access_token, { method: 'GET', url: '/api/auth/sessoes' });
    expect(lista.status).toBe(200);
    expect(lista.headers['cache-control']).toBe('no-store');
    expect(lista.body).toHaveLength(3);
    const minha = lista.body.find((s: { atual: boolean }) => s.atual);
    expect(minha).toMatchObject({ id: a.body.session_state, dispositivo: 'Firefox no balcão', endereco: expect.stringMatching(/^10\.8\.0\./) });
    expect(Object.keys(minha).sort()).toEqual(['atual', 'dispositivo', 'endereco', 'id', 'inicio', 'ultimoUso']);

    // Another person's session cannot be ended from here.
    const outro = await pessoa();
    const o = await entrar(outro.email);
    const alheia = await call(t.app, a.body.access_token, { method: 'DELETE', url: `/api/auth/sessoes/${o.body.session_state}` });
    expect(alheia.status).toBe(404);
    expect(alheia.body.message).toBe('Sessão não encontrada');
    expect((await call(t.app, o.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);

    expect((await call(t.app, a.body.access_token, { method: 'DELETE', url: `/api/auth/sessoes/${b.body.session_state}` })).status).toBe(204);
    expect((await call(t.app, b.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    expect((await call(t.app, c.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);

    expect((await call(t.app, a.body.access_token, { method: 'POST', url: '/api/auth/sessoes/encerrar-outras' })).status).toBe(204);
    expect((await call(t.app, c.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    expect((await call(t.app, a.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const depois = await call(t.app, a.body.access_token, { method: 'GET', url: '/api/auth/sessoes' });
    expect(depois.body.map((s: { id: string }) => s.id)).toEqual([a.body.session_state]);
  });

  it('a super-admin ends all of someone\u2019s sessions (audited); a user-admin may not', async () => {
    const u = await pessoa();
    const a = await entrar(u.email);
    const recusa = await call(t.app, t.userAdmin, { method: 'POST', url: `/api/usuarios/${u.id}/encerrar-sessoes` });
    expect(recusa.status).toBe(403);
    expect((await call(t.app, a.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const antes = await countRows(t.app, 'logs');
    const r = await call(t.app, t.admin, { method: 'POST', url: `/api/usuarios/${u.id}/encerrar-sessoes` });
    expect(r.status).toBe(204);
    expect((await call(t.app, a.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    expect(await countRows(t.app, 'logs')).toBe(antes + 1);
    const [log] = await t.app.ctx.db.select().from(logs).where(eq(logs.cadastroId, u.id));
    expect(log.conteudo).toContain('sessoes=encerradas');
    const inexistente = await call(t.app, t.admin, { method: 'POST', url: '/api/usuarios/00000000-0000-4000-8000-000000000000/encerrar-sessoes' });
    expect(inexistente.status).toBe(404);
  });
});

describe('nothing kept where it should not be', () => {
  it('every answer that needs a session or a token says Cache-Control: no-store; public ones keep theirs', async () => {
    const token = await tokenFor(t.app, ['super-admin']);
    for (const url of ['/api/usuarios', '/api/auth/sessao/eu', '/api/municipio', '/api/grupoPermissoes/meu']) {
      const r = await call(t.app, token, { method: 'GET', url });
      expect(r.status, url).toBe(200);
      expect(r.headers['cache-control'], url).toBe('no-store');
    }
    const refusal = await call(t.app, null, { method: 'GET', url: '/api/usuarios' });
    expect(refusal.status).toBe(401);
    expect(refusal.headers['cache-control']).toBe('no-store');
  });

  it('sign-out sends Clear-Site-Data for the cache and the storage', async () => {
    const u = await pessoa();
    const l = await entrar(u.email);
    const r = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/sessao/logout',
      headers: { ...WEB(), cookie: `ceasa_refresh=${valorDoCookie(l.headers)}` },
    });
    expect(r.status).toBe(204);
    expect(r.headers['clear-site-data']).toBe('"cache", "storage"');
  });
});
