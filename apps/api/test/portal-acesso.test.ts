import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MSG_CONTA_DA_EQUIPE,
  MSG_CONTA_DO_PORTAL,
  MSG_CONVITE_INVALIDO,
  MSG_EMAIL_DE_OUTRA_CONTA,
  MSG_GOVBR_DESLIGADO,
  MSG_PESSOA_TEM_CONTA,
  SENHA_MSG,
  TITULAR_MSG,
} from '@ceasa/shared';
import { identidadesExternas, portalConvites, sessoes, usuarios } from '../src/db/schema';
import { MSG_CREDENCIAIS } from '../src/identity/entrar';
import { MSG_SENHA_PESSOAL } from '../src/identity/senha.routes';
import { MSG_TENTATIVAS } from '../src/identity/throttle';
import { alternativas } from '../src/plugins/auth';
import { sha256 } from '../src/lib/segredos';
import { inserirPessoa } from './fabricas';
import { build, call, countRows, tokenDoProdutor, tokenFor } from './helpers';
import { Cookies, entrarPeloNavegador, pedidoComPkce } from './oidc-apoio';
import { caixaSmtp, corpoDoEmail, type CaixaSmtp } from './smtp';

/**
 * The producers' portal, part 1 (docs/produto/portal.md, docs/decisions/0297-portal-contas-e-govbr.md): the desk's
 * invitation by e-mail, its acceptance, the portal's own session endpoints, the two doors (staff at /login, producers
 * at /portal) at every sign-in, the realm's ceasa-portal client, a portal token refused on every staff route, and the
 * account's end when its person is anonymised or deleted. gov.br: portal-govbr.test.ts.
 */
const PORTA = 3513;
const PUBLIC_URL = `http://127.0.0.1:${PORTA}`;
/** What the portal's pages send to the session endpoints. */
const WEB = { 'x-ceasa-csrf': '1', origin: PUBLIC_URL };
const ADMIN = { email: 'admin@teste.local', senha: 'admin-senha' };
const SENHA = 'Plantio#Colheita2026';
/** Another system signing its users in at the built-in provider (realm-interacao.ts). */
const OUTRO_SISTEMA = { client_id: 'app-da-feira', redirect_uris: ['http://127.0.0.1:3514/cb'], post_logout_redirect_uris: [] };

let app: FastifyInstance;
let smtp: CaixaSmtp;
let admin: string;

beforeAll(async () => {
  smtp = await caixaSmtp();
  app = await build({ host: '127.0.0.1', port: PORTA, publicUrl: PUBLIC_URL, smtpUrl: smtp.url, oidcClients: [OUTRO_SISTEMA], mfaObrigatorio: [] });
  await app.listen({ host: '127.0.0.1', port: PORTA });
  admin = await tokenFor(app, ['super-admin']);
});
afterAll(async () => {
  await app?.close();
  await smtp?.fechar();
});

let enderecos = 0;
/** Each test's own client address, so the per-address limits of one test do not reach another. */
const endereco = () => `10.20.0.${++enderecos}`;

const convidar = (pessoaId: number, email: string, token = admin, headers: Record<string, string> = {}) =>
  call(app, token, { method: 'POST', url: '/api/portal/convites', payload: { pessoaId, email }, headers });
const aceitar = (token: string, senha = SENHA, remoteAddress = endereco()) =>
  call(app, null, { method: 'POST', url: '/api/portal/convites/aceitar', payload: { token, senha }, remoteAddress });
const entrarNoPortal = (email: string, senha = SENHA) =>
  call(app, null, { method: 'POST', url: '/api/portal/sessao/login', headers: WEB, payload: { email, senha }, remoteAddress: endereco() });
const entrarNaEquipe = (email: string, senha: string) =>
  call(app, null, { method: 'POST', url: '/api/auth/sessao/login', headers: WEB, payload: { email, senha }, remoteAddress: endereco() });
const grant = (campos: Record<string, string>) =>
  call(app, null, {
    method: 'POST',
    url: '/realms/ceasa/protocol/openid-connect/token',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(campos).toString(),
    remoteAddress: endereco(),
  });

const setCookie = (h: Record<string, unknown>) => [h['set-cookie']].flat().filter(Boolean).join('\n') as string;
const cookieDoPortal = (h: Record<string, unknown>) => /ceasa_portal_refresh=([^;]*)/.exec(setCookie(h))?.[1] ?? '';
const renovarNoPortal = (cookie: string) =>
  call(app, null, { method: 'POST', url: '/api/portal/sessao/refresh', headers: { ...WEB, cookie: `ceasa_portal_refresh=${cookie}` } });

/** The invitation link of the last message to `email`, and the message's text. */
function linkDoConvite(email: string) {
  const m = smtp.recebidos.findLast((r) => r.para.includes(email));
  const texto = m ? corpoDoEmail(m.raw) : '';
  return { texto, token: /\/portal\/convite\?token=([A-Za-z0-9_-]+)/.exec(texto)?.[1] ?? '', link: /(\S+\/portal\/convite\?token=\S+)/.exec(texto)?.[1] };
}

/** A person invited and signed up: his account's e-mail and a portal session's access token and refresh cookie. */
async function produtorComConta(nome: string) {
  const pessoaId = await inserirPessoa(app, nome);
  const email = `${nome.split(' ')[0].toLowerCase()}.${pessoaId}@produtor.test`;
  expect((await convidar(pessoaId, email)).status).toBe(201);
  expect((await aceitar(linkDoConvite(email).token)).status).toBe(201);
  const l = await entrarNoPortal(email);
  expect(l.status).toBe(200);
  return { pessoaId, email, token: l.body.access_token as string, cookie: cookieDoPortal(l.headers) };
}

const contaDaPessoa = async (pessoaId: number) => (await app.ctx.db.select().from(usuarios).where(eq(usuarios.pessoaId, pessoaId)))[0];

describe('invitations (the desk invites a person to the portal)', () => {
  it('answers 201 and mails the link at PUBLIC_URL whatever Host the request names; only the token hash is stored; audited', async () => {
    const pessoaId = await inserirPessoa(app, 'Joaquim Ferreira Lima');
    const antes = Date.now();
    const r = await convidar(pessoaId, ' Joaquim.Lima@Produtor.test ', admin, { host: 'evil.example', 'x-forwarded-host': 'evil.example' });
    expect(r.status).toBe(201);
    expect(Object.keys(r.body).sort()).toEqual(['email', 'expiraEm', 'id', 'pessoaId']);
    expect(r.body).toMatchObject({ pessoaId, email: 'joaquim.lima@produtor.test' });
    const horas = (new Date(r.body.expiraEm).getTime() - antes) / 3_600_000;
    expect(horas).toBeGreaterThan(71.9);
    expect(horas).toBeLessThan(72.1);
    const { texto, token, link } = linkDoConvite('joaquim.lima@produtor.test');
    expect(link).toBe(`${PUBLIC_URL}/portal/convite?token=${token}`);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(texto).toContain('Olá, Joaquim Ferreira Lima.');
    expect(texto).toContain('72 horas');
    expect(texto).not.toContain('evil.example');
    const [row] = await app.ctx.db.select().from(portalConvites).where(eq(portalConvites.id, r.body.id));
    expect(row.tokenHash).toBe(sha256(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const log = await app.ctx.db.execute(sql`SELECT conteudo FROM logs WHERE cadastro = 'PortalConvite' AND cadastro_id = ${r.body.id}`);
    expect(log.rows).toHaveLength(1);
    expect(String((log.rows[0] as { conteudo: string }).conteudo)).not.toContain(token);
  });

  it('a new invitation makes the earlier pending one stop working', async () => {
    const pessoaId = await inserirPessoa(app, 'Maria Aparecida Souza');
    expect((await convidar(pessoaId, 'maria.primeira@produtor.test')).status).toBe(201);
    const primeiro = linkDoConvite('maria.primeira@produtor.test').token;
    expect((await convidar(pessoaId, 'maria.segunda@produtor.test')).status).toBe(201);
    const r = await aceitar(primeiro);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(MSG_CONVITE_INVALIDO);
    expect(await contaDaPessoa(pessoaId)).toBeUndefined();
    expect((await aceitar(linkDoConvite('maria.segunda@produtor.test').token)).status).toBe(201);
    expect((await contaDaPessoa(pessoaId)).email).toBe('maria.segunda@produtor.test');
  });

  it('refuses an unknown person (404), a person with an account or an e-mail of another account (409), a bad e-mail (400), no permission (403), writing nothing', async () => {
    const { pessoaId } = await produtorComConta('Antonio Carlos Pereira');
    const outra = await inserirPessoa(app, 'Benedita Rocha');
    const convites = await countRows(app, 'portal_convites');
    const mensagens = smtp.recebidos.length;
    const casos: [Promise<Awaited<ReturnType<typeof call>>>, number, string][] = [
      [convidar(999_999, 'ninguem@produtor.test'), 404, TITULAR_MSG.pessoaNaoEncontrada],
      [convidar(pessoaId, 'outro.email@produtor.test'), 409, MSG_PESSOA_TEM_CONTA],
      [convidar(outra, ADMIN.email), 409, MSG_EMAIL_DE_OUTRA_CONTA],
      [convidar(outra, 'ADMIN@teste.local'), 409, MSG_EMAIL_DE_OUTRA_CONTA],
      [convidar(outra, 'sem-arroba'), 400, 'O e-mail inserido é inválido'],
      [convidar(outra, 'b@produtor.test', await tokenFor(app, [])), 403, ''],
    ];
    for (const [pedido, status, mensagem] of casos) {
      const r = await pedido;
      expect(r.status, mensagem).toBe(status);
      if (mensagem) expect(r.body.message).toBe(mensagem);
    }
    expect(await countRows(app, 'portal_convites')).toBe(convites);
    expect(smtp.recebidos.length).toBe(mensagens);
  });

  it("the person's record reads his account and invitations; the read is logged", async () => {
    const pessoaId = await inserirPessoa(app, 'Sebastiana Dias');
    const ver = () => call(app, admin, { method: 'GET', url: `/api/portal/convites?pessoaId=${pessoaId}` });
    expect((await ver()).body).toEqual({ conta: null, convites: [] });
    await convidar(pessoaId, 'sebastiana@produtor.test');
    const pendente = await ver();
    expect(pendente.body.conta).toBeNull();
    expect(pendente.body.convites).toEqual([
      { id: expect.any(String), email: 'sebastiana@produtor.test', criadoEm: expect.any(String), expiraEm: expect.any(String), aceitoEm: null },
    ]);
    await aceitar(linkDoConvite('sebastiana@produtor.test').token);
    const aceito = await ver();
    expect(aceito.body.conta).toEqual({ email: 'sebastiana@produtor.test', origem: 'convite', ativo: true, criadaEm: expect.any(String) });
    expect(aceito.body.convites[0].aceitoEm).toEqual(expect.any(String));
    const leituras = await app.ctx.db.execute(sql`SELECT cadastro FROM leituras WHERE pessoa_id = ${pessoaId}`);
    expect(leituras.rows.length).toBe(3);
    expect((await call(app, admin, { method: 'GET', url: '/api/portal/convites?pessoaId=999999' })).status).toBe(404);
    expect((await call(app, admin, { method: 'GET', url: '/api/portal/convites?pessoaId=1e3' })).status).toBe(400);
  });
});

describe('accepting an invitation', () => {
  it('makes the portal account (role produtor, his person, an Argon2id hash); he signs in at /portal, refreshes and signs out', async () => {
    const pessoaId = await inserirPessoa(app, 'Geraldo Nunes');
    await convidar(pessoaId, 'geraldo@produtor.test');
    const r = await aceitar(linkDoConvite('geraldo@produtor.test').token);
    expect(r.status).toBe(201);
    expect(r.body).toEqual({ email: 'geraldo@produtor.test' });
    const conta = await contaDaPessoa(pessoaId);
    expect(conta).toMatchObject({ email: 'geraldo@produtor.test', roles: ['produtor'], pessoaId, ativo: true, trocarSenha: false, nome: 'Geraldo Nunes' });
    expect(conta.senhaHash).toMatch(/^\$argon2id\$/);

    const l = await entrarNoPortal('geraldo@produtor.test');
    expect(l.status).toBe(200);
    expect(Object.keys(l.body).sort()).toEqual(['access_token', 'expires_in', 'session_state', 'token_type']);
    const c = setCookie(l.headers);
    expect(c).toMatch(/^ceasa_portal_refresh=[A-Za-z0-9_-]{43};/);
    expect(c).toContain('Path=/api/portal/sessao');
    expect(c).toContain('HttpOnly');
    expect(c).toContain('SameSite=Strict');
    expect(c).not.toContain('ceasa_refresh=');
    const claims = await app.ctx.keys.verify(l.body.access_token);
    expect(claims).toMatchObject({ azp: 'ceasa-portal', realm_access: { roles: ['produtor'] } });
    expect((await call(app, l.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).body.email).toBe('geraldo@produtor.test');

    const a = await renovarNoPortal(cookieDoPortal(l.headers));
    expect(a.status).toBe(200);
    expect(cookieDoPortal(a.headers)).not.toBe(cookieDoPortal(l.headers));
    // The old cookie again: a reuse, the session ends.
    expect((await renovarNoPortal(cookieDoPortal(l.headers))).status).toBe(401);
    expect((await call(app, a.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);

    const l2 = await entrarNoPortal('geraldo@produtor.test');
    const sair = await call(app, null, {
      method: 'POST',
      url: '/api/portal/sessao/logout',
      headers: { ...WEB, cookie: `ceasa_portal_refresh=${cookieDoPortal(l2.headers)}` },
    });
    expect(sair.status).toBe(204);
    expect(setCookie(sair.headers)).toMatch(/^ceasa_portal_refresh=;.*Path=\/api\/portal\/sessao/);
    expect((await renovarNoPortal(cookieDoPortal(l2.headers))).status).toBe(401);
    expect((await call(app, l2.body.access_token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    // The portal's session endpoints keep the staff's CSRF rules.
    const semCabecalho = await call(app, null, {
      method: 'POST',
      url: '/api/portal/sessao/login',
      headers: { origin: PUBLIC_URL },
      payload: { email: 'geraldo@produtor.test', senha: SENHA },
    });
    expect(semCabecalho.status).toBe(400);
  });

  it('refuses an invalid, a used or an expired token with the same 400, creating nothing', async () => {
    const pessoaId = await inserirPessoa(app, 'Rosalina Campos');
    await convidar(pessoaId, 'rosalina@produtor.test');
    const token = linkDoConvite('rosalina@produtor.test').token;
    await app.ctx.db
      .update(portalConvites)
      .set({ expiraEm: new Date(Date.now() - 1000) })
      .where(eq(portalConvites.pessoaId, pessoaId));
    const contas = await countRows(app, 'usuarios');
    for (const t of [token, 'x'.repeat(43), token.slice(0, -1)]) {
      const r = await aceitar(t);
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(MSG_CONVITE_INVALIDO);
    }
    expect(await countRows(app, 'usuarios')).toBe(contas);

    await convidar(pessoaId, 'rosalina@produtor.test');
    const novo = linkDoConvite('rosalina@produtor.test').token;
    expect((await aceitar(novo)).status).toBe(201);
    const usado = await aceitar(novo, 'Outra#Senha-boa-2026');
    expect(usado.status).toBe(400);
    expect(usado.body.message).toBe(MSG_CONVITE_INVALIDO);
    expect(await countRows(app, 'usuarios')).toBe(contas + 1);
  });

  it("refuses a short or common password and one holding his name or the market's, leaving the invitation usable", async () => {
    const pessoaId = await inserirPessoa(app, 'Valdomiro Teixeira');
    await convidar(pessoaId, 'valdo@produtor.test');
    const token = linkDoConvite('valdo@produtor.test').token;
    for (const [senha, mensagem] of [
      ['curta', SENHA_MSG.curta],
      ['Valdomiro#2026!', MSG_SENHA_PESSOAL],
      ['meuCeasa#2026!x', MSG_SENHA_PESSOAL],
    ] as const) {
      const r = await aceitar(token, senha);
      expect(r.status, senha).toBe(400);
      expect(r.body.message).toBe(mensagem);
      expect(r.body.fieldErrors[0].field).toBe('senha');
    }
    expect(await contaDaPessoa(pessoaId)).toBeUndefined();
    expect((await aceitar(token)).status).toBe(201);
  });

  it('two accepts of one link at once: one 201, one 400, one account', async () => {
    const pessoaId = await inserirPessoa(app, 'Juvenal Prado');
    await convidar(pessoaId, 'juvenal@produtor.test');
    const token = linkDoConvite('juvenal@produtor.test').token;
    const r = await Promise.all([aceitar(token, SENHA), aceitar(token, 'Outra#Senha-boa-2026')]);
    expect(r.map((x) => x.status).sort()).toEqual([201, 400]);
    const [{ n }] = (await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM usuarios WHERE pessoa_id = ${pessoaId}`)).rows as { n: number }[];
    expect(n).toBe(1);
  });

  it('an address that tried too many invalid links waits (429), even with a good one; another address does not', async () => {
    const pessoaId = await inserirPessoa(app, 'Olegario Mendes');
    await convidar(pessoaId, 'olegario@produtor.test');
    const token = linkDoConvite('olegario@produtor.test').token;
    const daqui = endereco();
    for (let i = 0; i < 5; i++) expect((await aceitar(`invalido-${i}`, SENHA, daqui)).status).toBe(400);
    const r = await aceitar(token, SENHA, daqui);
    expect(r.status).toBe(429);
    expect(r.body.message).toBe(MSG_TENTATIVAS);
    expect(await contaDaPessoa(pessoaId)).toBeUndefined();
    expect((await aceitar(token, SENHA, endereco())).status).toBe(201);
  });
});

describe('the two doors: staff at /login, producers at /portal', () => {
  it("a staff account's right password at the portal's sign-in is refused naming /login; a wrong one says nothing more; no session", async () => {
    const antes = await countRows(app, 'sessoes');
    const certa = await entrarNoPortal(ADMIN.email, ADMIN.senha);
    expect(certa.status).toBe(401);
    expect(certa.body.message).toBe(MSG_CONTA_DA_EQUIPE);
    expect(setCookie(certa.headers)).toBe('');
    const errada = await entrarNoPortal(ADMIN.email, 'senha-errada');
    expect(errada.status).toBe(401);
    expect(errada.body.message).toBe(MSG_CREDENCIAIS);
    expect(await countRows(app, 'sessoes')).toBe(antes);
  });

  it("a portal account's right password at the staff's sign-in, the ceasa-web grant and another system's sign-in page is refused naming /portal", async () => {
    const { email } = await produtorComConta('Lindalva Barros');
    const antes = await countRows(app, 'sessoes');
    const web = await entrarNaEquipe(email, SENHA);
    expect(web.status).toBe(401);
    expect(web.body.message).toBe(MSG_CONTA_DO_PORTAL);
    expect((await entrarNaEquipe(email, 'senha-errada')).body.message).toBe(MSG_CREDENCIAIS);
    const g = await grant({ grant_type: 'password', client_id: 'ceasa-web', username: email, password: SENHA });
    expect(g.status).toBe(400);
    expect(g.body).toMatchObject({ error: 'invalid_grant', message: MSG_CONTA_DO_PORTAL });
    const cfg = await oidc.discovery(new URL(`${PUBLIC_URL}/realms/ceasa`), OUTRO_SISTEMA.client_id, undefined, oidc.None(), {
      execute: [oidc.allowInsecureRequests],
    });
    const { url } = await pedidoComPkce(cfg, OUTRO_SISTEMA.redirect_uris[0], 'openid email');
    const outro = await entrarPeloNavegador(url, email, SENHA, new Cookies());
    expect(outro.recusa).toEqual({ status: 401, message: MSG_CONTA_DO_PORTAL });
    expect(await countRows(app, 'sessoes')).toBe(antes);
  });

  it('the realm grants of client ceasa-portal: password and refresh_token for portal accounts only', async () => {
    const { email } = await produtorComConta('Cicero Gomes');
    const g = await grant({ grant_type: 'password', client_id: 'ceasa-portal', username: email, password: SENHA });
    expect(g.status).toBe(200);
    expect(g.body.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await app.ctx.keys.verify(g.body.access_token)).toMatchObject({ azp: 'ceasa-portal', email });
    // His refresh token at the staff's client is refused, and stays good at his own.
    const naEquipe = await grant({ grant_type: 'refresh_token', client_id: 'ceasa-web', refresh_token: g.body.refresh_token });
    expect(naEquipe.status).toBe(400);
    expect(naEquipe.body).toMatchObject({ error: 'invalid_grant', message: MSG_CONTA_DO_PORTAL });
    const r = await grant({ grant_type: 'refresh_token', client_id: 'ceasa-portal', refresh_token: g.body.refresh_token });
    expect(r.status).toBe(200);
    expect(r.body.refresh_token).not.toBe(g.body.refresh_token);
    const equipe = await grant({ grant_type: 'password', client_id: 'ceasa-portal', username: ADMIN.email, password: ADMIN.senha });
    expect(equipe.status).toBe(400);
    expect(equipe.body).toMatchObject({ error: 'invalid_grant', message: MSG_CONTA_DA_EQUIPE });
    const l = await entrarNaEquipe(ADMIN.email, ADMIN.senha);
    const staffRefresh = /ceasa_refresh=([^;]*)/.exec(setCookie(l.headers))![1];
    const trocada = await renovarNoPortal(staffRefresh);
    expect(trocada.status).toBe(401);
    expect(trocada.body.message).toBe(MSG_CONTA_DA_EQUIPE);
  });

  it('under https the portal cookie is __Host-ceasa_portal_refresh (Secure, Path=/), apart from the staff one', async () => {
    const https = await build({ publicUrl: 'https://ceasa.exemplo.gov.br', mfaObrigatorio: [] });
    try {
      const pessoaId = await inserirPessoa(https, 'Nair Fontes');
      const token = await tokenFor(https, ['super-admin']);
      expect((await call(https, token, { method: 'POST', url: '/api/portal/convites', payload: { pessoaId, email: 'nair@produtor.test' } })).status).toBe(201);
      const [c] = await https.ctx.db.select().from(portalConvites).where(eq(portalConvites.pessoaId, pessoaId));
      // The link went to the outbox (no SMTP_URL here): its token from there.
      const corpo = (await https.ctx.db.execute(sql`SELECT corpo FROM outbox ORDER BY id DESC LIMIT 1`)).rows[0] as { corpo: string };
      const link = /https:\/\/ceasa\.exemplo\.gov\.br\/portal\/convite\?token=([A-Za-z0-9_-]+)/.exec(corpo.corpo)![1];
      expect(sha256(link)).toBe(c.tokenHash);
      await call(https, null, { method: 'POST', url: '/api/portal/convites/aceitar', payload: { token: link, senha: SENHA } });
      const l = await call(https, null, {
        method: 'POST',
        url: '/api/portal/sessao/login',
        headers: { 'x-ceasa-csrf': '1', origin: 'https://ceasa.exemplo.gov.br' },
        payload: { email: 'nair@produtor.test', senha: SENHA },
      });
      expect(l.status).toBe(200);
      const cookie = setCookie(l.headers);
      expect(cookie).toMatch(/^__Host-ceasa_portal_refresh=[A-Za-z0-9_-]{43};/);
      expect(cookie).toContain('Path=/;');
      expect(cookie).toContain('Secure');
    } finally {
      await https.close();
    }
  });
});

describe("a portal account's token on the API", () => {
  it("gets 403 on every route that is neither public nor the portal's, and passes the account routes open to any signed-in person", async () => {
    const pessoaId = await inserirPessoa(app, 'Zulmira Costa');
    const token = await tokenDoProdutor(app, pessoaId);
    const falhas: string[] = [];
    const url = (u: string) =>
      u.replace(/:id\b/g, u.startsWith('/api/usuarios') ? '00000000-0000-4000-8000-000000000000' : '999999').replace(/:[a-zA-Z]+/g, '999999');
    let negadas = 0;
    for (const r of app.rotasApi) {
      // A route's access may list alternatives (decision 0298): one of them 'produtor' makes it the portal's too.
      const kinds = alternativas(r.acesso);
      if (kinds.includes('publico') || kinds.includes('produtor')) continue;
      const opts = { method: r.method as 'GET', url: url(r.url), ...(r.method === 'POST' || r.method === 'PUT' ? { payload: {} } : {}) };
      const res = await call(app, token, opts);
      if (kinds.includes('autenticado')) {
        if (res.status === 401 || res.status === 403) falhas.push(`${r.method} ${r.url}: ${res.status} (conta: permitido)`);
      } else if (res.status !== 403 || typeof res.body?.message !== 'string') falhas.push(`${r.method} ${r.url}: ${res.status} (esperado 403)`);
      else negadas++;
    }
    expect(falhas).toEqual([]);
    expect(negadas).toBeGreaterThan(100);
  });
});

describe('the public settings and gov.br when it is not configured', () => {
  it('GET /api/portal/config says gov.br is off, the minimum level and the days ahead; /govbr/entrar and /retorno answer a pt-BR 404', async () => {
    const r = await call(app, null, { method: 'GET', url: '/api/portal/config' });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ govbr: false, nivelMinimo: 'prata', diasAntecedencia: 7 });
    for (const u of ['/api/portal/govbr/entrar', '/api/portal/govbr/retorno?code=x&state=y']) {
      const g = await call(app, null, { method: 'GET', url: u });
      expect(g.status).toBe(404);
      expect(g.body.message).toBe(MSG_GOVBR_DESLIGADO);
    }
  });
});

describe('a person anonymised or deleted', () => {
  it('anonymised: his account is disabled and scrubbed, its sessions end, its binding and invitations go, the audit texts lose his e-mail', async () => {
    const p = await produtorComConta('Ernestina Lopes');
    const conta = await contaDaPessoa(p.pessoaId);
    await app.ctx.db
      .insert(identidadesExternas)
      .values({ issuer: 'https://sso.staging.acesso.gov.br/', sub: '52998224725', usuarioId: conta.id, nivel: 'prata' });
    expect((await call(app, p.token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const r = await call(app, admin, { method: 'POST', url: '/api/titular/anonimizar', payload: { pessoaId: p.pessoaId, motivo: 'Pedido do titular' } });
    expect(r.status).toBe(200);
    expect((await call(app, p.token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    expect((await renovarNoPortal(p.cookie)).status).toBe(401);
    expect((await entrarNoPortal(p.email)).status).toBe(401);
    const depois = await contaDaPessoa(p.pessoaId);
    expect(depois).toMatchObject({ ativo: false, nome: r.body.nome });
    expect(depois.email).not.toContain('ernestina');
    expect(await app.ctx.db.select().from(identidadesExternas).where(eq(identidadesExternas.usuarioId, conta.id))).toEqual([]);
    expect(await app.ctx.db.select().from(portalConvites).where(eq(portalConvites.pessoaId, p.pessoaId))).toEqual([]);
    const abertas = await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM sessoes WHERE usuario_id = ${conta.id} AND revogada_em IS NULL`);
    expect((abertas.rows[0] as { n: number }).n).toBe(0);
    const logs = await app.ctx.db.execute(sql`SELECT count(*)::int AS n FROM logs WHERE strpos(conteudo, ${p.email}) > 0 OR strpos(usuario, ${p.email}) > 0`);
    expect((logs.rows[0] as { n: number }).n).toBe(0);
  });

  it('deleted: his account goes with him and its token and cookie stop at once', async () => {
    const p = await produtorComConta('Anacleto Vieira');
    const conta = await contaDaPessoa(p.pessoaId);
    expect((await call(app, p.token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(200);
    const r = await call(app, admin, { method: 'DELETE', url: `/api/pessoa/${p.pessoaId}` });
    expect(r.status).toBe(204);
    expect((await call(app, p.token, { method: 'GET', url: '/api/auth/sessao/eu' })).status).toBe(401);
    expect((await renovarNoPortal(p.cookie)).status).toBe(401);
    expect(await app.ctx.db.select().from(usuarios).where(eq(usuarios.id, conta.id))).toEqual([]);
    expect(await app.ctx.db.select().from(sessoes).where(eq(sessoes.usuarioId, conta.id))).toEqual([]);
  });
});
