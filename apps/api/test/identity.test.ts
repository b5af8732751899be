import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { importJWK, jwtVerify, type JWK } from 'jose';
import { eq } from 'drizzle-orm';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { outbox, resetTokens, usuarios } from '../src/db/schema';
import { ARQUIVO_DA_SENHA_INICIAL, gravarSenhaInicial } from '../src/db/seed/reference';
import { enderecoPublico } from '../src/config';
import { LoginThrottle, loginThrottle, Throttle } from '../src/identity/throttle';
import { appDeTeste, build, call, countRows } from './helpers';
import { caixaSmtp, corpoDoEmail, type CaixaSmtp } from './smtp';

const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const OIDC = '/realms/ceasa/protocol/openid-connect';
const CREDENCIAIS = { error: 'invalid_grant', error_description: 'Email ou senha inválido', message: 'Email ou senha inválido' };
const TENTATIVAS = 'Muitas tentativas de acesso. Aguarde alguns minutos e tente novamente.';
const LINK_INVALIDO = 'Link inválido ou expirado. Solicite um novo e-mail de redefinição.';

let ips = 0;
/** Each test signs in from its own address, so the per-address throttle never leaks between tests. */
const novoIp = () => `10.0.0.${++ips}`;

/** POST a form to an identity endpoint, as the web app does. */
function form(app: FastifyInstance, url: string, fields: Record<string, string>, ip = '10.9.9.9') {
  return call(app, null, {
    method: 'POST',
    url,
    remoteAddress: ip,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
}
const login = (app: FastifyInstance, username: string, password: string, ip?: string, client_id = 'ceasa-web') =>
  form(app, `${OIDC}/token`, { grant_type: 'password', client_id, username, password, scope: 'openid' }, ip);
const refresh = (app: FastifyInstance, refresh_token: string) =>
  form(app, `${OIDC}/token`, { grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token });

async function registrar(app: FastifyInstance, nome: string, email: string, senha: string) {
  const r = await call(app, null, { method: 'POST', url: '/api/auth/register', payload: { nome, email, senha } });
  expect(r.status).toBe(201);
  return r.body as { id: string; nome: string; email: string };
}

const tokenDoLink = (texto: string) => /\/nova-senha\?token=([A-Za-z0-9_-]+)/.exec(texto)?.[1];

const t = appDeTeste({ tokens: [] });

describe('OpenID Connect discovery and keys', () => {
  it('describes the realm at the configured address, whatever Host or X-Forwarded-* the caller sends', async () => {
    const forjado = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };
    const semConfig = await call(t.app, null, { method: 'GET', url: '/realms/ceasa/.well-known/openid-configuration', headers: forjado });
    // No PUBLIC_URL: the address the server was started with.
    expect(semConfig.body.issuer).toBe(`http://localhost:${t.app.ctx.config.port}/realms/ceasa`);
    const atras = await build({ trustProxy: ['127.0.0.1'], publicUrl: 'https://ceasa.exemplo.gov.br/' });
    const r = await call(atras, null, { method: 'GET', url: '/realms/ceasa/.well-known/openid-configuration', headers: forjado });
    expect(r.status).toBe(200);
    const iss = 'https://ceasa.exemplo.gov.br/realms/ceasa';
    expect(r.body).toMatchObject({
      issuer: iss,
      token_endpoint: `${iss}/protocol/openid-connect/token`,
      userinfo_endpoint: `${iss}/protocol/openid-connect/userinfo`,
      end_session_endpoint: `${iss}/protocol/openid-connect/logout`,
      jwks_uri: `${iss}/protocol/openid-connect/certs`,
      authorization_endpoint: `${iss}/protocol/openid-connect/auth`,
      revocation_endpoint: `${iss}/protocol/openid-connect/revoke`,
      id_token_signing_alg_values_supported: ['ES256'],
    });
    expect([...r.body.grant_types_supported].sort()).toEqual(['authorization_code', 'password', 'refresh_token']);
    await atras.close();
  });

  it('builds the address from configuration only', () => {
    expect(enderecoPublico({ publicUrl: 'https://ceasa.gov.br/', host: '0.0.0.0', port: 3000 })).toBe('https://ceasa.gov.br');
    expect(enderecoPublico({ publicUrl: undefined, host: '0.0.0.0', port: 3000 })).toBe('http://localhost:3000');
    expect(enderecoPublico({ publicUrl: undefined, host: '127.0.0.1', port: 3223 })).toBe('http://127.0.0.1:3223');
    expect(enderecoPublico({ publicUrl: undefined, host: '::1', port: 80 })).toBe('http://[::1]:80');
  });

  it('publishes the public signing key only', async () => {
    const r = await call(t.app, null, { method: 'GET', url: `${OIDC}/certs` });
    expect(r.status).toBe(200);
    expect(r.body.keys).toHaveLength(1);
    expect(r.body.keys[0]).toMatchObject({ kty: 'EC', crv: 'P-256', alg: 'ES256', use: 'sig' });
    expect(r.body.keys[0].d).toBeUndefined();
  });
});

describe('password grant', () => {
  it('signs in and issues an access token that verifies against the JWKS', async () => {
    const r = await login(t.app, 'ADMIN@Teste.Local', ADMIN.senha, novoIp());
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('no-store');
    expect(r.body).toMatchObject({ expires_in: 300, token_type: 'Bearer', scope: 'openid profile email' });
    expect(r.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // A session lasts SESSAO_MAXIMA_HORAS (12 by default), whatever the refresh token's own lifetime.
    expect(r.body.refresh_expires_in).toBeGreaterThan(60 * 60 * 12 - 60);
    expect(r.body.refresh_expires_in).toBeLessThanOrEqual(60 * 60 * 12);

    const certs = await call(t.app, null, { method: 'GET', url: `${OIDC}/certs` });
    const key = await importJWK(certs.body.keys[0] as JWK, 'ES256');
    const { payload, protectedHeader } = await jwtVerify(r.body.access_token, key, { issuer: `${enderecoPublico(t.app.ctx.config)}/realms/ceasa` });
    expect(protectedHeader).toMatchObject({ alg: 'ES256', kid: certs.body.keys[0].kid });
    expect(payload).toMatchObject({
      email: ADMIN.email,
      name: 'Administrador',
      sid: r.body.session_state,
      realm_access: { roles: ['super-admin'] },
      azp: 'ceasa-web',
    });
    expect(payload.exp! - payload.iat!).toBe(300);

    // The token opens the API.
    expect((await call(t.app, r.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
  });

  it('also accepts a JSON body', async () => {
    const r = await call(t.app, null, {
      method: 'POST',
      url: `${OIDC}/token`,
      remoteAddress: novoIp(),
      payload: { grant_type: 'password', client_id: 'ceasa-web', username: ADMIN.email, password: ADMIN.senha },
    });
    expect(r.status).toBe(200);
    expect(r.body.access_token).toBeTruthy();
  });

  it('refuses a wrong password, an unknown user and a disabled user with the same answer', async () => {
    const ip = novoIp();
    const antes = await countRows(t.app, 'sessoes');
    const errada = await login(t.app, ADMIN.email, 'errada', ip);
    expect(errada.status).toBe(400);
    expect(errada.body).toEqual(CREDENCIAIS);

    const desconhecido = await login(t.app, 'ninguem@teste.local', 'qualquer', ip);
    expect(desconhecido.status).toBe(400);
    expect(desconhecido.body).toEqual(CREDENCIAIS);

    const u = await registrar(t.app, 'Desativado', 'desativado@teste.local', 'senha-certa');
    await t.app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, u.id));
    const desativado = await login(t.app, u.email, 'senha-certa', ip);
    expect(desativado.status).toBe(400);
    expect(desativado.body).toEqual(CREDENCIAIS);
    expect(await countRows(t.app, 'sessoes')).toBe(antes);
  });

  it('refuses another client and an unsupported grant type', async () => {
    const c = await login(t.app, ADMIN.email, ADMIN.senha, novoIp(), 'admin-cli');
    expect(c.status).toBe(400);
    expect(c.body.error).toBe('unauthorized_client');
    const g = await form(t.app, `${OIDC}/token`, { grant_type: 'client_credentials', client_id: 'ceasa-web' });
    expect(g.status).toBe(400);
    expect(g.body.error).toBe('unsupported_grant_type');
  });
});

describe('refresh, userinfo and logout', () => {
  it('rotates the refresh token; reusing an old one revokes the whole session', async () => {
    const l = await login(t.app, ADMIN.email, ADMIN.senha, novoIp());
    const r1 = l.body.refresh_token;
    const a = await refresh(t.app, r1);
    expect(a.status).toBe(200);
    expect(a.body.refresh_token).not.toBe(r1);
    expect(a.body.session_state).toBe(l.body.session_state);
    expect(a.body.access_token).not.toBe(l.body.access_token);
    const r2 = a.body.refresh_token;

    const reuso = await refresh(t.app, r1);
    expect(reuso.status).toBe(400);
    expect(reuso.body.error).toBe('invalid_grant');
    // The thief's replay killed the session: the newest token fails too, and so does userinfo.
    expect((await refresh(t.app, r2)).status).toBe(400);
    expect((await call(t.app, a.body.access_token, { method: 'GET', url: `${OIDC}/userinfo` })).status).toBe(401);

    expect((await refresh(t.app, 'nao-existe')).status).toBe(400);
    expect((await form(t.app, `${OIDC}/token`, { grant_type: 'refresh_token', client_id: 'ceasa-web' })).status).toBe(400);
  });

  it('lets only one of two simultaneous uses of a refresh token through', async () => {
    const l = await login(t.app, ADMIN.email, ADMIN.senha, novoIp());
    const [a, b] = await Promise.all([refresh(t.app, l.body.refresh_token), refresh(t.app, l.body.refresh_token)]);
    expect([a.status, b.status].sort()).toEqual([200, 400]);
    // The second use counts as a replay: the session is gone.
    const novo = a.status === 200 ? a.body.refresh_token : b.body.refresh_token;
    expect((await refresh(t.app, novo)).status).toBe(400);
  });

  it('refuses a refresh once the session expired', async () => {
    const l = await login(t.app, ADMIN.email, ADMIN.senha, novoIp());
    await t.app.ctx.db.execute(`UPDATE sessoes SET expira_em = now() - interval '1 second' WHERE id = '${l.body.session_state}'` as never);
    const r = await refresh(t.app, l.body.refresh_token);
    expect(r.status).toBe(400);
    expect(r.body.error).toBe('invalid_grant');
  });

  it('answers userinfo on GET and POST with a bearer token', async () => {
    const l = await login(t.app, ADMIN.email, ADMIN.senha, novoIp());
    const esperado = { name: 'Administrador', email: ADMIN.email, avatarUrl: null, preferred_username: ADMIN.email, realm_access: { roles: ['super-admin'] } };
    const g = await call(t.app, l.body.access_token, { method: 'GET', url: `${OIDC}/userinfo` });
    expect(g.status).toBe(200);
    expect(g.body).toMatchObject(esperado);
    expect(g.body.sub).toMatch(/^[0-9a-f-]{36}$/);
    const p = await call(t.app, l.body.access_token, { method: 'POST', url: `${OIDC}/userinfo` });
    expect(p.status).toBe(200);
    expect(p.body).toEqual(g.body);

    expect((await call(t.app, null, { method: 'GET', url: `${OIDC}/userinfo` })).status).toBe(401);
    const ruim = await call(t.app, 'nao.e.token', { method: 'POST', url: `${OIDC}/userinfo` });
    expect(ruim.status).toBe(401);
    expect(ruim.body.error).toBe('invalid_token');
  });

  it('logout revokes the session and is idempotent', async () => {
    const l = await login(t.app, ADMIN.email, ADMIN.senha, novoIp());
    const out = await form(t.app, `${OIDC}/logout`, { client_id: 'ceasa-web', refresh_token: l.body.refresh_token });
    expect(out.status).toBe(204);
    expect((await refresh(t.app, l.body.refresh_token)).status).toBe(400);
    expect((await call(t.app, l.body.access_token, { method: 'GET', url: `${OIDC}/userinfo` })).status).toBe(401);
    expect((await form(t.app, `${OIDC}/logout`, { client_id: 'ceasa-web', refresh_token: l.body.refresh_token })).status).toBe(204);
    expect((await form(t.app, `${OIDC}/logout`, { client_id: 'ceasa-web', refresh_token: 'desconhecido' })).status).toBe(204);
  });
});

describe('login throttling: a lockout cannot be used against someone else', () => {
  it('refuses the pair (account, address) after 5 failures, even with the right password; not the owner elsewhere nor others', async () => {
    await registrar(t.app, 'Alvo', 'alvo@teste.local', 'senha-alvo');
    await registrar(t.app, 'Vizinho', 'vizinho@teste.local', 'senha-vizinho');
    const atacante = novoIp();
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'alvo@teste.local', `errada-${i}`, atacante)).status).toBe(400);
    const sexta = await login(t.app, 'alvo@teste.local', 'senha-alvo', atacante);
    expect(sexta.status).toBe(429);
    expect(sexta.body).toEqual({ error: 'invalid_grant', error_description: TENTATIVAS, message: TENTATIVAS });
    expect(sexta.headers['retry-after']).toBeTruthy();
    // The owner, from another address, signs in at once; another account from the attacker's address too.
    expect((await login(t.app, 'ALVO@teste.local', 'senha-alvo', novoIp())).status).toBe(200);
    expect((await login(t.app, 'vizinho@teste.local', 'senha-vizinho', atacante)).status).toBe(200);
  });

  it('a success starts the pair afresh', async () => {
    await registrar(t.app, 'Esquecido', 'esquecido@teste.local', 'senha-certa');
    const ip = novoIp();
    for (let rodada = 0; rodada < 2; rodada++) {
      for (let i = 0; i < 4; i++) expect((await login(t.app, 'esquecido@teste.local', 'errada', ip)).status).toBe(400);
      expect((await login(t.app, 'esquecido@teste.local', 'senha-certa', ip)).status).toBe(200);
    }
  });

  it('slows the account down from many addresses instead of locking it; the owner at their own desk is not slowed', async () => {
    await registrar(t.app, 'Cobiçada', 'cobicada@teste.local', 'senha-dela');
    const mesa = novoIp();
    expect((await login(t.app, 'cobicada@teste.local', 'senha-dela', mesa)).status).toBe(200);
    // A distributed attack: past 5 failures on the account (from several addresses), each further failure
    // makes every address where she never signed in wait before the next try (the password is not even checked).
    for (let i = 0; i < 5; i++) expect((await login(t.app, 'cobicada@teste.local', `chute-${i}`, novoIp())).status).toBe(400);
    expect((await login(t.app, 'cobicada@teste.local', 'chute-5', novoIp())).status).toBe(400);
    expect((await login(t.app, 'cobicada@teste.local', 'chute-6', novoIp())).status).toBe(429);
    // Four more failures, as if the attacker had waited each time (the delay grows: 16 s after the 10th).
    for (let i = 0; i < 4; i++) loginThrottle(t.app.ctx).falhou('cobicada@teste.local', novoIp());
    const nova = await login(t.app, 'cobicada@teste.local', 'senha-dela', novoIp());
    expect(nova.status).toBe(429);
    expect(nova.body.message).toMatch(/^Muitas tentativas de acesso a esta conta\. Aguarde 1\d segundos e tente novamente\.$/);
    expect(Number(nova.headers['retry-after'])).toBeGreaterThan(0);
    // Her own desk (where she signed in before) is not slowed down.
    expect((await login(t.app, 'cobicada@teste.local', 'senha-dela', mesa)).status).toBe(200);
  });

  it('grows the account-wide delay 1 s, 2 s, 4 s... up to 60 s, and lets an attempt through once it has passed', () => {
    const t = new LoginThrottle(5, 15 * 60_000);
    let agora = 1_000_000;
    // Five failures from five addresses: no delay yet (the pair limit is the first line).
    for (let i = 0; i < 5; i++) t.falhou('x@teste', `ip${i}`, agora);
    expect(t.verificar('x@teste', 'outro', agora)).toEqual({ ok: true });
    const esperas: number[] = [];
    for (let i = 5; i < 13; i++) {
      t.falhou('x@teste', `ip${i}`, agora);
      const v = t.verificar('x@teste', 'outro', agora);
      expect(v.ok).toBe(false);
      esperas.push(v.ok ? 0 : v.esperarSegundos);
      agora += (v.ok ? 0 : v.esperarSegundos) * 1000;
      expect(t.verificar('x@teste', 'outro', agora)).toEqual({ ok: true });
    }
    expect(esperas).toEqual([1, 2, 4, 8, 16, 32, 60, 60]);
  });

  it('does not lock out everyone behind an address that fails on many accounts', async () => {
    await registrar(t.app, 'Colega', 'colega@teste.local', 'senha-colega');
    await registrar(t.app, 'Novata', 'novata@teste.local', 'senha-novata');
    await registrar(t.app, 'Estreante', 'estreante@teste.local', 'senha-estreante');
    const escritorio = novoIp();
    expect((await login(t.app, 'colega@teste.local', 'senha-colega', escritorio)).status).toBe(200);
    // 20 failures over 20 accounts from the office's one address (the old lockout): nobody is refused.
    for (let i = 0; i < 20; i++) expect((await login(t.app, `conta-${i}@teste.local`, 'errada', escritorio)).status).toBe(400);
    expect((await login(t.app, 'novata@teste.local', 'senha-novata', escritorio)).status).toBe(200);
    // Password spraying (50 failures, 10× the pair limit): only accounts that never signed in from there wait.
    for (let i = 20; i < 50; i++) expect((await login(t.app, `conta-${i}@teste.local`, 'errada', escritorio)).status).toBe(400);
    expect((await login(t.app, 'estreante@teste.local', 'senha-estreante', escritorio)).status).toBe(429);
    expect((await login(t.app, 'colega@teste.local', 'senha-colega', escritorio)).status).toBe(200);
    expect((await login(t.app, 'novata@teste.local', 'senha-novata', escritorio)).status).toBe(200);
    expect((await login(t.app, 'estreante@teste.local', 'senha-estreante', novoIp())).status).toBe(200);
  });

  it('forgets failures once the window has passed, and stays bounded', () => {
    const t = new Throttle(2, 1000, 3);
    t.falhou('a', 0);
    t.falhou('a', 10);
    expect(t.bloqueado('a', 500)).toBe(true);
    expect(t.bloqueado('a', 1011)).toBe(false);
    for (const k of ['b', 'c', 'd', 'e']) {
      t.falhou(k, 2000);
      t.falhou(k, 2000);
    }
    expect(t.bloqueado('b', 2001)).toBe(false); // dropped: only the 3 most recent keys are kept
    expect(t.bloqueado('e', 2001)).toBe(true);
  });
});

describe('register', () => {
  it('creates an account without a profile, audited', async () => {
    const antes = await countRows(t.app, 'usuarios');
    const r = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: ' Maria Souza ', email: 'Maria.Souza@Teste.Local', senha: 'S3nha-da-Maria' },
    });
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), nome: 'Maria Souza', email: 'maria.souza@teste.local' });
    expect(await countRows(t.app, 'usuarios')).toBe(antes + 1);

    const l = await login(t.app, 'maria.souza@teste.local', 'S3nha-da-Maria', novoIp());
    expect(l.status).toBe(200);
    const ui = await call(t.app, l.body.access_token, { method: 'GET', url: `${OIDC}/userinfo` });
    expect(ui.body.realm_access.roles).toEqual([]);
    const semPerfil = await call(t.app, l.body.access_token, { method: 'GET', url: '/api/municipio' });
    expect(semPerfil.status).toBe(403);
    expect(semPerfil.body.message).toMatch(/ainda não foi atribuído perfil/);

    const [log] = (await t.app.ctx.db.execute(`SELECT * FROM logs WHERE cadastro = 'Usuario' AND cadastro_id = '${r.body.id}'` as never)).rows as {
      usuario: string;
      acao: string;
      conteudo: string;
    }[];
    expect(log).toMatchObject({ usuario: 'maria.souza@teste.local', acao: 'INSERT' });
    expect(log.conteudo).toContain('email=maria.souza@teste.local');
    expect(log.conteudo).not.toMatch(/senha|argon/i);
  });

  it('refuses a duplicate e-mail (any case) and bad input, changing nothing', async () => {
    await registrar(t.app, 'Original', 'duplicado@teste.local', 'Original#2026');
    const antes = await countRows(t.app, 'usuarios');
    const logs = await countRows(t.app, 'logs');
    const dup = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/register',
      payload: { nome: 'Outro', email: 'DUPLICADO@teste.local', senha: 'Outra#2026' },
    });
    expect(dup.status).toBe(409);
    expect(dup.body).toMatchObject({ status: 409, message: 'Email usado em outra conta' });

    const semNome = await call(t.app, null, { method: 'POST', url: '/api/auth/register', payload: { nome: '', email: 'novo@teste.local', senha: 'y' } });
    expect(semNome.status).toBe(400);
    expect(semNome.body.fieldErrors).toContainEqual({ field: 'nome', message: 'O nome é obrigatório' });
    const emailRuim = await call(t.app, null, { method: 'POST', url: '/api/auth/register', payload: { nome: 'X', email: 'não-é-email', senha: 'y' } });
    expect(emailRuim.status).toBe(400);
    expect(emailRuim.body.fieldErrors).toContainEqual({ field: 'email', message: 'Um e-mail deve ser inserido' });
    expect(await countRows(t.app, 'usuarios')).toBe(antes);
    expect(await countRows(t.app, 'logs')).toBe(logs);
  });
});

describe('password reset without SMTP', () => {
  it('keeps the mail in the outbox, and its link sets a new password', async () => {
    const u = await registrar(t.app, 'Sem Smtp', 'semsmtp@teste.local', 'Senha-antiga-1');
    const r = await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: 'SemSmtp@teste.local' } });
    expect(r.status).toBe(204);
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, u.email));
    expect(mail).toMatchObject({ assunto: 'CEASA Regional - Redefinição de senha', enviadoEm: null, erro: null });
    // No PUBLIC_URL: the link points to the address the server was started with.
    expect(mail.corpo).toContain(`http://localhost:${t.app.ctx.config.port}/nova-senha?token=`);
    const token = tokenDoLink(mail.corpo)!;
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha: 'Nova-senha-1' } })).status).toBe(204);
    expect((await login(t.app, u.email, 'Nova-senha-1', novoIp())).status).toBe(200);
  });

  it('removes the generated first password’s file (0600) when that account’s password is first changed, and only then', async () => {
    const u = await registrar(t.app, 'Primeiro Admin', 'primeiro.admin@teste.local', 'Senha-antiga-1');
    const dataDir = t.app.ctx.config.dataDir;
    const arquivo = gravarSenhaInicial(dataDir, { email: u.email, senha: 'Gerada-Xq3-senha', gerada: true })!;
    expect(arquivo).toBe(path.join(dataDir, ARQUIVO_DA_SENHA_INICIAL));
    expect(statSync(arquivo).mode & 0o777).toBe(0o600);
    expect(readFileSync(arquivo, 'utf8')).toBe(`E-mail: ${u.email}\nSenha: Gerada-Xq3-senha\n`);
    expect(gravarSenhaInicial(dataDir, { email: u.email, senha: 'x', gerada: false })).toBeNull();
    const trocar = async (email: string, senha: string) => {
      expect((await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email } })).status).toBe(204);
      const mails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, email)).orderBy(outbox.id);
      const token = tokenDoLink(mails[mails.length - 1].corpo)!;
      expect((await call(t.app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha } })).status).toBe(204);
    };
    // Another account's change leaves it.
    const outro = await registrar(t.app, 'Outro Usuario', 'outro.usuario@teste.local', 'Senha-antiga-1');
    await trocar(outro.email, 'Outra-senha-9');
    expect(existsSync(arquivo)).toBe(true);
    await trocar(u.email, 'Nova-senha-do-admin-1');
    expect(existsSync(arquivo)).toBe(false);
  });

  it('points the link at the start address, never at a forged Host', async () => {
    const u = await registrar(t.app, 'Host Forjado', 'host.forjado@teste.local', 'Senha-forte-1');
    const r = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/reset',
      remoteAddress: novoIp(),
      payload: { email: u.email },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example' },
    });
    expect(r.status).toBe(204);
    const [mail] = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, u.email));
    expect(mail.corpo).toMatch(new RegExp(`^http://localhost:${t.app.ctx.config.port}/nova-senha\\?token=[\\w-]+$`, 'm'));
    expect(mail.corpo).not.toContain('evil.example');
  });

  it('throttles reset requests per e-mail and per address (the 16th rapid request is refused)', async () => {
    const RESETS = 'Muitos pedidos de redefinição de senha. Aguarde alguns minutos e tente novamente.';
    const u = await registrar(t.app, 'Muito Esquecida', 'muito.esquecida@teste.local', 'Senha-forte-1');
    const ip = novoIp();
    const pedir = (email: string, de = ip) => call(t.app, null, { method: 'POST', url: '/api/auth/reset', remoteAddress: de, payload: { email } });
    const status: number[] = [];
    for (let i = 0; i < 16; i++) status.push((await pedir(u.email)).status);
    // Five per e-mail in the window, then 429 (every later one too).
    expect(status).toEqual([...Array(5).fill(204), ...Array(11).fill(429)]);
    const recusa = await pedir(u.email);
    expect(recusa.body).toMatchObject({ status: 429, message: RESETS });
    expect(recusa.headers['retry-after']).toBeTruthy();
    // Nothing more was mailed nor made than the five accepted requests.
    expect(await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, u.email))).toHaveLength(5);
    expect(await t.app.ctx.db.select().from(resetTokens).where(eq(resetTokens.usuarioId, u.id))).toHaveLength(5);

    // Per address: 15 requests for 15 different e-mails (accounts or not), then the 16th is refused.
    const outro = novoIp();
    const porEndereco: number[] = [];
    for (let i = 0; i < 16; i++) porEndereco.push((await pedir(`ninguem-${i}@teste.local`, outro)).status);
    expect(porEndereco).toEqual([...Array(15).fill(409), 429]);
    // Another address is not affected.
    expect((await pedir('ninguem-0@teste.local', novoIp())).status).toBe(409);
  });

  it('refuses an unknown e-mail or a disabled account with 409, and a bad e-mail with 400', async () => {
    const antes = await countRows(t.app, 'reset_tokens');
    const r = await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: 'nao-existe@teste.local' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Email inexistente...');
    const u = await registrar(t.app, 'Inativo', 'inativo@teste.local', 'Inativo#2026');
    await t.app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, u.id));
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: u.email } })).status).toBe(409);
    const ruim = await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: 'x' } });
    expect(ruim.status).toBe(400);
    expect(ruim.body.message).toBe('O e-mail inserido não é inválido');
    expect(await countRows(t.app, 'reset_tokens')).toBe(antes);
  });

  it('refuses an expired link and a superseded one', async () => {
    const u = await registrar(t.app, 'Expira', 'expira@teste.local', 'Expira#2026');
    await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: u.email } });
    await call(t.app, null, { method: 'POST', url: '/api/auth/reset', payload: { email: u.email } });
    const mails = await t.app.ctx.db.select().from(outbox).where(eq(outbox.para, u.email)).orderBy(outbox.id);
    const [primeiro, segundo] = mails.map((m) => tokenDoLink(m.corpo)!);
    const antigo = await call(t.app, null, { method: 'GET', url: `/api/auth/nova-senha/${primeiro}` });
    expect(antigo.status).toBe(400);
    expect(antigo.body.message).toBe(LINK_INVALIDO);
    expect((await call(t.app, null, { method: 'GET', url: `/api/auth/nova-senha/${segundo}` })).body).toEqual({ email: u.email });

    await t.app.ctx.db
      .update(resetTokens)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(resetTokens.usuarioId, u.id));
    const expirado = await call(t.app, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token: segundo, senha: 'Nova-senha-1' } });
    expect(expirado.status).toBe(400);
    expect(expirado.body.message).toBe(LINK_INVALIDO);
    expect((await login(t.app, u.email, 'Expira#2026', novoIp())).status).toBe(200);
  });
});

describe('password reset over SMTP', () => {
  let smtpApp: FastifyInstance;
  let smtp: CaixaSmtp;

  beforeAll(async () => {
    smtp = await caixaSmtp();
    smtpApp = await build({ smtpUrl: smtp.url, publicUrl: 'https://ceasa.exemplo.gov.br/' });
  });
  afterAll(async () => {
    await smtpApp?.close();
    await smtp?.fechar();
  });

  it('mails a single-use link that sets a new password and ends the old sessions', async () => {
    const u = await registrar(smtpApp, 'João Reset', 'joao.reset@teste.local', 'senha-antiga');
    const sessao = await login(smtpApp, u.email, 'senha-antiga', novoIp());
    expect(sessao.status).toBe(200);

    // A forged Host (and X-Forwarded-*) must not choose where the link points.
    const r = await call(smtpApp, null, {
      method: 'POST',
      url: '/api/auth/reset',
      payload: { email: 'Joao.Reset@teste.local' },
      headers: { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
    });
    expect(r.status).toBe(204);
    expect(smtp.recebidos).toHaveLength(1);
    expect(smtp.recebidos[0].para).toEqual([u.email]);
    const texto = corpoDoEmail(smtp.recebidos[0].raw);
    expect(texto).toContain('Olá, João Reset.');
    expect(texto).toContain('https://ceasa.exemplo.gov.br/nova-senha?token=');
    expect(texto).not.toContain('evil.example');
    const token = tokenDoLink(texto)!;
    const [mail] = await smtpApp.ctx.db.select().from(outbox).where(eq(outbox.para, u.email));
    expect(mail.enviadoEm).toBeInstanceOf(Date);

    const dono = await call(smtpApp, null, { method: 'GET', url: `/api/auth/nova-senha/${token}` });
    expect(dono.status).toBe(200);
    expect(dono.body).toEqual({ email: u.email });

    const ok = await call(smtpApp, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha: 'senha-nova' } });
    expect(ok.status).toBe(204);
    expect((await login(smtpApp, u.email, 'senha-antiga', novoIp())).status).toBe(400);
    expect((await login(smtpApp, u.email, 'senha-nova', novoIp())).status).toBe(200);
    // Sessions opened before the reset are over.
    expect((await refresh(smtpApp, sessao.body.refresh_token)).status).toBe(400);

    const reuso = await call(smtpApp, null, { method: 'POST', url: '/api/auth/nova-senha', payload: { token, senha: 'Outra-senha-2' } });
    expect(reuso.status).toBe(400);
    expect(reuso.body.message).toBe(LINK_INVALIDO);
    expect((await call(smtpApp, null, { method: 'GET', url: `/api/auth/nova-senha/${token}` })).status).toBe(400);
    expect((await login(smtpApp, u.email, 'senha-nova', novoIp())).status).toBe(200);

    const acoes = (await smtpApp.ctx.db.execute(`SELECT conteudo FROM logs WHERE cadastro_id = '${u.id}' ORDER BY id` as never)).rows.map(
      (x) => (x as { conteudo: string }).conteudo,
    );
    expect(acoes).toEqual([
      expect.stringMatching(/^Usuario\(id=/),
      expect.stringContaining('redefinicaoSenha=solicitada'),
      expect.stringContaining('senha=alterada'),
    ]);
  });

  it('refuses an unknown e-mail without sending anything', async () => {
    const n = smtp.recebidos.length;
    const r = await call(smtpApp, null, { method: 'POST', url: '/api/auth/reset', payload: { email: 'ninguem@teste.local' } });
    expect(r.status).toBe(409);
    expect(r.body.message).toBe('Email inexistente...');
    expect(smtp.recebidos.length).toBe(n);
  });
});
