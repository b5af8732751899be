/**
 * Two servers, one database: two real server processes (`node
 * apps/api/dist/server.mjs`, as `npm start` runs it) started at the same moment on loopback against one fresh
 * PostgreSQL database behave as one, so a load balancer may send any request to either. The notices between
 * servers (lib/avisos.ts) are also checked on their own. Needs PostgreSQL: the API project includes `*.pg.test.ts`
 * files only when DATABASE_URL is set, as `.ci/run` does (vitest.config.ts); dois-servidores.test.ts checks on
 * the embedded database what applies to one process.
 */
import type { ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../src/db/client';
import { avisosPostgres, NOME_DA_CONEXAO, type AvisosDoApp } from '../src/lib/avisos';
import { bancoDescartavel, iniciarServidor, portaLivre } from './helpers';
import { rajada } from './rajada-apoio';

const urlServidor = process.env.DATABASE_URL!;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
/** What servers behind one load balancer need: a change on one server is seen on the other within a second. */
const UM_SEGUNDO = 1000;
/** The notices' log in these tests: a dropped connection is expected, not news. */
const calado = { warn: () => undefined };

/** Polls `pronto` every 20 ms until it holds; answers how long it took (ms), or throws after `limite` ms. */
async function ate(pronto: () => Promise<boolean>, limite = 5_000): Promise<number> {
  const inicio = Date.now();
  for (;;) {
    if (await pronto()) return Date.now() - inicio;
    if (Date.now() - inicio > limite) throw new Error(`não aconteceu em ${limite} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('notices between servers on PostgreSQL (lib/avisos.ts)', () => {
  let url: string;
  let apagar: () => Promise<void>;
  const abertos: AvisosDoApp[] = [];
  beforeAll(async () => {
    ({ url, apagar } = await bancoDescartavel(urlServidor, 'ceasa_av'));
  });
  afterAll(async () => {
    for (const a of abertos) await a.fechar();
    await apagar();
  });

  it('reaches the other server within a second, and the sender at once', async () => {
    const a = await avisosPostgres(url, calado);
    const b = await avisosPostgres(url, calado);
    abertos.push(a, b);
    const emA: (string | undefined)[] = [];
    const emB: (string | undefined)[] = [];
    a.ouvir('precos', (c) => emA.push(c));
    b.ouvir('precos', (c) => emB.push(c));
    const enviado = a.avisar('precos', 'grupo 3');
    // The sender's own listeners are called before the notice leaves (a cache on it is dropped at once).
    expect(emA).toEqual(['grupo 3']);
    await enviado;
    expect(await ate(async () => emB.length > 0)).toBeLessThan(UM_SEGUNDO);
    expect(emB).toEqual(['grupo 3']);
    // No echo: the sender heard it once.
    await new Promise((r) => setTimeout(r, 100));
    expect(emA).toEqual(['grupo 3']);
  });

  it('listens again when its connection is dropped, and tells every listener that notices may have been lost', async () => {
    const a = await avisosPostgres(url, calado);
    const b = await avisosPostgres(url, calado);
    abertos.push(a, b);
    const emB: (string | undefined)[] = [];
    b.ouvir('sessoes', (c) => emB.push(c ?? '(tudo)'));
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    try {
      // Every listening connection of this database is dropped (as a restart of PostgreSQL or a network cut would).
      const r = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1`, [
        NOME_DA_CONEXAO,
      ]);
      expect(r.rowCount).toBeGreaterThanOrEqual(2);
    } finally {
      await admin.end();
    }
    await ate(async () => emB.includes('(tudo)'));
    await a.avisar('sessoes', 'depois da queda');
    await ate(async () => emB.includes('depois da queda'));
  });
});

describe('two servers on one PostgreSQL database behave as one', () => {
  let url: string;
  let apagar: (() => Promise<void>) | undefined;
  const dirs: string[] = [];
  const processos: ChildProcess[] = [];
  const saidas: (() => string)[] = [];
  let A: number;
  let B: number;
  let senhaAdmin: string;
  let admin: string;
  const ADMIN = 'admin@dois.local';

  /** A call to the server on `porta`: status and parsed body. */
  async function chamar(
    porta: number,
    metodo: string,
    caminho: string,
    o: { token?: string; json?: unknown; form?: Record<string, string>; corpo?: FormData } = {},
  ) {
    const headers: Record<string, string> = {};
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    let body: string | FormData | undefined;
    if (o.json !== undefined) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(o.json);
    } else if (o.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(o.form).toString();
    } else if (o.corpo) body = o.corpo;
    const r = await fetch(`http://127.0.0.1:${porta}${caminho}`, { method: metodo, headers, body });
    const bytes = Buffer.from(await r.arrayBuffer());
    let corpo: any = bytes;
    if ((r.headers.get('content-type') ?? '').includes('json')) corpo = JSON.parse(bytes.toString('utf8'));
    return { status: r.status, body: corpo };
  }
  const TOKEN = '/realms/ceasa/protocol/openid-connect/token';
  const entrar = (porta: number, username: string, password: string) =>
    chamar(porta, 'POST', TOKEN, { form: { grant_type: 'password', client_id: 'ceasa-web', username, password } });
  const renovar = (porta: number, refresh: string) =>
    chamar(porta, 'POST', TOKEN, { form: { grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token: refresh } });
  const sair = (porta: number, refresh: string) =>
    chamar(porta, 'POST', '/realms/ceasa/protocol/openid-connect/logout', { form: { client_id: 'ceasa-web', refresh_token: refresh } });
  const municipios = (porta: number, token: string) => chamar(porta, 'GET', '/api/municipio', { token });

  /** A new account (registered through one server) with these roles, and its first tokens from `porta`. */
  async function conta(porta: number, roles: string[]) {
    const email = `conta-${randomUUID().slice(0, 8)}@dois.local`;
    const senha = 'Dois-servidores-7';
    const reg = await chamar(A, 'POST', '/api/auth/register', { json: { nome: 'Conta de Teste', email, senha } });
    expect(reg.status, JSON.stringify(reg.body)).toBe(201);
    if (roles.length) expect((await chamar(A, 'PUT', `/api/usuarios/${reg.body.id}`, { token: admin, json: { roles } })).status).toBe(200);
    const t = await entrar(porta, email, senha);
    expect(t.status, JSON.stringify(t.body)).toBe(200);
    return { id: reg.body.id as string, email, senha, access: t.body.access_token as string, refresh: t.body.refresh_token as string };
  }

  beforeAll(async () => {
    ({ url, apagar } = await bancoDescartavel(urlServidor, 'ceasa_ds'));
    [A, B] = [await portaLivre(), await portaLivre()];
    const env = () => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-dois-'));
      dirs.push(dataDir);
      // No ADMIN_PASSWORD: the server that creates the first super-admin writes its generated password to its DATA_DIR.
      // One PUBLIC_URL for both, as behind one load balancer: the tokens' issuer and audience come from it.
      return {
        DATABASE_URL: url,
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        ADMIN_EMAIL: ADMIN,
        ADMIN_PASSWORD: '',
        // Info: the first super-admin's line is one; a plain password, no second factor (these checks are not about them).
        LOG_LEVEL: 'info',
        MFA_OBRIGATORIO: 'nenhum',
        REGISTER_MAX_ACCOUNTS: '50',
        PUBLIC_URL: `http://127.0.0.1:${A}`,
      };
    };
    // Both at the same moment, on a database with no table yet.
    const iniciados = await Promise.all([iniciarServidor(A, env()), iniciarServidor(B, env())]);
    for (const s of iniciados) {
      processos.push(s.processo);
      saidas.push(s.saida);
    }
    const senha = dirs
      .map((d) => path.join(d, 'senha-inicial-do-admin.txt'))
      .filter((f) => existsSync(f))
      .map((f) => /^Senha: (.+)$/m.exec(readFileSync(f, 'utf8'))?.[1]);
    expect(senha).toHaveLength(1);
    // A generated password is changed before anything else (decision 0282): through A, then used on both.
    const gerada = await entrar(A, ADMIN, senha[0]!);
    expect(gerada.status).toBe(200);
    senhaAdmin = 'Balcao-Leste-2026#';
    const troca = await chamar(A, 'POST', '/api/auth/senha', { token: gerada.body.access_token, json: { senhaAtual: senha[0], novaSenha: senhaAdmin } });
    expect(troca.status, JSON.stringify(troca.body)).toBe(204);
    const t = await entrar(A, ADMIN, senhaAdmin);
    expect(t.status).toBe(200);
    admin = t.body.access_token;
  }, 240_000);

  afterAll(async () => {
    for (const p of processos) if (p.exitCode === null) p.kill('SIGKILL');
    await apagar?.();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  it('migrates and creates the first super-admin, the reference data and the signing key once, though both started at the same moment', async () => {
    // Exactly one of the two printed the first super-admin's line (checked in beforeAll), and the database agrees.
    expect(saidas.filter((s) => s().includes('Primeiro início: super-admin criado'))).toHaveLength(1);
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      const n = async (q: string) => Number((await c.query(q)).rows[0].n);
      const journal = JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
      expect(await n('SELECT count(*) AS n FROM drizzle.__drizzle_migrations')).toBe(journal.entries.length);
      expect(await n('SELECT count(*) AS n FROM usuarios')).toBe(1);
      // The three profile groups and the encarregado's (number 4).
      expect(await n('SELECT count(*) AS n FROM grupo_permissoes')).toBe(4);
      expect(await n('SELECT count(*) AS n FROM pessoa_tipo')).toBe(4);
      expect(await n('SELECT count(*) AS n FROM pedras')).toBe(252);
      expect(await n('SELECT count(*) AS n FROM chaves')).toBe(1);
    } finally {
      await c.end();
    }
  });

  it('accepts on one server an access token the other issued', async () => {
    const deB = await entrar(B, ADMIN, senhaAdmin);
    expect((await municipios(B, admin)).status).toBe(200);
    expect((await municipios(A, deB.body.access_token)).status).toBe(200);
    // Both publish the same signing key.
    const certs = await Promise.all([A, B].map((p) => chamar(p, 'GET', '/realms/ceasa/protocol/openid-connect/certs')));
    expect(certs[0].body).toEqual(certs[1].body);
  });

  it('rotates a refresh token on either server, and refuses its reuse on both (the session ends on both)', async () => {
    const c = await conta(A, ['user-admin']);
    const r1 = await renovar(B, c.refresh);
    expect(r1.status).toBe(200);
    const r2 = await renovar(A, r1.body.refresh_token);
    expect(r2.status).toBe(200);
    // The first token again, on either server: refused, and the whole session with it.
    expect((await renovar(A, c.refresh)).status).toBe(400);
    expect((await renovar(B, c.refresh)).status).toBe(400);
    expect((await renovar(B, r2.body.refresh_token)).status).toBe(400);
    const espera = await ate(async () => (await municipios(B, r2.body.access_token)).status === 401);
    expect(espera).toBeLessThan(UM_SEGUNDO);
    expect((await municipios(A, r2.body.access_token)).status).toBe(401);
  });

  it('refuses on the other server, within a second, the token of a session signed out on one', async () => {
    const c = await conta(A, ['user-admin']);
    // B has checked this session (and keeps the answer a few seconds) before the sign-out.
    expect((await municipios(B, c.access)).status).toBe(200);
    expect((await sair(A, c.refresh)).status).toBe(204);
    expect(await ate(async () => (await municipios(B, c.access)).status === 401)).toBeLessThan(UM_SEGUNDO);
  });

  it('refuses on the other server, within a second, the token of an account disabled on one', async () => {
    const c = await conta(B, ['user-admin']);
    expect((await municipios(B, c.access)).status).toBe(200);
    expect((await chamar(A, 'PUT', `/api/usuarios/${c.id}`, { token: admin, json: { ativo: false } })).status).toBe(200);
    expect(await ate(async () => (await municipios(B, c.access)).status === 401)).toBeLessThan(UM_SEGUNDO);
    expect((await renovar(B, c.refresh)).status).toBe(400);
  });

  it('takes a role removed on one server away on the other within a second', async () => {
    const c = await conta(B, ['user-admin']);
    const criar = (nomeMunicipio: string) => chamar(B, 'POST', '/api/municipio', { token: c.access, json: { nome: nomeMunicipio, sigla: 'MA' } });
    expect((await criar('Antes da Mudança')).status).toBe(201);
    expect((await chamar(A, 'PUT', `/api/usuarios/${c.id}`, { token: admin, json: { roles: [] } })).status).toBe(200);
    expect(await ate(async () => (await municipios(B, c.access)).status === 403)).toBeLessThan(UM_SEGUNDO);
    const depois = await criar('Depois da Mudança');
    expect(depois.status).toBe(403);
    expect(depois.body.message).toMatch(/ainda não foi atribuído perfil/);
  });

  it('counts sign-in failures across both servers', async () => {
    const c = await conta(A, []);
    // Five wrong passwords (the limit per account and address), spread over the two servers.
    for (const porta of [A, B, A, B, A]) {
      const r = await entrar(porta, c.email, 'Senha-errada-1');
      expect(r.status).toBe(400);
      // A notice takes a few milliseconds: the next attempt is a person's, not the same instant.
      await new Promise((r) => setTimeout(r, 100));
    }
    // Each server saw at most three failures; together they reached the limit: even the right password waits.
    for (const porta of [B, A]) {
      const r = await entrar(porta, c.email, c.senha);
      expect(r.status).toBe(429);
      expect(r.body.message).toBe('Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.');
    }
  });

  it('checks at most five passwords of thirty sent at once over both servers, and refuses the right one inside the burst', async () => {
    const c = await conta(A, []);
    await rajada([`http://127.0.0.1:${A}`, `http://127.0.0.1:${B}`], c.email, c.senha);
  });

  it('serves through one server a photo uploaded through the other', async () => {
    const p = await chamar(A, 'POST', '/api/pessoa', { token: admin, json: { nome: 'Pessoa da Foto', cpfcnpj: '529.982.247-25', tipoId: 1 } });
    expect(p.status, JSON.stringify(p.body)).toBe(201);
    const form = new FormData();
    form.append('cpfcnpj', '529.982.247-25');
    form.append('file', new Blob([PNG], { type: 'image/png' }), 'foto.png');
    expect((await chamar(A, 'POST', '/api/ftp/upload', { token: admin, corpo: form })).status).toBe(201);
    const d = await chamar(B, 'GET', '/api/ftp/download?file=52998224725.png', { token: admin });
    expect(d.status).toBe(200);
    expect(d.body).toEqual(PNG);
    expect((await chamar(B, 'DELETE', '/api/ftp/delete?file=52998224725.png', { token: admin })).status).toBe(204);
    expect((await chamar(A, 'GET', '/api/ftp/exists?file=52998224725.png', { token: admin })).body).toEqual({ exists: false });
  });

  it("puts a price written through one server in the other's public answer within a second", async () => {
    const grupo = await chamar(A, 'POST', '/api/produtoGrupo', { token: admin, json: { nome: 'Folhosas dos Dois', unPadrao: 'KG' } });
    expect(grupo.status).toBe(201);
    const produto = await chamar(A, 'POST', '/api/produto', {
      token: admin,
      json: { nome: 'Alface dos Dois', embalagem: 'CX 10kg', pesoEmKg: 10, produtoGrupoId: grupo.body.id, status: 'Ativo' },
    });
    expect(produto.status).toBe(201);
    const publico = async (porta: number) =>
      (await chamar(porta, 'POST', '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', { json: {} })).body.content as {
        produtoGrupoNome: string;
        valorMedio: number;
      }[];
    // Both servers have answered the public page (a cache of it, if any, is warm) before the price is written.
    expect(await publico(A)).toEqual([]);
    expect(await publico(B)).toEqual([]);
    const preco = await chamar(A, 'POST', '/api/precos', { token: admin, json: { produtoId: produto.body.id, data: '2026-03-02', valor: 12.34 } });
    expect(preco.status).toBe(201);
    const espera = await ate(async () => (await publico(B)).some((l) => l.produtoGrupoNome === 'Folhosas dos Dois' && l.valorMedio === 12.34));
    expect(espera).toBeLessThan(UM_SEGUNDO);
  });
});
