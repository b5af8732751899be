import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDatabase } from '../src/db/client';
import { outbox, resetTokens, rotas, usuarios } from '../src/db/schema';
import { seedReference } from '../src/db/seed/reference';
import { appDeTeste, call, countRows, tokenFor } from './helpers';

const t = appDeTeste({ tokens: [] });

/**
 * A new password (registration, reset by e-mail link, the first super-admin's
 * ADMIN_PASSWORD) has at least 8 characters and is not one of the common passwords shipped with
 * the t.app (compared without case), with the shared schema's pt-BR messages; a refusal changes nothing.
 */
const CURTA = 'A senha deve ter no mínimo 8 caracteres';
const COMUM = 'Esta senha é muito comum e fácil de adivinhar. Escolha outra.';

const registrar = (senha: unknown, email = `conta-${Math.random().toString(36).slice(2)}@teste.local`) =>
  call(t.app, null, { method: 'POST', url: '/api/auth/register', payload: { nome: 'Conta Nova', email, senha } });
const entrar = (email: string, senha: string) =>
  t.app.inject({
    method: 'POST',
    url: '/realms/ceasa/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: email, password: senha }).toString(),
  });

describe('registration', () => {
  it('refuses a short or common password with the pt-BR message on the field, and creates nothing', async () => {
    const antes = await countRows(t.app, 'usuarios');
    const logs = await countRows(t.app, 'logs');
    for (const [senha, mensagem] of [
      ['abc', CURTA],
      ['x', CURTA],
      ['1234567', CURTA],
      ['', 'A senha é obrigatória'],
      ['password', COMUM],
      ['PassWord', COMUM],
      ['12345678', COMUM],
      ['qwerty123', COMUM],
      ['iloveyou', COMUM],
      ['senha123', COMUM],
      ['Mudar123', COMUM],
      ['FLAMENGO', COMUM],
      [' 123456789 ', COMUM],
    ] as const) {
      const r = await registrar(senha);
      expect(r.status, senha).toBe(400);
      expect(r.body.message, senha).toBe(mensagem);
      expect(r.body.fieldErrors[0], senha).toEqual({ field: 'senha', message: mensagem });
    }
    expect(await countRows(t.app, 'usuarios')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logs);
  });

  it('accepts a password of 8 characters or more that is not common', async () => {
    for (const senha of ['Feira#2026', 'tomate-maduro-na-caixa', 'Ç4ju-Açaí']) {
      const email = `ok-${Math.random().toString(36).slice(2)}@teste.local`;
      const r = await registrar(senha, email);
      expect(r.status, senha).toBe(201);
      expect((await entrar(email, senha)).statusCode).toBe(200);
    }
  });
});

describe('reset by the e-mail link', () => {
  it('refuses a weak new password, leaving the link usable and the old password working', async () => {
    const email = 'redefine@teste.local';
    expect((await registrar('Antiga#Senha1', email)).status).toBe(201);
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email } })).status).toBe(204);
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, email));
    const token = /\/nova-senha\?token=([A-Za-z0-9_-]+)/.exec(mail.corpo)![1];
    for (const [senha, mensagem] of [
      ['abc', CURTA],
      ['Password1', COMUM],
    ]) {
      const r = await call(t.app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha } });
      expect(r.status).toBe(400);
      expect(r.body.fieldErrors).toEqual([{ field: 'senha', message: mensagem }]);
    }
    const [link] = await t.app.ctx.db.select().from(resetTokens);
    expect(link.usadoEm).toBeNull();
    expect((await entrar(email, 'Antiga#Senha1')).statusCode).toBe(200);
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha: 'Nova#Senha22' } })).status).toBe(204);
    expect((await entrar(email, 'Nova#Senha22')).statusCode).toBe(200);
  });
});

describe('user administration', () => {
  it("has no way to set another person's password (only to send the reset link)", async () => {
    const admin = await tokenFor(t.app, ['super-admin']);
    const email = 'administrada@teste.local';
    const c = await registrar('Senha#Dela1', email);
    const [antes] = await t.app.ctx.db.select().from(usuarios).where(eq(usuarios.email, email));
    const r = await call(t.app, admin, { method: 'PUT', url: `/api/usuarios/${c.body.id}`, payload: { roles: ['user-agro'], senha: 'abc', senhaHash: 'x' } });
    expect(r.status).toBe(200);
    const [depois] = await t.app.ctx.db.select().from(usuarios).where(eq(usuarios.email, email));
    expect(depois.senhaHash).toBe(antes.senhaHash);
    const rotasQueTocamSenha = t.app.rotasApi.filter((x) => /senha|password|credential/i.test(x.url)).map((x) => `${x.method} ${x.url}`);
    // The reset link's two routes, and a signed-in person's own change (it asks for the current password).
    expect(rotasQueTocamSenha.sort()).toEqual(['GET /api/auth/nova-senha/:token', 'POST /api/auth/nova-senha', 'POST /api/auth/senha']);
  });
});

describe('ADMIN_PASSWORD at first start', () => {
  it('a weak one stops the start with a clear message and creates nothing', async () => {
    const d = await openDatabase({ databaseUrl: undefined, dataDir: '', memoryDb: true });
    try {
      for (const [senha, mensagem] of [
        ['abc', CURTA],
        ['admin123', COMUM],
      ]) {
        await expect(seedReference(d.db, { adminEmail: 'chefe@teste.local', adminPassword: senha })).rejects.toThrow(
          `ADMIN_PASSWORD recusada: ${mensagem.replace(/\.$/, '')}. Defina outra senha em ADMIN_PASSWORD (ou deixe-a vazia para o sistema gerar uma) e inicie de novo.`,
        );
        expect(await d.db.$count(usuarios)).toBe(0);
        expect(await d.db.$count(rotas)).toBe(0);
      }
      // A good one then starts it.
      expect(await seedReference(d.db, { adminEmail: 'chefe@teste.local', adminPassword: 'Chefe#Ceasa26' })).toEqual({
        email: 'chefe@teste.local',
        senha: 'Chefe#Ceasa26',
        gerada: false,
      });
    } finally {
      await d.close();
    }
  }, 60_000);
});
