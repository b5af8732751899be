/**
 * Limits that hold under a burst, on the database the suite runs on: sign-in attempts are
 * counted before the password is checked, so thirty parallel wrong passwords check at most five and the right
 * password inside the burst is refused until the window ends; register attempts count whether or not they
 * create an account. Two servers on one PostgreSQL database: rajada.pg.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usuarios } from '../src/db/schema';
import { MSG_MUITAS_CONTAS } from '../src/identity/registros';
import { hashSenha } from '../src/identity/passwords';
import { build } from './helpers';
import { entrar, rajada } from './rajada-apoio';

// Long enough for the whole burst to land inside it on a loaded 2-core machine (3 s was not: the burst's last
// attempts came after the window and were checked as a new one).
const JANELA_MS = 10_000;
let app: FastifyInstance;
let base: string;

beforeAll(async () => {
  app = await build({ loginWindowMs: JANELA_MS, registerMaxAccounts: 3 });
  base = await app.listen({ port: 0, host: '127.0.0.1' });
}, 60_000);
afterAll(() => app?.close());

describe('a burst of sign-ins', () => {
  it('checks at most five passwords, and refuses the right one inside the burst until the window ends', async () => {
    const email = `rajada-${randomUUID().slice(0, 8)}@teste.local`;
    const senha = 'Senha-da-rajada-1';
    await app.ctx.db.insert(usuarios).values({ nome: 'Rajada', email, senhaHash: await hashSenha(senha), roles: ['user-agro'] });
    const inicio = Date.now();
    await rajada([base], email, senha);
    await new Promise((r) => setTimeout(r, Math.max(0, inicio + JANELA_MS + 300 - Date.now())));
    const depois = await entrar(base, email, senha);
    expect(depois.status, JSON.stringify(depois.corpo)).toBe(200);
    expect(depois.corpo.access_token).toBeTruthy();
  }, 60_000);
});

describe('register attempts', () => {
  it('are limited per address whether they create an account or not (409s count)', async () => {
    const registrar = (email: string) =>
      fetch(`${base}/api/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ nome: 'Alguém', email, senha: 'Senha-do-cadastro-1' }),
      }).then(async (r) => ({ status: r.status, corpo: (await r.json()) as { message?: string } }));
    // Existing e-mails, in parallel: the first three get their 409, the rest the 429.
    const r = await Promise.all(Array.from({ length: 10 }, () => registrar('admin@teste.local')));
    expect(r.filter((x) => x.status === 409)).toHaveLength(3);
    const recusas = r.filter((x) => x.status === 429);
    expect(recusas).toHaveLength(7);
    for (const x of recusas) expect(x.corpo.message).toBe(MSG_MUITAS_CONTAS);
    // A new e-mail from the same address is refused too.
    expect((await registrar(`nova-${randomUUID().slice(0, 8)}@teste.local`)).status).toBe(429);
  });
});
