import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identidadesExternas, portalConvites, usuarios } from '../src/db/schema';
import { seloDoFluxo } from '../src/identity/govbr';
import { nivelGovbrDaConta } from '../src/identity/portal';
import { cpfValido } from './fabricas';
import { build, call, countRows, tokenFor } from './helpers';
import { iniciarGovbrFalso, type GovbrFalso } from './govbr-falso';
import { Cookies, ir } from './oidc-apoio';

/**
 * 'Entrar com gov.br' at the producers' portal (docs/produto/portal.md, docs/decisions/0297-portal-contas-e-govbr.md)
 * against a fake gov.br built on oidc-provider (govbr-falso.ts), over real HTTP: the code flow with PKCE and a signed
 * flow cookie, the account bound to the person by the CPF in `sub`, the level of `reliability_info` against
 * PORTAL_NIVEL_MINIMO (prata here), the portal's session opened, and the sign-out that also ends it at gov.br.
 */
const PORTA_PRODUTO = 3511;
const PORTA_GOVBR = 3512;
const PRODUTO = `http://127.0.0.1:${PORTA_PRODUTO}`;
const RETORNO = `${PRODUTO}/api/portal/govbr/retorno`;
const WEB = { 'x-ceasa-csrf': '1', origin: PRODUTO };

const CPF = {
  prata: cpfValido(301),
  bronze: cpfValido(302),
  semNivel: cpfValido(303),
  semEmail: cpfValido(304),
  emailDeOutro: cpfValido(305),
  forasteiro: cpfValido(306),
};
const CONTAS = [
  { cpf: CPF.prata, nivel: 'prata', email: 'Francisca.Prata@Gov.test', nome: 'Francisca no gov.br' },
  { cpf: CPF.bronze, nivel: 'bronze', email: 'bronze@gov.test', nome: 'Bronze' },
  { cpf: CPF.semNivel, email: 'sem-nivel@gov.test', nome: 'Sem Nível' },
  { cpf: CPF.semEmail, nivel: 'gold', nome: 'Sem E-mail' },
  { cpf: CPF.emailDeOutro, nivel: 'silver', email: 'admin@teste.local', nome: 'E-mail de outro' },
  { cpf: CPF.forasteiro, nivel: 'ouro', email: 'forasteiro@gov.test', nome: 'Sem cadastro no mercado' },
] as const;

let app: FastifyInstance;
let govbr: GovbrFalso;
const pessoas: Record<string, number> = {};

beforeAll(async () => {
  govbr = await iniciarGovbrFalso({ porta: PORTA_GOVBR, redirectUri: RETORNO, postLogoutRedirectUri: `${PRODUTO}/portal`, contas: [...CONTAS] });
  app = await build({
    host: '127.0.0.1',
    port: PORTA_PRODUTO,
    publicUrl: PRODUTO,
    portal: {
      govbr: { issuer: govbr.issuer, clientId: govbr.clientId, clientSecret: govbr.clientSecret },
      nivelMinimo: 'prata',
      diasAntecedencia: 7,
      conviteHoras: 72,
    },
  });
  await app.listen({ host: '127.0.0.1', port: PORTA_PRODUTO });
  for (const [chave, cpf] of Object.entries(CPF)) {
    if (chave === 'forasteiro') continue;
    const r = await app.ctx.db.execute(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES (${`Produtor ${chave}`}, ${cpf}, 1) RETURNING id`);
    pessoas[chave] = Number((r.rows[0] as { id: number }).id);
  }
});
afterAll(async () => {
  await app?.close();
  await govbr?.fechar();
});

/**
 * What a browser does from 'Entrar com gov.br' to the portal: the product's redirect, gov.br's sign-in form where the
 * CPF is typed (or 'Cancelar'), and the redirects back until the portal's page. Returns where it landed.
 */
async function entrarComGovbr(cpf: string | null, cookies = new Cookies()) {
  const a = await ir(`${PRODUTO}/api/portal/govbr/entrar`, cookies);
  expect(a.status).toBe(302);
  const b = await ir(a.headers.get('location')!, cookies);
  const interacao = new URL(b.headers.get('location')!, govbr.issuer);
  expect(interacao.pathname).toMatch(/^\/interaction\//);
  expect(await (await ir(interacao, cookies)).text()).toContain('name="cpf"');
  const acao = cpf === null ? 'cancelar' : 'login';
  let r = await ir(`${interacao}/${acao}`, cookies, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ cpf: cpf ?? '' }),
  });
  let atual = new URL(`${interacao}/${acao}`);
  for (let i = 0; i < 10 && r.status >= 300 && r.status < 400; i++) {
    atual = new URL(r.headers.get('location')!, atual);
    if (atual.pathname === '/portal') break;
    r = await ir(atual, cookies);
  }
  return { destino: atual, cookies };
}

const contaDe = async (chave: string) => (await app.ctx.db.select().from(usuarios).where(eq(usuarios.pessoaId, pessoas[chave])))[0];
const cookieDe = (cookies: Cookies, nome: string) => new RegExp(`(?:^|; )${nome}=([^;]*)`).exec(cookies.cookie())?.[1];
const renovar = (cookies: Cookies) => fetch(`${PRODUTO}/api/portal/sessao/refresh`, { method: 'POST', headers: { ...WEB, cookie: cookies.cookie() } });

describe('gov.br: the way there', () => {
  it('sends the browser to gov.br with the code flow, PKCE S256, state, nonce, the scopes and the configured redirect URI; the flow cookie is signed', async () => {
    const cookies = new Cookies();
    const r = await ir(`${PRODUTO}/api/portal/govbr/entrar`, cookies);
    expect(r.status).toBe(302);
    const u = new URL(r.headers.get('location')!);
    expect(`${u.origin}${u.pathname}`).toBe(`${govbr.issuer}/auth`);
    expect(Object.fromEntries(u.searchParams)).toMatchObject({
      client_id: govbr.clientId,
      response_type: 'code',
      redirect_uri: RETORNO,
      scope: 'openid email profile govbr_confiabilidades govbr_confiabilidades_idtoken',
      code_challenge_method: 'S256',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(u.searchParams.get(p)).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    const cookie = r.headers.getSetCookie().find((c) => c.startsWith('ceasa_govbr_fluxo='))!;
    expect(cookie).toContain('Path=/api/portal/govbr/retorno');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('Max-Age=600');
    // The cookie holds the flow this server sealed: it opens as it was; changed by hand or past its time, it does not.
    const valor = cookieDe(cookies, 'ceasa_govbr_fluxo')!;
    const selo = seloDoFluxo(app.ctx.db, app.ctx.config);
    const fluxo = (await selo.abrir(valor))!;
    expect(fluxo.state).toBe(u.searchParams.get('state'));
    expect(fluxo.nonce).toBe(u.searchParams.get('nonce'));
    const [dados, sinal] = valor.split('.');
    const trocado = Buffer.from(JSON.stringify({ ...fluxo, state: 'outro' })).toString('base64url');
    expect(await selo.abrir(`${trocado}.${sinal}`)).toBeNull();
    expect(await selo.abrir(dados)).toBeNull();
    expect(await selo.abrir(await selo.selar({ ...fluxo, ate: Date.now() - 1 }))).toBeNull();
    // Another flow's state, or no cookie: back to the portal with 'erro', nothing opened.
    for (const cookie of [`ceasa_govbr_fluxo=${valor}`, '']) {
      const outro = await fetch(`${RETORNO}?code=x&state=outro`, { redirect: 'manual', headers: { cookie } });
      expect(outro.status).toBe(302);
      expect(outro.headers.get('location')).toBe(`${PRODUTO}/portal?govbr=erro`);
    }
  });

  it('the public settings say gov.br is on', async () => {
    expect((await call(app, null, { method: 'GET', url: '/api/portal/config' })).body).toEqual({ govbr: true, nivelMinimo: 'prata', diasAntecedencia: 7 });
  });
});

describe('gov.br: binding by CPF and the level', () => {
  it("binds the person whose CPF is the ID token's sub: a new portal account, the session's cookies, the binding with the level", async () => {
    await app.ctx.db
      .insert(portalConvites)
      .values({ pessoaId: pessoas.prata, email: 'pendente@produtor.test', tokenHash: 'h-pendente', expiraEm: new Date(Date.now() + 3_600_000) });
    const { destino, cookies } = await entrarComGovbr(CPF.prata);
    expect(destino.toString()).toBe(`${PRODUTO}/portal`);
    expect(cookieDe(cookies, 'ceasa_portal_refresh')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(cookieDe(cookies, 'ceasa_portal_id_token')).toMatch(/^ey/);
    expect(cookieDe(cookies, 'ceasa_govbr_fluxo')).toBeUndefined();
    const conta = await contaDe('prata');
    expect(conta).toMatchObject({ roles: ['produtor'], pessoaId: pessoas.prata, email: 'francisca.prata@gov.test', nome: 'Produtor prata', ativo: true });
    const [vinculo] = await app.ctx.db.select().from(identidadesExternas).where(eq(identidadesExternas.usuarioId, conta.id));
    expect(vinculo).toMatchObject({ sub: CPF.prata, nivel: 'prata' });
    expect(vinculo.issuer.replace(/\/$/, '')).toBe(govbr.issuer);
    // The pending invitation is of no use now.
    const [convite] = await app.ctx.db.select().from(portalConvites).where(eq(portalConvites.pessoaId, pessoas.prata));
    expect(convite.expiraEm.getTime()).toBeLessThanOrEqual(Date.now());
    // The session is the portal's: a refresh gives a token for his account.
    const r = await renovar(cookies);
    expect(r.status).toBe(200);
    const { access_token } = (await r.json()) as { access_token: string };
    expect((await call(app, access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).body.email).toBe('francisca.prata@gov.test');
    const visto = await call(app, await tokenFor(app, ['super-admin']), { method: 'GET', url: `/api/portal/convites?pessoaId=${pessoas.prata}` });
    expect(visto.body.conta).toMatchObject({ origem: 'govbr', ativo: true });
  });

  it('a second sign-in reuses the account and records the new level', async () => {
    const antes = await contaDe('prata');
    govbr.contas.set(CPF.prata, { ...CONTAS[0], nivel: 'ouro' });
    const { destino } = await entrarComGovbr(CPF.prata);
    expect(destino.toString()).toBe(`${PRODUTO}/portal`);
    const depois = await contaDe('prata');
    expect(depois.id).toBe(antes.id);
    expect(await nivelGovbrDaConta(app.ctx.db, depois.id)).toBe('ouro');
    const [{ n }] = (await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM usuarios WHERE pessoa_id = ${pessoas.prata}`)).rows as { n: number }[];
    expect(n).toBe(1);
  });

  it('refuses a level below the minimum (a missing one is bronze), naming it, and makes nothing', async () => {
    const contas = await countRows(app, 'usuarios');
    const vinculos = await countRows(app, 'identidades_externas');
    const sessoes = await countRows(app, 'sessoes');
    for (const cpf of [CPF.bronze, CPF.semNivel]) {
      const { destino, cookies } = await entrarComGovbr(cpf);
      expect(destino.toString()).toBe(`${PRODUTO}/portal?govbr=nivel&nivel=bronze`);
      expect(cookieDe(cookies, 'ceasa_portal_refresh')).toBeUndefined();
    }
    expect(await countRows(app, 'usuarios')).toBe(contas);
    expect(await countRows(app, 'identidades_externas')).toBe(vinculos);
    expect(await countRows(app, 'sessoes')).toBe(sessoes);
  });

  it('refuses a CPF no person of the market has (sem-cadastro), a cancelled sign-in (erro) and a disabled account (desativado)', async () => {
    const contas = await countRows(app, 'usuarios');
    expect((await entrarComGovbr(CPF.forasteiro)).destino.toString()).toBe(`${PRODUTO}/portal?govbr=sem-cadastro`);
    expect((await entrarComGovbr(null)).destino.toString()).toBe(`${PRODUTO}/portal?govbr=erro`);
    expect(await countRows(app, 'usuarios')).toBe(contas);
    const conta = await contaDe('prata');
    await app.ctx.db.update(usuarios).set({ ativo: false }).where(eq(usuarios.id, conta.id));
    try {
      const { destino, cookies } = await entrarComGovbr(CPF.prata);
      expect(destino.toString()).toBe(`${PRODUTO}/portal?govbr=desativado`);
      expect(cookieDe(cookies, 'ceasa_portal_refresh')).toBeUndefined();
    } finally {
      await app.ctx.db.update(usuarios).set({ ativo: true }).where(eq(usuarios.id, conta.id));
    }
  });

  it("without a usable e-mail (none, or another account's) the account's e-mail is <cpf>@govbr.invalid", async () => {
    expect((await entrarComGovbr(CPF.semEmail)).destino.toString()).toBe(`${PRODUTO}/portal`);
    expect((await contaDe('semEmail')).email).toBe(`${CPF.semEmail}@govbr.invalid`);
    expect((await entrarComGovbr(CPF.emailDeOutro)).destino.toString()).toBe(`${PRODUTO}/portal`);
    expect((await contaDe('emailDeOutro')).email).toBe(`${CPF.emailDeOutro}@govbr.invalid`);
  });
});

describe('gov.br: signing out', () => {
  it('the sign-out answers the end-session address with id_token_hint and post_logout_redirect_uri PUBLIC_URL/portal, which gov.br accepts', async () => {
    const { cookies } = await entrarComGovbr(CPF.prata);
    const idToken = cookieDe(cookies, 'ceasa_portal_id_token')!;
    const r = await fetch(`${PRODUTO}/api/portal/sessao/logout`, { method: 'POST', headers: { ...WEB, cookie: cookies.cookie() } });
    expect(r.status).toBe(200);
    cookies.guardar(r);
    const { encerrarEm } = (await r.json()) as { encerrarEm: string };
    const u = new URL(encerrarEm);
    expect(`${u.origin}${u.pathname}`).toBe(`${govbr.issuer}/session/end`);
    expect(u.searchParams.get('id_token_hint')).toBe(idToken);
    expect(u.searchParams.get('post_logout_redirect_uri')).toBe(`${PRODUTO}/portal`);
    expect(cookieDe(cookies, 'ceasa_portal_refresh')).toBeUndefined();
    expect(cookieDe(cookies, 'ceasa_portal_id_token')).toBeUndefined();
    expect((await renovar(cookies)).status).toBe(401);
    const pagina = await ir(u, cookies);
    expect(pagina.status).toBe(200);
    expect(await pagina.text()).toContain('Sair do gov.br');
  });
});
