import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { identidadesExternas, sessoes, usuarios } from '../src/db/schema';
import { MSG_PROVEDOR_DESLIGADO } from '../src/identity/externo';
import { hashSenha } from '../src/identity/passwords';
import { MSG_ENTRADA_EXTERNA } from '../src/identity/sessao-web.routes';
import { build, tokenFor } from './helpers';
import { entrarPeloNavegador, pedidoComPkce } from './oidc-apoio';
import { iniciarProvedor, type ProvedorDeTeste } from './provedor-oidc';

/**
 * External identity mode (OIDC_ISSUER) against a provider no one here wrote (oidc-provider), over real HTTP:
 * the product does the code flow with PKCE on the server, creates the user by e-mail with the roles of the
 * claim, opens its own cookie session, accepts the provider's access tokens, and signs out there too.
 */
const PORTA_PROVEDOR = 3421;
const PORTA_PRODUTO = 3422;
const PRODUTO = `http://127.0.0.1:${PORTA_PRODUTO}`;
const CLIENTE = {
  client_id: 'ceasa-externo',
  client_secret: 'segredo-do-cliente-de-teste',
  redirect_uris: [`${PRODUTO}/api/auth/sessao/callback`],
  post_logout_redirect_uris: [`${PRODUTO}/`],
};
const GESTORA = { email: 'gestora@prefeitura.test', senha: 'senha-da-gestora', nome: 'Gestora Municipal', roles: ['user-admin', 'offline_access'] };
const AGRO = { email: 'agro@prefeitura.test', senha: 'senha-do-agro', nome: 'Técnico Agro' };
const NAO_VERIFICADA = { email: 'nova@prefeitura.test', senha: 'senha-nova', nome: 'Conta Nova', emailVerificado: false };
const INTRUSO = { email: 'admin@teste.local', senha: 'senha-do-intruso', nome: 'Intruso', roles: ['super-admin'], emailVerificado: false };
const WEB = { 'x-ceasa-csrf': '1', origin: PRODUTO };
/** Another client of the same provider (its access tokens carry the same audience). */
const OUTRO_APP = { client_id: 'outro-app', client_secret: 'segredo-do-outro-app-de-teste', redirect_uris: ['http://127.0.0.1:3420/cb'] };

let provedor: ProvedorDeTeste;
let app: FastifyInstance;

beforeAll(async () => {
  provedor = await iniciarProvedor({
    porta: PORTA_PROVEDOR,
    cliente: CLIENTE,
    contas: [GESTORA, AGRO, NAO_VERIFICADA, INTRUSO],
    outros: [{ client_id: OUTRO_APP.client_id, client_secret: OUTRO_APP.client_secret, redirect_uris: OUTRO_APP.redirect_uris }],
  });
  app = await build({
    publicUrl: PRODUTO,
    oidc: {
      issuer: provedor.issuer,
      clientId: CLIENTE.client_id,
      clientSecret: CLIENTE.client_secret,
      rolesClaim: ['realm_access', 'roles'],
      audience: CLIENTE.client_id,
      scopes: 'openid email profile',
    },
  });
  await app.listen({ port: PORTA_PRODUTO, host: '127.0.0.1' });
});
afterAll(async () => {
  await app?.close();
  await provedor?.fechar();
});

/** A browser's cookie jar and redirect following, by hand (fetch's own following would drop cookies between hosts). */
function navegador() {
  const jarras = new Map<string, Map<string, string>>();
  const jarra = (u: URL) => jarras.get(u.host) ?? jarras.set(u.host, new Map()).get(u.host)!;
  async function pedir(url: string, init: RequestInit = {}) {
    const u = new URL(url);
    const j = jarra(u);
    const headers = new Headers(init.headers);
    if (j.size) headers.set('cookie', [...j].map(([k, v]) => `${k}=${v}`).join('; '));
    const r = await fetch(u, { ...init, headers, redirect: 'manual' });
    for (const c of r.headers.getSetCookie()) {
      const [par, ...atributos] = c.split(';');
      const i = par.indexOf('=');
      const nome = par.slice(0, i).trim();
      const valor = par.slice(i + 1).trim();
      const apagado = !valor || atributos.some((a) => /^\s*max-age=0/i.test(a) || (/^\s*expires=/i.test(a) && new Date(a.split('=')[1]) < new Date()));
      if (apagado) j.delete(nome);
      else j.set(nome, valor);
    }
    return r;
  }
  /** Follows redirects from `url` until a page answers or the next hop starts with `parar`. */
  async function seguir(url: string, parar?: string, init: RequestInit = {}) {
    let r = await pedir(url, init);
    let atual = url;
    for (let i = 0; i < 20 && r.status >= 300 && r.status < 400; i++) {
      atual = new URL(r.headers.get('location')!, atual).toString();
      if (parar && atual.startsWith(parar)) return { r, url: atual };
      r = await pedir(atual);
    }
    return { r, url: atual };
  }
  const cookie = (host: string, nome: string) => jarras.get(host)?.get(nome);
  return { pedir, seguir, cookie };
}

/** Signs in at the product through the provider's form; returns where the product sent the browser. */
async function entrar(b: ReturnType<typeof navegador>, conta: { email: string; senha: string }) {
  const { r: form, url } = await b.seguir(`${PRODUTO}/api/auth/sessao/entrar`);
  expect(url).toMatch(new RegExp(`^${provedor.issuer}/interaction/`));
  expect(await form.text()).toContain('name="senha"');
  return b.seguir(url + '/login', `${PRODUTO}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: conta.email, senha: conta.senha }),
  });
}

const renovar = (b: ReturnType<typeof navegador>) => b.pedir(`${PRODUTO}/api/auth/sessao/refresh`, { method: 'POST', headers: WEB });
const usuarioDe = async (email: string) => (await app.ctx.db.select().from(usuarios).where(eq(usuarios.email, email)))[0];

describe('external identity mode: sign-in through the municipality provider', () => {
  it('sends the browser to the provider with the code flow, PKCE S256, a state, a nonce and the configured redirect URI', async () => {
    const r = await navegador().pedir(`${PRODUTO}/api/auth/sessao/entrar`);
    expect(r.status).toBe(303);
    const u = new URL(r.headers.get('location')!);
    expect(`${u.origin}${u.pathname}`).toBe(`${provedor.issuer}/auth`);
    expect(u.searchParams.get('response_type')).toBe('code');
    expect(u.searchParams.get('client_id')).toBe(CLIENTE.client_id);
    expect(u.searchParams.get('redirect_uri')).toBe(`${PRODUTO}/api/auth/sessao/callback`);
    expect(u.searchParams.get('code_challenge_method')).toBe('S256');
    expect(u.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(u.searchParams.get('state')).toBeTruthy();
    expect(u.searchParams.get('nonce')).toBeTruthy();
    expect(u.searchParams.get('scope')).toBe('openid email profile');
    const fluxo = r.headers.getSetCookie().find((c) => c.startsWith('ceasa_oidc_fluxo='))!;
    expect(fluxo).toContain('Path=/api/auth/sessao/callback');
    expect(fluxo).toContain('HttpOnly');
    expect(fluxo).toContain('SameSite=Lax');
  });

  it('creates the user by e-mail with the roles of the claim, opens the cookie session, and signs out at the provider too', async () => {
    const b = navegador();
    const { r, url } = await entrar(b, GESTORA);
    expect(r.status).toBe(303);
    expect(url).toBe(`${PRODUTO}/login?sessao=externa`);
    expect(b.cookie(`127.0.0.1:${PORTA_PRODUTO}`, 'ceasa_oidc_fluxo')).toBeUndefined();

    const u = await usuarioDe(GESTORA.email);
    expect(u).toMatchObject({ nome: GESTORA.nome, ativo: true, roles: ['user-admin'] });

    // The web app's session works as with a password: the refresh endpoint gives an access token for the API.
    const s = await renovar(b);
    expect(s.status).toBe(200);
    const { access_token: acesso } = (await s.json()) as { access_token: string };
    const eu = await fetch(`${PRODUTO}/api/auth/sessao/eu`, { headers: { authorization: `Bearer ${acesso}` } });
    expect(await eu.json()).toEqual({ sub: u.id, name: GESTORA.nome, email: GESTORA.email, avatarUrl: null });
    const permissoes = await fetch(`${PRODUTO}/api/grupoPermissoes/meu`, { headers: { authorization: `Bearer ${acesso}` } });
    expect(permissoes.status).toBe(200);

    // Sign-out: the product's session ends and the answer is the provider's end-session address.
    const saida = await b.pedir(`${PRODUTO}/api/auth/sessao/logout`, { method: 'POST', headers: WEB });
    expect(saida.status).toBe(200);
    const { encerrarEm } = (await saida.json()) as { encerrarEm: string };
    const fim = new URL(encerrarEm);
    expect(`${fim.origin}${fim.pathname}`).toBe(`${provedor.issuer}/session/end`);
    expect(fim.searchParams.get('post_logout_redirect_uri')).toBe(`${PRODUTO}/`);
    expect(fim.searchParams.get('client_id')).toBe(CLIENTE.client_id);
    expect(fim.searchParams.get('id_token_hint')).toMatch(/^ey/);
    expect((await renovar(b)).status).toBe(401);

    // The provider's own page asks to confirm; confirmed, it ends its session and returns to PUBLIC_URL.
    const saidasAntes = provedor.saidas;
    const pagina = await b.pedir(encerrarEm);
    const html = await pagina.text();
    const acao = /<form[^>]*action="([^"]+)"/.exec(html)![1];
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)![1];
    const { url: depois } = await b.seguir(new URL(acao, provedor.issuer).toString(), PRODUTO, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ xsrf, logout: 'yes' }),
    });
    expect(depois).toBe(`${PRODUTO}/`);
    expect(provedor.saidas).toBe(saidasAntes + 1);
    // With the provider's session gone, signing in again asks for the password there.
    const { url: denovo } = await b.seguir(`${PRODUTO}/api/auth/sessao/entrar`);
    expect(denovo).toMatch(new RegExp(`^${provedor.issuer}/interaction/`));
  });

  it('keeps the roles set at /usuarios where the claim is absent, and follows the claim where it changes', async () => {
    await entrar(navegador(), AGRO);
    const criado = await usuarioDe(AGRO.email);
    expect(criado.roles).toEqual([]);
    await app.ctx.db
      .update(usuarios)
      .set({ roles: ['user-agro'] })
      .where(eq(usuarios.id, criado.id));
    const { url } = await entrar(navegador(), AGRO);
    expect(url).toBe(`${PRODUTO}/login?sessao=externa`);
    expect((await usuarioDe(AGRO.email)).roles).toEqual(['user-agro']);

    provedor.contas.set(GESTORA.email, { ...GESTORA, roles: ['super-admin'] });
    await entrar(navegador(), GESTORA);
    expect((await usuarioDe(GESTORA.email)).roles).toEqual(['super-admin']);
    provedor.contas.set(GESTORA.email, GESTORA);
  });

  it('refuses an unverified e-mail for an account with a password here, a disabled account, and a callback without its own sign-in', async () => {
    // The product's admin has a password here: an unverified e-mail at the provider does not take it over.
    const admin = await usuarioDe('admin@teste.local');
    const b = navegador();
    const { url } = await entrar(b, INTRUSO);
    expect(url).toBe(`${PRODUTO}/login?erro=email-nao-verificado`);
    expect((await renovar(b)).status).toBe(401);
    expect(await usuarioDe('admin@teste.local')).toEqual(admin);
    // A new person with an unverified e-mail is created (no password here, nothing to take over) and signs in again.
    for (let i = 0; i < 2; i++) expect((await entrar(navegador(), NAO_VERIFICADA)).url).toBe(`${PRODUTO}/login?sessao=externa`);
    expect((await usuarioDe(NAO_VERIFICADA.email)).senhaHash).toBe('!externo');

    await entrar(navegador(), AGRO);
    await app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, AGRO.email));
    const desativado = navegador();
    expect((await entrar(desativado, AGRO)).url).toBe(`${PRODUTO}/login?erro=desativado`);
    expect((await renovar(desativado)).status).toBe(401);
    await app.ctx.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, AGRO.email));

    // A callback this browser did not start (no flow cookie, or another state): no session.
    const forjado = await navegador().pedir(`${PRODUTO}/api/auth/sessao/callback?code=abc&state=xyz`);
    expect(forjado.status).toBe(303);
    expect(forjado.headers.get('location')).toBe(`${PRODUTO}/login?erro=expirado`);
    const c = navegador();
    const inicio = await c.pedir(`${PRODUTO}/api/auth/sessao/entrar`);
    expect(inicio.status).toBe(303);
    const outroEstado = await c.pedir(`${PRODUTO}/api/auth/sessao/callback?code=abc&state=outro`);
    expect(outroEstado.headers.get('location')).toBe(`${PRODUTO}/login?erro=expirado`);
    // The person cancelled at the provider.
    const cancelado = await c.pedir(`${PRODUTO}/api/auth/sessao/callback?error=access_denied&state=x`);
    expect(cancelado.headers.get('location')).toBe(`${PRODUTO}/login?erro=cancelado`);
  });
});

describe("external identity mode: people bound to the provider's subject (issuer, sub)", () => {
  const VITIMA = 'vitima@prefeitura.test';
  const sessoesDe = async (id: string) => (await app.ctx.db.select().from(sessoes).where(eq(sessoes.usuarioId, id))).length;

  it('links a first sign-in to an existing account by e-mail only when email_verified is the boolean true, trimmed and case-insensitive; then by sub alone', async () => {
    const [vitima] = await app.ctx.db
      .insert(usuarios)
      .values({ nome: 'Vítima', email: VITIMA, senhaHash: await hashSenha('senha-da-vitima'), roles: ['super-admin'] })
      .returning();
    const tentar = async (sub: string, email: string, emailVerificado: boolean | string) => {
      const conta = { email, senha: `senha-${sub}`, nome: `Pessoa ${sub}`, sub, emailVerificado };
      provedor.contas.set(email, conta);
      const b = navegador();
      const { url } = await entrar(b, conta);
      provedor.contas.delete(email);
      return { url, renovar: await renovar(b) };
    };
    // Not vouched for (the string "true", false, absent): no link, no session, the account untouched.
    for (const [email, verificado] of [
      [' VITIMA@Prefeitura.test ', 'true'],
      [VITIMA, false],
      ['Vitima@prefeitura.test', 'yes'],
    ] as const) {
      const r = await tentar(`sub-intruso-${String(verificado)}`, email, verificado);
      expect(r.url, `${email} ${String(verificado)}`).toBe(`${PRODUTO}/login?erro=email-nao-verificado`);
      expect(r.renovar.status).toBe(401);
    }
    expect(await sessoesDe(vitima.id)).toBe(0);
    expect(await usuarioDe(VITIMA)).toEqual(vitima);

    // Vouched for, with spaces and capitals: linked to the existing account, once.
    const dona = await tentar('sub-vitima', ' VITIMA@Prefeitura.TEST ', true);
    expect(dona.url).toBe(`${PRODUTO}/login?sessao=externa`);
    expect(dona.renovar.status).toBe(200);
    expect(await sessoesDe(vitima.id)).toBe(1);
    const vinculos = await app.ctx.db.select().from(identidadesExternas).where(eq(identidadesExternas.usuarioId, vitima.id));
    expect(vinculos).toMatchObject([{ issuer: provedor.issuer, sub: 'sub-vitima' }]);

    // Another subject with the same, verified, e-mail does not reach it.
    const outro = await tentar('sub-outro', VITIMA, true);
    expect(outro.url).toBe(`${PRODUTO}/login?erro=email-em-uso`);
    expect(outro.renovar.status).toBe(401);
    expect(await sessoesDe(vitima.id)).toBe(1);
  });

  it('follows a change of e-mail at the provider on the bound account, and never moves the account to the old address', async () => {
    const [antes] = await app.ctx.db.select().from(usuarios).where(eq(usuarios.email, VITIMA));
    const NOVO = 'vitima.nova@prefeitura.test';
    const conta = { email: NOVO, senha: 'senha-sub-vitima', nome: 'Vítima', sub: 'sub-vitima', emailVerificado: true };
    provedor.contas.set(NOVO, conta);
    expect((await entrar(navegador(), conta)).url).toBe(`${PRODUTO}/login?sessao=externa`);
    const depois = await usuarioDe(NOVO);
    expect(depois).toMatchObject({ id: antes.id, email: NOVO, roles: ['super-admin'] });
    expect(await usuarioDe(VITIMA)).toBeUndefined();

    // Whoever gets the old address at the provider (another subject, verified) gets a new account, not this one.
    const herdeiro = { email: VITIMA, senha: 'senha-do-herdeiro', nome: 'Herdeiro do endereço', sub: 'sub-herdeiro', emailVerificado: true };
    provedor.contas.set(VITIMA, herdeiro);
    const b = navegador();
    expect((await entrar(b, herdeiro)).url).toBe(`${PRODUTO}/login?sessao=externa`);
    const novo = await usuarioDe(VITIMA);
    expect(novo.id).not.toBe(antes.id);
    expect(novo.roles).toEqual([]);
    const s = await renovar(b);
    const { access_token: acesso } = (await s.json()) as { access_token: string };
    const eu = (await (await fetch(`${PRODUTO}/api/auth/sessao/eu`, { headers: { authorization: `Bearer ${acesso}` } })).json()) as { sub: string };
    expect(eu.sub).toBe(novo.id);
    expect((await usuarioDe(NOVO)).roles).toEqual(['super-admin']);
    provedor.contas.delete(VITIMA);
    provedor.contas.delete(NOVO);
  });

  it('keeps the pair (issuer, sub) unique in the database', async () => {
    const [v] = await app.ctx.db.select().from(identidadesExternas).where(eq(identidadesExternas.sub, 'sub-vitima'));
    const [outro] = await app.ctx.db.insert(usuarios).values({ nome: 'Outro', email: 'outro-vinculo@prefeitura.test', senhaHash: '!externo' }).returning();
    await expect(app.ctx.db.insert(identidadesExternas).values({ issuer: v.issuer, sub: v.sub, usuarioId: outro.id })).rejects.toThrow();
    await expect(app.ctx.db.insert(identidadesExternas).values({ issuer: v.issuer, sub: 'sub-novo', usuarioId: v.usuarioId })).rejects.toThrow();
  });
});

describe("external identity mode: the provider's access tokens at the API", () => {
  /** Another client of the provider (a phone app, a BI tool): the code flow with openid-client, tokens kept by the test. */
  async function tokensDoProvedor(
    conta: { email: string; senha: string },
    cliente: { client_id: string; client_secret: string; redirect_uris: string[] } = CLIENTE,
  ) {
    const cfg = await client.discovery(new URL(provedor.issuer), cliente.client_id, cliente.client_secret, client.ClientSecretBasic(cliente.client_secret), {
      execute: [client.allowInsecureRequests],
    });
    const state = client.randomState();
    const { url, verifier } = await pedidoComPkce(cfg, cliente.redirect_uris[0], 'openid email profile', { state });
    const b = navegador();
    const { url: form } = await b.seguir(url.toString());
    const { url: retorno } = await b.seguir(form + '/login', cliente.redirect_uris[0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: conta.email, senha: conta.senha }),
    });
    return client.authorizationCodeGrant(cfg, new URL(retorno), { pkceCodeVerifier: verifier, expectedState: state, idTokenExpected: true });
  }
  const chamar = (token: string, rota = 'grupoPermissoes/meu') => fetch(`${PRODUTO}/api/${rota}`, { headers: { authorization: `Bearer ${token}` } });

  it('accepts them (JWKS, issuer, audience), mapping the token to the user by e-mail with the claim roles', async () => {
    const t = await tokensDoProvedor(GESTORA);
    const r = await chamar(t.access_token);
    expect(r.status).toBe(200);
    const eu = (await (await chamar(t.access_token, 'auth/sessao/eu')).json()) as { email: string };
    expect(eu.email).toBe(GESTORA.email);
  });

  it("makes one account and one binding when a new person's token arrives in parallel calls", async () => {
    const NOVA = { email: 'paralela@prefeitura.test', senha: 'senha-da-paralela', nome: 'Paralela', sub: 'sub-paralela' };
    provedor.contas.set(NOVA.email, NOVA);
    const t = await tokensDoProvedor(NOVA);
    const r = await Promise.all(Array.from({ length: 6 }, () => chamar(t.access_token, 'auth/sessao/eu')));
    expect(r.map((x) => x.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const contas = await app.ctx.db.select().from(usuarios).where(eq(usuarios.email, NOVA.email));
    expect(contas).toHaveLength(1);
    const vinculos = await app.ctx.db.select().from(identidadesExternas).where(eq(identidadesExternas.sub, NOVA.sub));
    expect(vinculos).toMatchObject([{ usuarioId: contas[0].id }]);
    provedor.contas.delete(NOVA.email);
  });

  it("refuses the provider's token without exp, or naming another client in azp, and accepts one naming only this client in aud", async () => {
    await tokensDoProvedor(GESTORA);
    const agora = Math.floor(Date.now() / 1000);
    const base = { iss: provedor.issuer, aud: CLIENTE.client_id, sub: GESTORA.email, email: GESTORA.email, email_verified: true, iat: agora };
    expect((await chamar(await provedor.assinar({ ...base, exp: agora + 300 }))).status).toBe(200);
    expect((await chamar(await provedor.assinar(base))).status).toBe(401);
    expect((await chamar(await provedor.assinar({ ...base, exp: agora + 300, azp: 'outro-app' }))).status).toBe(401);
    expect((await chamar(await provedor.assinar({ ...base, exp: agora + 300, aud: [CLIENTE.client_id, 'outro-app'], azp: CLIENTE.client_id }))).status).toBe(
      200,
    );
  });

  it('refuses a token the provider issued to another of its clients (same aud, another client_id), in pt-BR', async () => {
    const doOutro = await tokensDoProvedor(GESTORA, OUTRO_APP);
    const claims = JSON.parse(Buffer.from(doOutro.access_token.split('.')[1], 'base64url').toString()) as Record<string, unknown>;
    expect(claims).toMatchObject({ aud: CLIENTE.client_id, client_id: OUTRO_APP.client_id });
    const r = await chamar(doOutro.access_token);
    expect(r.status).toBe(401);
    expect(((await r.json()) as { message: string }).message).toBe('Sessão inválida ou expirada. Entre novamente.');
    expect((await chamar((await tokensDoProvedor(GESTORA)).access_token)).status).toBe(200);
  });

  it('takes the roles from the newest token (iat): an older, still valid token never brings back removed roles', async () => {
    const CHEFE = { email: 'chefe@prefeitura.test', senha: 'senha-do-chefe', nome: 'Chefe', roles: ['super-admin'], sub: 'sub-chefe' };
    provedor.contas.set(CHEFE.email, CHEFE);
    const antigo = await tokensDoProvedor(CHEFE);
    provedor.contas.set(CHEFE.email, { ...CHEFE, roles: ['user-agro'] });
    // A second later, so the new token's iat is larger.
    await new Promise((ok) => setTimeout(ok, 1100));
    const novo = await tokensDoProvedor(CHEFE);
    expect((await chamar(novo.access_token)).status).toBe(200);
    expect((await usuarioDe(CHEFE.email)).roles).toEqual(['user-agro']);
    // The old token, first seen now: still valid for who it names, but its roles are not restored.
    expect((await chamar(antigo.access_token, 'usuarios')).status).toBe(403);
    expect((await usuarioDe(CHEFE.email)).roles).toEqual(['user-agro']);
    // A sign-in with a new ID token and the roles given back at the provider does apply them.
    provedor.contas.set(CHEFE.email, CHEFE);
    expect((await entrar(navegador(), CHEFE)).url).toBe(`${PRODUTO}/login?sessao=externa`);
    expect((await usuarioDe(CHEFE.email)).roles).toEqual(['super-admin']);
  });

  it('refuses an ID token, a forged token, and a disabled account at once', async () => {
    const t = await tokensDoProvedor(GESTORA);
    expect((await chamar(t.id_token!)).status).toBe(401);
    const [h, p] = t.access_token.split('.');
    const outro = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    const forjado = `${h}.${Buffer.from(JSON.stringify({ ...outro, realm_access: { roles: ['super-admin'] } })).toString('base64url')}.${t.access_token.split('.')[2]}`;
    const recusa = await chamar(forjado);
    expect(recusa.status).toBe(401);
    expect(((await recusa.json()) as { message: string }).message).toBe('Sessão inválida ou expirada. Entre novamente.');

    expect((await chamar(t.access_token)).status).toBe(200);
    await app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.email, GESTORA.email));
    app.esquecerSessoes();
    expect((await chamar(t.access_token)).status).toBe(401);
    await app.ctx.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.email, GESTORA.email));
    app.esquecerSessoes();
  });
});

describe('external identity mode: the built-in provider and passwords are off', () => {
  it("answers the built-in provider's paths with a pt-BR 404", async () => {
    for (const url of ['/realms/ceasa/.well-known/openid-configuration', '/realms/ceasa/protocol/openid-connect/token']) {
      const r = await fetch(`${PRODUTO}${url}`, { method: url.endsWith('token') ? 'POST' : 'GET' });
      expect(r.status).toBe(404);
      expect(((await r.json()) as { message: string }).message).toBe(MSG_PROVEDOR_DESLIGADO);
    }
  });

  it('refuses password sign-in, registration and reset with a pt-BR 400', async () => {
    const casos: [string, unknown][] = [
      ['/api/auth/sessao/login', { email: 'admin@teste.local', senha: 'admin-senha' }],
      ['/api/auth/register', { nome: 'Alguém', email: 'alguem@teste.local', senha: 'Senha#forte1' }],
      ['/api/auth/reset', { email: 'admin@teste.local' }],
      ['/api/auth/nova-senha', { token: 'x', senha: 'Senha#forte1' }],
    ];
    for (const [url, corpo] of casos) {
      const r = await fetch(`${PRODUTO}${url}`, { method: 'POST', headers: { ...WEB, 'content-type': 'application/json' }, body: JSON.stringify(corpo) });
      expect(r.status, url).toBe(400);
      expect(((await r.json()) as { message: string }).message).toBe(MSG_ENTRADA_EXTERNA);
    }
  });

  it("refuses the super-admin's reset e-mail at /usuarios with a pt-BR 400 (the provider resets passwords)", async () => {
    const token = await tokenFor(app, ['super-admin']);
    const alvo = await usuarioDe('admin@teste.local');
    const r = await fetch(`${PRODUTO}/api/usuarios/${alvo.id}/reset`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { message: string }).message).toBe(MSG_ENTRADA_EXTERNA);
  });

  it('tells the web app the mode in the public settings', async () => {
    const r = (await (await fetch(`${PRODUTO}/api/config`)).json()) as { entradaExterna: boolean };
    expect(r.entradaExterna).toBe(true);
  });
});

describe('external identity mode: configuration and an unreachable provider', () => {
  it('validates OIDC_* at start with pt-BR messages', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'sso.prefeitura' })).toThrow('OIDC_ISSUER inválido (sso.prefeitura)');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.prefeitura.gov.br/realms/p' })).toThrow('OIDC_CLIENT_ID não definido');
    expect(() => loadConfig({ OIDC_CLIENT_ID: 'ceasa' })).toThrow('OIDC_CLIENT_ID definido sem OIDC_ISSUER');
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.prefeitura.gov.br/realms/p', OIDC_CLIENT_ID: 'ceasa', OIDC_ROLES_CLAIM: 'a..b' })).toThrow(
      'OIDC_ROLES_CLAIM inválido',
    );
    expect(() => loadConfig({ OIDC_ISSUER: 'https://sso.prefeitura.gov.br/realms/p', OIDC_CLIENT_ID: 'ceasa', OIDC_SCOPES: 'email' })).toThrow(
      'OIDC_SCOPES inválido',
    );
    expect(
      loadConfig({ OIDC_ISSUER: 'https://sso.acesso.gov.br', OIDC_CLIENT_ID: 'ceasa', OIDC_SCOPES: 'openid email profile govbr_confiabilidades' }).oidc,
    ).toEqual({
      issuer: 'https://sso.acesso.gov.br',
      clientId: 'ceasa',
      clientSecret: undefined,
      rolesClaim: ['realm_access', 'roles'],
      audience: 'ceasa',
      scopes: 'openid email profile govbr_confiabilidades',
    });
    expect(loadConfig({}).oidc).toBeUndefined();
  });

  it('sends the browser back to /login with a reason when the provider does not answer (no 500)', async () => {
    const sem = await build({
      publicUrl: 'http://127.0.0.1:3429',
      oidc: { issuer: 'http://127.0.0.1:3429/realms/nada', clientId: 'c', rolesClaim: ['roles'], audience: 'c', scopes: 'openid' },
    });
    try {
      const r = await sem.inject({ method: 'GET', url: '/api/auth/sessao/entrar' });
      expect(r.statusCode).toBe(303);
      expect(r.headers.location).toBe('http://127.0.0.1:3429/login?erro=indisponivel');
    } finally {
      await sem.close();
    }
  });
});

describe('external identity mode against another product instance as the provider', () => {
  const PROVEDOR_A = 'http://127.0.0.1:3426';
  const PRODUTO_B = 'http://127.0.0.1:3427';
  const BI = 'http://127.0.0.1:3428/cb';
  const FISCAL = { email: 'fiscal@prefeitura.test', senha: 'senha-do-fiscal-1', nome: 'Fiscal do Mercado' };
  let a: FastifyInstance;
  let b: FastifyInstance;

  beforeAll(async () => {
    a = await build({
      publicUrl: PROVEDOR_A,
      oidcClients: [
        { client_id: 'ceasa-b', redirect_uris: [`${PRODUTO_B}/api/auth/sessao/callback`], post_logout_redirect_uris: [`${PRODUTO_B}/`] },
        { client_id: 'bi', redirect_uris: [BI], post_logout_redirect_uris: [] },
      ],
    });
    await a.listen({ port: 3426, host: '127.0.0.1' });
    await a.ctx.db.insert(usuarios).values({ nome: FISCAL.nome, email: FISCAL.email, senhaHash: await hashSenha(FISCAL.senha), roles: ['user-admin'] });
    b = await build({
      publicUrl: PRODUTO_B,
      // The provider instance's access tokens are for its API.
      oidc: {
        issuer: `${PROVEDOR_A}/realms/ceasa`,
        clientId: 'ceasa-b',
        rolesClaim: ['realm_access', 'roles'],
        audience: `${PROVEDOR_A}/api`,
        scopes: 'openid email profile',
      },
    });
    await b.listen({ port: 3427, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  /** Signs in at B through A's sign-in (as A's page posts it); returns where B sent the browser and B's cookies. */
  async function entrarEmB(conta: { email: string; senha: string }) {
    const nav = navegador();
    const inicio = await nav.pedir(`${PRODUTO_B}/api/auth/sessao/entrar`);
    expect(inicio.status).toBe(303);
    const { retorno } = await entrarPeloNavegador(new URL(inicio.headers.get('location')!), conta.email, conta.senha);
    const fim = await nav.pedir(retorno!.toString());
    return { nav, destino: fim.headers.get('location') };
  }

  /** A's access token for a person, from a client of A (openid-client, public client with PKCE): another system's, or B's own. */
  async function tokenDeA(conta: { email: string; senha: string }, clientId = 'bi', redirect = BI) {
    const cfg = await client.discovery(new URL(`${PROVEDOR_A}/realms/ceasa`), clientId, undefined, client.None(), { execute: [client.allowInsecureRequests] });
    const state = client.randomState();
    const { url, verifier } = await pedidoComPkce(cfg, redirect, 'openid email profile', { state });
    const { retorno } = await entrarPeloNavegador(url, conta.email, conta.senha);
    return (await client.authorizationCodeGrant(cfg, retorno!, { pkceCodeVerifier: verifier, expectedState: state })).access_token;
  }
  const deB = (conta: { email: string; senha: string }) => tokenDeA(conta, 'ceasa-b', `${PRODUTO_B}/api/auth/sessao/callback`);

  it("signs in at B through A, with A's roles, and B's cookie session works", async () => {
    const { nav, destino } = await entrarEmB(FISCAL);
    expect(destino).toBe(`${PRODUTO_B}/login?sessao=externa`);
    const [u] = await b.ctx.db.select().from(usuarios).where(eq(usuarios.email, FISCAL.email));
    expect(u).toMatchObject({ nome: FISCAL.nome, roles: ['user-admin'], senhaHash: '!externo' });
    const s = await nav.pedir(`${PRODUTO_B}/api/auth/sessao/refresh`, { method: 'POST', headers: { 'x-ceasa-csrf': '1', origin: PRODUTO_B } });
    expect(s.status).toBe(200);
  });

  it("accepts A's access tokens issued to B's client at B's API (A's JWKS, issuer and API audience), not those of A's other clients, and refuses B's own admin taken over by A's unverified e-mail", async () => {
    // A token A gave its other client (same issuer, same audience, azp 'bi'): not for B.
    const doBi = await tokenDeA(FISCAL);
    expect((await fetch(`${PRODUTO_B}/api/auth/sessao/eu`, { headers: { authorization: `Bearer ${doBi}` } })).status).toBe(401);
    const token = await deB(FISCAL);
    const eu = await fetch(`${PRODUTO_B}/api/auth/sessao/eu`, { headers: { authorization: `Bearer ${token}` } });
    expect(eu.status).toBe(200);
    expect(((await eu.json()) as { email: string }).email).toBe(FISCAL.email);
    expect((await fetch(`${PRODUTO_B}/api/grupoPermissoes/meu`, { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);

    // Both instances have admin@teste.local with a password; A marks every e-mail unverified.
    expect((await entrarEmB({ email: 'admin@teste.local', senha: 'admin-senha' })).destino).toBe(`${PRODUTO_B}/login?erro=email-nao-verificado`);
    const doAdmin = await deB({ email: 'admin@teste.local', senha: 'admin-senha' });
    expect((await fetch(`${PRODUTO_B}/api/grupoPermissoes/meu`, { headers: { authorization: `Bearer ${doAdmin}` } })).status).toBe(401);
  });
});

describe('external identity mode: MFA_OBRIGATORIO against the provider amr', () => {
  it('refuses in pt-BR a role that must have a second factor signing in without one at the provider, and lets it in with one', async () => {
    const config = app.ctx.config as { mfaObrigatorio: string[] };
    const antes = config.mfaObrigatorio;
    const conta = provedor.contas.get(GESTORA.email)!;
    config.mfaObrigatorio = ['user-admin'];
    try {
      const sem = navegador();
      expect((await entrar(sem, GESTORA)).url).toBe(`${PRODUTO}/login?erro=sem-segundo-fator`);
      expect((await renovar(sem)).status).toBe(401);
      conta.amr = ['pwd'];
      expect((await entrar(navegador(), GESTORA)).url).toBe(`${PRODUTO}/login?erro=sem-segundo-fator`);
      conta.amr = ['pwd', 'otp'];
      const com = navegador();
      expect((await entrar(com, GESTORA)).url).toBe(`${PRODUTO}/login?sessao=externa`);
      expect((await renovar(com)).status).toBe(200);
    } finally {
      config.mfaObrigatorio = antes;
      delete conta.amr;
    }
  });
});
