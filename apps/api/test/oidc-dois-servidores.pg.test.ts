/**
 * The built-in OpenID Connect provider on two servers of one PostgreSQL database (behind one address, as a
 * load balancer puts them): a flow begun on one ends on the other, tokens of one work on the other, a
 * reused refresh token is caught whichever server sees it, and a restart loses nothing (the provider's
 * state and cookie keys live in the database). Needs PostgreSQL (DATABASE_URL), as every *.pg.test.ts.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { Config } from '../src/config';
import { openDatabase } from '../src/db/client';
import { entrarPeloNavegador, pedidoComPkce } from './oidc-apoio';

const PORTA_A = 3413;
const PORTA_B = 3414;
const PUBLICO = `http://127.0.0.1:${PORTA_A}`;
const B = `http://127.0.0.1:${PORTA_B}`;
const ISSUER = `${PUBLICO}/realms/ceasa`;
const CALLBACK = 'http://127.0.0.1:3412/cb';
const urlServidor = process.env.DATABASE_URL!;
const nome = `ceasa_oidc_${process.pid}_${randomUUID().slice(0, 8)}`;
let url: string;

const config: Partial<Config> = {
  publicUrl: PUBLICO,
  adminEmail: 'admin@teste.local',
  adminPassword: 'admin-senha',
  oidcClients: [{ client_id: 'app-feira', redirect_uris: [CALLBACK], post_logout_redirect_uris: [] }],
};

async function servidor(porta: number) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', memoryDb: false });
  const app = await buildApp({ database, logger: false, web: false, config: { ...config, port: porta, host: '127.0.0.1' } });
  app.addHook('onClose', () => database.close());
  await app.listen({ host: '127.0.0.1', port: porta });
  return app;
}

let a: FastifyInstance;
let b: FastifyInstance;
beforeAll(async () => {
  const c = new pg.Client({ connectionString: urlServidor });
  await c.connect();
  await c.query(`CREATE DATABASE ${nome}`);
  await c.end();
  const u = new URL(urlServidor);
  u.pathname = `/${nome}`;
  url = u.toString();
  [a, b] = await Promise.all([servidor(PORTA_A), servidor(PORTA_B)]);
});
afterAll(async () => {
  await Promise.all([a?.close(), b?.close()]);
  const c = new pg.Client({ connectionString: urlServidor });
  await c.connect();
  await c.query(`DROP DATABASE IF EXISTS ${nome} WITH (FORCE)`);
  await c.end();
});

const token = (base: string, campos: Record<string, string>) =>
  fetch(`${base}/realms/ceasa/protocol/openid-connect/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ client_id: 'app-feira', ...campos }).toString(),
  });
const chamarApi = (base: string, t: string) => fetch(`${base}/api/municipio`, { headers: { authorization: `Bearer ${t}` } });

/** A code flow begun on A, the sign-in and the return on B, the code exchanged on B. */
async function entrarEntreServidores() {
  const config = await oidc.discovery(new URL(ISSUER), 'app-feira', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
  const { url, verifier } = await pedidoComPkce(config, CALLBACK, 'openid email api');
  const { retorno } = await entrarPeloNavegador(url, 'admin@teste.local', 'admin-senha', undefined, B);
  const r = await token(B, { grant_type: 'authorization_code', code: retorno!.searchParams.get('code')!, redirect_uri: CALLBACK, code_verifier: verifier });
  expect(r.status).toBe(200);
  return (await r.json()) as { access_token: string; refresh_token: string; id_token: string };
}

describe('the built-in provider on two servers of one database', () => {
  it('finishes on one server a flow begun on the other; tokens and refresh work across them; a reuse is caught on either', async () => {
    const t = await entrarEntreServidores();
    expect((await chamarApi(PUBLICO, t.access_token)).status).toBe(200);
    expect((await chamarApi(B, t.access_token)).status).toBe(200);
    const novo = await token(PUBLICO, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(novo.status).toBe(200);
    const n = (await novo.json()) as { access_token: string; refresh_token: string };
    const reuso = await token(B, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(reuso.status).toBe(400);
    expect(((await reuso.json()) as { error: string }).error).toBe('invalid_grant');
    // The session ended on both servers (the notice reaches the other within a second).
    for (const base of [PUBLICO, B]) {
      const inicio = Date.now();
      while ((await chamarApi(base, n.access_token)).status !== 401) {
        expect(Date.now() - inicio).toBeLessThan(1000);
        await new Promise((r) => setTimeout(r, 20));
      }
    }
    expect((await token(PUBLICO, { grant_type: 'refresh_token', refresh_token: n.refresh_token })).status).toBe(400);
  });

  it('keeps refresh tokens and sessions across a restart', async () => {
    const t = await entrarEntreServidores();
    await Promise.all([a.close(), b.close()]);
    [a, b] = await Promise.all([servidor(PORTA_A), servidor(PORTA_B)]);
    const r = await token(PUBLICO, { grant_type: 'refresh_token', refresh_token: t.refresh_token });
    expect(r.status).toBe(200);
    expect((await chamarApi(B, ((await r.json()) as { access_token: string }).access_token)).status).toBe(200);
  });
});
