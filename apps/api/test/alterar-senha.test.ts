import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sessoes, usuarios } from '../src/db/schema';
import { hashSenha, verificarSenha } from '../src/identity/passwords';
import { MSG_SENHA_ATUAL, MSG_SENHA_COMUM_DENTRO, MSG_SENHA_PESSOAL } from '../src/identity/senha.routes';
import { appDeTeste, call, countRows } from './helpers';

/** 'Alterar senha' (POST /api/auth/senha) for a signed-in person, with the rules a new password meets. */
const t = appDeTeste({ tokens: [] });
const WEB = () => ({ 'x-ceasa-csrf': '1', origin: `http://localhost:${t.app.ctx.config.port}` });
const SENHA = 'girassol-azul-77';

async function entrar() {
  const email = `joana.silveira${Date.now()}@teste.local`;
  await t.app.ctx.db.insert(usuarios).values({ nome: 'Joana Silveira', email, senhaHash: await hashSenha(SENHA), roles: ['user-agro'] });
  const a = await call(t.app, null, {
    method: 'POST',
    url: '/api/auth/sessao/login',
    headers: WEB(),
    payload: { email, senha: SENHA },
    remoteAddress: '10.6.0.1',
  });
  const b = await call(t.app, null, {
    method: 'POST',
    url: '/api/auth/sessao/login',
    headers: WEB(),
    payload: { email, senha: SENHA },
    remoteAddress: '10.6.0.2',
  });
  return { email, a: a.body.access_token as string, b: b.body.access_token as string, sessaoB: b.body.session_state as string };
}
const alterar = (token: string, senhaAtual: string, novaSenha: string) =>
  call(t.app, token, { method: 'POST', url: '/api/auth/senha', payload: { senhaAtual, novaSenha } });

describe('alterar senha', () => {
  it('changes the password with the current one, ends the other sessions and is audited', async () => {
    const p = await entrar();
    const antes = await countRows(t.app, 'logs');
    const r = await alterar(p.a, SENHA, 'trovoada-de-maio-81');
    expect(r.status).toBe(204);
    const [u] = await t.app.ctx.db.select().from(usuarios).where(eq(usuarios.email, p.email));
    expect(await verificarSenha(u.senhaHash, 'trovoada-de-maio-81')).toBe(true);
    expect(await countRows(t.app, 'logs')).toBe(antes + 1);
    expect((await call(t.app, p.a, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    expect((await call(t.app, p.b, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    const [sb] = await t.app.ctx.db.select().from(sessoes).where(eq(sessoes.id, p.sessaoB));
    expect(sb.revogadaEm).not.toBeNull();
  });

  it('refuses a wrong current password and personal or common new ones in pt-BR, changing nothing', async () => {
    const p = await entrar();
    const [antes] = await t.app.ctx.db.select().from(usuarios).where(eq(usuarios.email, p.email));
    const errada = await alterar(p.a, 'nao-e-essa-senha', 'trovoada-de-maio-81');
    expect(errada.status).toBe(400);
    expect(errada.body.message).toBe(MSG_SENHA_ATUAL);
    for (const [nova, msg] of [
      [`${p.email.split('@')[0]}!`, MSG_SENHA_PESSOAL],
      ['Silveira#2026', MSG_SENHA_PESSOAL],
      ['JoanaXYZ9876', MSG_SENHA_PESSOAL],
      ['ceasaregional2026', MSG_SENHA_PESSOAL],
      ['abc-senha123-xyz', MSG_SENHA_COMUM_DENTRO],
    ] as const) {
      const r = await alterar(p.a, SENHA, nova);
      expect(r.status, nova).toBe(400);
      expect(r.body.message, nova).toBe(msg);
    }
    const curta = await alterar(p.a, SENHA, 'curta');
    expect(curta.status).toBe(400);
    expect(curta.body.fieldErrors).toContainEqual({ field: 'novaSenha', message: 'A senha deve ter no mínimo 8 caracteres' });
    const [depois] = await t.app.ctx.db.select().from(usuarios).where(eq(usuarios.email, p.email));
    expect(depois.senhaHash).toBe(antes.senhaHash);
  });

  it('needs a session', async () => {
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/senha', payload: { senhaAtual: 'a', novaSenha: 'b' } })).status).toBe(401);
  });
});
