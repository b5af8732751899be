import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resetTokens, usuarios } from '../src/db/schema';
import { hashSenha, verificarSenha } from '../src/identity/passwords';
import { sha256 } from '../src/lib/segredos';
import { MSG_TROQUE_A_SENHA } from '../src/plugins/auth';
import { build, call, countRows, tokenFor } from './helpers';

/**
 * A generated password is changed at the first sign-in (every call but 'Alterar senha' is a 403 until then); the
 * rules of a new password are the same on register, reset and change; the security events of a reset asked and a
 * change of roles or permissions, and no mail's link in the log.
 */
const linhas: Record<string, unknown>[] = [];
let app: FastifyInstance;
const WEB = () => ({ 'x-ceasa-csrf': '1', origin: `http://localhost:${app.ctx.config.port}` });
let endereco = 1;

beforeAll(async () => {
  app = await build({}, { destinoDoLog: { write: (l: string) => void linhas.push(JSON.parse(l) as Record<string, unknown>) } });
});
afterAll(() => app?.close());

const entrar = (email: string, senha: string) =>
  call(app, null, { method: 'POST', url: '/api/auth/sessao/login', headers: WEB(), payload: { email, senha }, remoteAddress: `10.7.0.${endereco++}` });

describe('generated password changed at the first sign-in', () => {
  it('says trocarSenha at sign-in, refuses every other call in pt-BR until the change, then lets everything through', async () => {
    const email = 'ti.gerada@teste.local';
    await app.ctx.db.insert(usuarios).values({ nome: 'TI', email, senhaHash: await hashSenha('Gerada-kq81Zx-93'), roles: ['super-admin'], trocarSenha: true });
    const login = await entrar(email, 'Gerada-kq81Zx-93');
    expect(login.status).toBe(200);
    expect(login.body.trocarSenha).toBe(true);
    const token = login.body.access_token as string;
    const antes = await countRows(app, 'municipio');
    for (const [method, url, payload] of [
      ['GET', '/api/usuarios', undefined],
      ['GET', '/api/auth/sessoes', undefined],
      ['POST', '/api/municipio', { nome: 'Caxias', sigla: 'MA' }],
    ] as const) {
      const r = await call(app, token, { method, url, payload });
      expect(r.status, url).toBe(403);
      expect(r.body.message, url).toBe(MSG_TROQUE_A_SENHA);
    }
    expect(await countRows(app, 'municipio')).toBe(antes);
    expect(linhas.find((l) => l.seguranca === 'acesso-negado' && l.motivo === 'troca-de-senha-pendente')).toMatchObject({ conta: email });
    // Who am I still answers (the page shows the name), and the change itself goes through.
    expect((await call(app, token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const troca = await call(app, token, {
      method: 'POST',
      url: '/api/auth/senha',
      payload: { senhaAtual: 'Gerada-kq81Zx-93', novaSenha: 'trovoada-de-maio-81' },
    });
    expect(troca.status).toBe(204);
    const [u] = await app.ctx.db.select().from(usuarios).where(eq(usuarios.email, email));
    expect(u.trocarSenha).toBe(false);
    expect((await call(app, token, { method: 'GET', url: '/api/usuarios' })).status).toBe(200);
    const depois = await entrar(email, 'trovoada-de-maio-81');
    expect(depois.status).toBe(200);
    expect(depois.body.trocarSenha).toBeUndefined();
  });

  it('does not force a change on the account whose password ADMIN_PASSWORD chose', async () => {
    const login = await entrar('admin@teste.local', 'admin-senha');
    expect(login.status).toBe(200);
    expect(login.body.trocarSenha).toBeUndefined();
    expect((await call(app, login.body.access_token as string, { method: 'GET', url: '/api/usuarios' })).status).toBe(200);
  });
});

describe('reset link', () => {
  it('clears trocarSenha when the reset link sets a new password', async () => {
    const email = 'francisca.reset@teste.local';
    const [u] = await app.ctx.db
      .insert(usuarios)
      .values({ nome: 'Francisca Lima', email, senhaHash: await hashSenha('Antiga-zz91-qq'), roles: ['user-agro'], trocarSenha: true })
      .returning();
    const token = 'link-de-teste-da-francisca-0123456789';
    await app.ctx.db.insert(resetTokens).values({ usuarioId: u.id, tokenHash: sha256(token), expiraEm: new Date(Date.now() + 3_600_000) });
    const [mesmo] = await app.ctx.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(await verificarSenha(mesmo.senhaHash, 'Antiga-zz91-qq')).toBe(true);
    const boa = await call(app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha: 'trovoada-de-maio-81' } });
    expect(boa.status).toBe(204);
    const [depois] = await app.ctx.db.select().from(usuarios).where(eq(usuarios.id, u.id));
    expect(depois.trocarSenha).toBe(false);
  });
});

describe('security events', () => {
  it('logs a reset asked, a change of roles and of permissions; the mail is queued without its link', async () => {
    const admin = await tokenFor(app, ['super-admin']);
    const [alvo] = await app.ctx.db
      .insert(usuarios)
      .values({ nome: 'Benedito Sousa', email: 'benedito@teste.local', senhaHash: await hashSenha('Qualquer-77-xx'), roles: ['user-agro'] })
      .returning();
    expect((await call(app, admin, { method: 'POST', url: `/api/usuarios/${alvo.id}/reset` })).status).toBe(204);
    expect(linhas.find((l) => l.seguranca === 'redefinicao-pedida')).toMatchObject({ alvo: 'benedito@teste.local', endereco: expect.any(String) });
    const fila = linhas.find((l) => l.para === 'benedito@teste.local' && typeof l.outbox === 'number');
    expect(fila?.msg).toContain('guardado na caixa de saída');
    expect(JSON.stringify(linhas)).not.toContain('/nova-senha?token=');

    expect((await call(app, admin, { method: 'PUT', url: `/api/usuarios/${alvo.id}`, payload: { roles: ['user-admin'] } })).status).toBe(200);
    expect(linhas.find((l) => l.seguranca === 'papeis-alterados')).toMatchObject({ alvo: 'benedito@teste.local', papeis: 'user-admin' });

    const grupo = await call(app, admin, { method: 'GET', url: '/api/grupoPermissoes/1' });
    expect(grupo.status).toBe(200);
    const alterado = await call(app, admin, {
      method: 'PUT',
      url: '/api/grupoPermissoes/1',
      payload: { nome: grupo.body.nome, permissoes: grupo.body.permissoes },
    });
    expect(alterado.status, JSON.stringify(alterado.body)).toBe(200);
    expect(linhas.find((l) => l.seguranca === 'permissoes-alteradas')).toMatchObject({ grupo: 1, motivo: 'alterar' });
  });
});
