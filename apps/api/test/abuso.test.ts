import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { appDeTeste, call, countRows } from './helpers';

/**
 * Abuse limits (docs/decisions/0079-limites-contra-abuso.md): one client address creates at most
 * REGISTER_MAX_ACCOUNTS accounts per REGISTER_WINDOW_MS through the public register, counted in the database.
 */
const MSG = 'Muitas contas criadas a partir deste endereço. Tente novamente mais tarde.';
const t = appDeTeste({ config: { registerMaxAccounts: 5, registerWindowMs: 3_600_000 }, tokens: [] });

let n = 0;
const registrar = (ip: string) =>
  call(t.app, null, {
    method: 'POST',
    url: '/api/auth/register',
    payload: { nome: `Conta ${++n}`, email: `conta.${n}@abuso.local`, senha: 'Senha-forte-77' },
    remoteAddress: ip,
  });

describe('registration limit per client address', () => {
  it('defaults to 5 accounts per hour, configurable by REGISTER_MAX_ACCOUNTS and REGISTER_WINDOW_MS', () => {
    const padrao = loadConfig({});
    expect(padrao.registerMaxAccounts).toBe(5);
    expect(padrao.registerWindowMs).toBe(3_600_000);
    const env = loadConfig({ REGISTER_MAX_ACCOUNTS: '2', REGISTER_WINDOW_MS: '60000' });
    expect(env.registerMaxAccounts).toBe(2);
    expect(env.registerWindowMs).toBe(60_000);
    expect(() => loadConfig({ REGISTER_MAX_ACCOUNTS: 'cinco' })).toThrow('REGISTER_MAX_ACCOUNTS inválido (NaN): use um número inteiro maior que zero');
    expect(() => loadConfig({ REGISTER_WINDOW_MS: '0' })).toThrow('REGISTER_WINDOW_MS inválido (0): use um número inteiro maior que zero');
  });

  it('accepts 5 accounts from one address, then answers a pt-BR 429 creating nothing; another address still registers', async () => {
    for (let i = 0; i < 5; i++) expect((await registrar('10.9.0.1')).status).toBe(201);
    const usuarios = await countRows(t.app, 'usuarios');
    const logs = await countRows(t.app, 'logs');
    const contados = await countRows(t.app, 'registros_por_endereco');

    const recusado = await registrar('10.9.0.1');
    expect(recusado.status).toBe(429);
    expect(recusado.body.message).toBe(MSG);
    const espera = Number(recusado.headers['retry-after']);
    expect(espera).toBeGreaterThan(0);
    expect(espera).toBeLessThanOrEqual(3600);
    expect(await countRows(t.app, 'usuarios')).toBe(usuarios);
    expect(await countRows(t.app, 'logs')).toBe(logs);
    expect(await countRows(t.app, 'registros_por_endereco')).toBe(contados);
    const [{ existe }] = (
      await t.app.ctx.db.execute<{ existe: boolean }>(sql`SELECT exists(SELECT 1 FROM usuarios WHERE email = ${`conta.${n}@abuso.local`}) AS existe`)
    ).rows;
    expect(existe).toBe(false);

    expect((await registrar('10.9.0.2')).status).toBe(201);
  });

  it('counts an attempt with an e-mail already in use (the register is no free probe), not an invalid body', async () => {
    for (let i = 0; i < 3; i++) expect((await registrar('10.9.0.3')).status).toBe(201);
    const dup = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: 'Repetida', email: `conta.${n}@abuso.local`, senha: 'Senha-forte-77' },
      remoteAddress: '10.9.0.3',
    });
    expect(dup.status).toBe(409);
    const invalido = await call(t.app, null, { method: 'POST', url: '/api/auth/register', payload: { nome: '', email: 'x' }, remoteAddress: '10.9.0.3' });
    expect(invalido.status).toBe(400);
    expect((await registrar('10.9.0.3')).status).toBe(201);
    expect((await registrar('10.9.0.3')).status).toBe(429);
  });

  it('holds the limit for registrations sent at once from one address', async () => {
    const antes = await countRows(t.app, 'usuarios');
    const r = await Promise.all(Array.from({ length: 8 }, () => registrar('10.9.0.4')));
    expect(r.filter((x) => x.status === 201)).toHaveLength(5);
    expect(r.filter((x) => x.status === 429)).toHaveLength(3);
    expect(await countRows(t.app, 'usuarios')).toBe(antes + 5);
  });

  it('counts in the database, within the window: accounts older than it no longer count', async () => {
    expect((await registrar('10.9.0.1')).status).toBe(429);
    await t.app.ctx.db.execute(sql`UPDATE registros_por_endereco SET criado_em = now() - interval '61 minutes' WHERE endereco = '10.9.0.1'`);
    expect((await registrar('10.9.0.1')).status).toBe(201);
    // The expired rows were purged as the new one came in.
    const [{ linhas }] = (
      await t.app.ctx.db.execute<{ linhas: number }>(sql`SELECT count(*)::int AS linhas FROM registros_por_endereco WHERE endereco = '10.9.0.1'`)
    ).rows;
    expect(linhas).toBe(1);
  });
});
