import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { msgOutroEndereco } from '../src/identity/sessao-web.routes';
import { appDeTeste, build, call, countRows } from './helpers';

/**
 * The web app's session: the refresh token only in an HttpOnly, SameSite=Strict cookie scoped to
 * /api/auth/sessao (Secure over https), CSRF-checked; the answers carry the access token only.
 */
const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const CSRF = { 'x-ceasa-csrf': '1' };
const MSG = 'Requisição recusada: ela não veio das telas do sistema.';

const t = appDeTeste({ tokens: [] });
/** What the app's own pages send: the CSRF header and this site's Origin. */
const WEB = () => ({ ...CSRF, origin: `http://localhost:${t.app.ctx.config.port}` });

const setCookie = (h: Record<string, unknown>) => [h['set-cookie']].flat().filter(Boolean).join('\n') as string;
const valorDoCookie = (h: Record<string, unknown>) => /ceasa_refresh=([^;]*)/.exec(setCookie(h))?.[1] ?? '';

async function entrar(a = t.app, headers: Record<string, string> = WEB()) {
  return call(a, null, {
    method: 'POST',
    url: '/api/auth/sessao/login',
    headers,
    payload: { email: ADMIN.email, senha: ADMIN.senha },
    remoteAddress: '10.7.0.1',
  });
}
const renovar = (cookie: string, headers: Record<string, string> = WEB()) =>
  call(t.app, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: { ...headers, cookie: `ceasa_refresh=${cookie}` } });

describe('web session (refresh token in a cookie)', () => {
  it('signs in: access token in the body, refresh token only in an HttpOnly SameSite=Strict cookie on the session path', async () => {
    const r = await entrar();
    expect(r.status).toBe(200);
    expect(Object.keys(r.body).sort()).toEqual(['access_token', 'expires_in', 'session_state', 'token_type']);
    expect(r.headers['cache-control']).toBe('no-store');
    const c = setCookie(r.headers);
    expect(c).toMatch(/^ceasa_refresh=[A-Za-z0-9_-]{43};/);
    expect(c).toContain('Path=/api/auth/sessao');
    expect(c).toContain('HttpOnly');
    expect(c).toContain('SameSite=Strict');
    expect(c).not.toContain('Secure');
    expect((await call(t.app, r.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
  });

  it('under https (PUBLIC_URL) the cookie is __Host-ceasa_refresh (Secure, Path=/): refresh and sign-out read only that name', async () => {
    const https = await build({ publicUrl: 'https://ceasa.exemplo.gov.br' });
    try {
      const H = { ...CSRF, origin: 'https://ceasa.exemplo.gov.br' };
      const l = await entrar(https, H);
      expect(l.status).toBe(200);
      const c = setCookie(l.headers);
      expect(c).toMatch(/^__Host-ceasa_refresh=[A-Za-z0-9_-]{43};/);
      expect(c).toContain('Path=/;');
      expect(c).toContain('Secure');
      expect(c).not.toContain('Domain');
      const valor = /__Host-ceasa_refresh=([^;]*)/.exec(c)![1];
      const semPrefixo = await call(https, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: { ...H, cookie: `ceasa_refresh=${valor}` } });
      expect(semPrefixo.status).toBe(401);
      const r = await call(https, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: { ...H, cookie: `__Host-ceasa_refresh=${valor}` } });
      expect(r.status).toBe(200);
      const novo = /__Host-ceasa_refresh=([^;]*)/.exec(setCookie(r.headers))![1];
      const sair = await call(https, null, { method: 'POST', url: '/api/auth/sessao/logout', headers: { ...H, cookie: `__Host-ceasa_refresh=${novo}` } });
      expect(setCookie(sair.headers)).toMatch(/^__Host-ceasa_refresh=;.*Path=\/;.*Secure/);
    } finally {
      await https.close();
    }
  });

  it('refreshes through the cookie, rotating it; a reused cookie ends the session', async () => {
    const l = await entrar();
    const c1 = valorDoCookie(l.headers);
    const a = await renovar(c1);
    expect(a.status).toBe(200);
    expect(a.body.access_token).toBeTruthy();
    expect(a.body.refresh_token).toBeUndefined();
    const c2 = valorDoCookie(a.headers);
    expect(c2).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(c2).not.toBe(c1);

    const reuso = await renovar(c1);
    expect(reuso.status).toBe(401);
    expect(reuso.body.message).toBe('Sessão inválida ou expirada. Entre novamente.');
    expect(setCookie(reuso.headers)).toMatch(/ceasa_refresh=;.*Expires=Thu, 01 Jan 1970/);
    expect((await renovar(c2)).status).toBe(401);
    expect((await call(t.app, a.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(401);
    expect((await call(t.app, null, { method: 'POST', url: '/api/auth/sessao/refresh', headers: WEB() })).status).toBe(401);
  });

  it('refuses calls without the CSRF header, without an Origin, from another origin or another site, changing nothing', async () => {
    const l = await entrar();
    const c = valorDoCookie(l.headers);
    const endereco = `http://localhost:${t.app.ctx.config.port}`;
    for (const [headers, mensagem] of [
      [{}, MSG],
      [CSRF, MSG],
      [{ ...CSRF, 'sec-fetch-site': 'same-origin' }, MSG],
      [{ ...WEB(), origin: 'https://evil.example' }, msgOutroEndereco('https://evil.example', endereco)],
      [{ ...WEB(), origin: 'null' }, msgOutroEndereco('null', endereco)],
      [{ ...WEB(), 'sec-fetch-site': 'cross-site' }, MSG],
      [{ ...WEB(), 'x-ceasa-csrf': 'sim' }, MSG],
    ] as [Record<string, string>, string][]) {
      const r = await renovar(c, headers);
      expect(r.status, JSON.stringify(headers)).toBe(400);
      expect(r.body.message).toBe(mensagem);
    }
    expect((await entrar(t.app, {})).status).toBe(400);
    const sair = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/sessao/logout',
      headers: { cookie: `ceasa_refresh=${c}`, origin: 'https://evil.example', ...CSRF },
    });
    expect(sair.status).toBe(400);
    const semOrigem = await call(t.app, null, { method: 'POST', url: '/api/auth/sessao/logout', headers: { ...CSRF, cookie: `ceasa_refresh=${c}` } });
    expect(semOrigem.status).toBe(400);
    // The cookie still works from the app's own pages (same origin).
    expect((await renovar(c, { ...WEB(), 'sec-fetch-site': 'same-origin' })).status).toBe(200);
  });

  it("refuses an Origin equal to the request's own Host: only PUBLIC_URL's origin and ALLOWED_ORIGINS count", async () => {
    const antes = await countRows(t.app, 'sessoes');
    for (const [host, origin] of [
      ['mal.exemplo', 'http://mal.exemplo'],
      ['127.0.0.1:9999', 'http://127.0.0.1:9999'],
    ]) {
      const r = await entrar(t.app, { ...CSRF, host, origin });
      expect(r.status, origin).toBe(400);
      // The login page shows this: the address to use instead.
      expect(r.body.message).toBe(
        `Este sistema não aceita entradas pelo endereço ${origin}. Abra http://localhost:${t.app.ctx.config.port}/login e entre por lá (ou peça ao responsável para incluir o endereço em ALLOWED_ORIGINS).`,
      );
    }
    expect(await countRows(t.app, 'sessoes')).toBe(antes);
    // With PUBLIC_URL unset, the loopback addresses at the server's port are this site.
    for (const origin of ['127.0.0.1', '[::1]', 'localhost'].map((h) => `http://${h}:${t.app.ctx.config.port}`))
      expect((await entrar(t.app, { ...CSRF, origin })).status, origin).toBe(200);

    const outra = await build({ publicUrl: 'https://ceasa.exemplo.gov.br', allowedOrigins: ['https://feira.exemplo.gov.br'] });
    try {
      // The request's Host names the server, not who may post: PUBLIC_URL's origin and the listed one pass, the Host's does not.
      const porHost = await entrar(outra, { ...CSRF, host: 'interno:3000', origin: 'http://interno:3000' });
      expect(porHost.status).toBe(400);
      expect(porHost.body.message).toBe(msgOutroEndereco('http://interno:3000', 'https://ceasa.exemplo.gov.br'));
      // With PUBLIC_URL set, loopback is not this site either.
      expect((await entrar(outra, { ...CSRF, origin: `http://127.0.0.1:${outra.ctx.config.port}` })).status).toBe(400);
      expect((await entrar(outra, { ...CSRF, host: 'interno:3000', origin: 'https://ceasa.exemplo.gov.br' })).status).toBe(200);
      expect((await entrar(outra, { ...CSRF, host: 'interno:3000', origin: 'https://feira.exemplo.gov.br' })).status).toBe(200);
      expect((await entrar(outra, { ...CSRF, origin: 'https://outra.exemplo.gov.br' })).status).toBe(400);
    } finally {
      await outra.close();
    }
  });

  it('reads ALLOWED_ORIGINS as a comma list of origins and refuses anything else at start, in pt-BR', () => {
    expect(loadConfig({ ALLOWED_ORIGINS: ' https://a.exemplo , http://b.exemplo:8080 ' }).allowedOrigins).toEqual([
      'https://a.exemplo',
      'http://b.exemplo:8080',
    ]);
    expect(loadConfig({}).allowedOrigins).toEqual([]);
    for (const ruim of ['a.exemplo', 'https://a.exemplo/caminho', 'ftp://a.exemplo', 'https://a.exemplo?x=1'])
      expect(() => loadConfig({ ALLOWED_ORIGINS: ruim }), ruim).toThrow(
        `ALLOWED_ORIGINS inválido (${ruim}): use origens http(s) completas separadas por vírgula, sem caminho, como https://ceasa.prefeitura.gov.br`,
      );
  });

  it('refuses a sign-in without an Origin header with a pt-BR 400, opening no session', async () => {
    const antes = await countRows(t.app, 'sessoes');
    const r = await entrar(t.app, CSRF);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('Requisição recusada: ela não veio das telas do sistema.');
    expect(setCookie(r.headers)).toBe('');
    expect(await countRows(t.app, 'sessoes')).toBe(antes);
    // The same request from the app's own page (its Origin) signs in.
    const ok = await entrar(t.app, { ...WEB(), 'sec-fetch-site': 'same-origin' });
    expect(ok.status).toBe(200);
    expect(await countRows(t.app, 'sessoes')).toBe(antes + 1);
  });

  it('signs out: the session is revoked and the cookie cleared', async () => {
    const l = await entrar();
    const c = valorDoCookie(l.headers);
    const sair = await call(t.app, null, { method: 'POST', url: '/api/auth/sessao/logout', headers: { ...WEB(), cookie: `ceasa_refresh=${c}` } });
    expect(sair.status).toBe(204);
    expect(setCookie(sair.headers)).toMatch(/ceasa_refresh=;/);
    expect((await renovar(c)).status).toBe(401);
    expect((await call(t.app, l.body.access_token, { method: 'GET', url: '/api/municipio' })).status).toBe(401);
  });

  it('answers wrong credentials and throttling in pt-BR, and keeps the cookie Secure over https', async () => {
    const errada = await call(t.app, null, {
      method: 'POST',
      url: '/api/auth/sessao/login',
      headers: WEB(),
      payload: { email: ADMIN.email, senha: 'errada' },
      remoteAddress: '10.7.0.9',
    });
    expect(errada.status).toBe(401);
    expect(errada.body.message).toBe('Email ou senha inválido');
    expect(setCookie(errada.headers)).toBe('');

    const https = await build({ publicUrl: 'https://ceasa.exemplo.gov.br' });
    try {
      const r = await entrar(https, { ...CSRF, origin: 'https://ceasa.exemplo.gov.br' });
      expect(r.status).toBe(200);
      expect(setCookie(r.headers)).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});
