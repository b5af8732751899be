import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { loginInput } from '@ceasa/shared';
import { enderecoPublico, servidoPorHttps } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import { usuarios } from '../db/schema';
import { HttpError } from '../lib/errors';
import { accessToken, entrarComSenha } from './entrar';
import { MSG_SESSAO } from './realm';
import { enderecoDeSaida, posSaida, type ProvedorExterno } from './externo';
import { recusaDaPorta, type Porta } from './portal';
import { revogarPorRefresh, rotacionar, type SessaoRow, type UsuarioRow } from './tokens';

/** Where the web app's session endpoints live, and the only path its refresh-token cookie is sent to. */
export const CAMINHO_SESSAO = '/api/auth/sessao';
export const COOKIE_REFRESH = 'ceasa_refresh';
/** The header every call to these endpoints must carry (a cross-site form or image cannot set it). */
export const CABECALHO_CSRF = 'x-ceasa-csrf';
/** The provider's ID token of an external sign-in, kept for the sign-out's id_token_hint (identity/sessao-externa.routes.ts). */
export const COOKIE_ID_TOKEN = 'ceasa_id_token';
const MSG_ORIGEM = 'Requisição recusada: ela não veio das telas do sistema.';
export const MSG_ENTRADA_EXTERNA = 'Neste sistema a entrada é pelo provedor de identidade do município: use o botão Entrar, sem senha aqui.';

/** In external identity mode (OIDC_ISSUER) the product's own passwords are off: a pt-BR 400 (decision 0118). */
export function semSenhaNoModoExterno(ctx: ContextoDaIdentidade) {
  return async () => {
    if (ctx.config.oidc) throw new HttpError(400, MSG_ENTRADA_EXTERNA);
  };
}

/**
 * The CSRF check of every sign-in endpoint a page of ours posts to (here and identity/realm-interacao.ts): the
 * custom header, an Origin of this site and, when the browser sends it, Sec-Fetch-Site same-origin. Every browser
 * sends Origin on a POST fetch: one without it did not come from the app's pages
 * (docs/decisions/0079-limites-contra-abuso.md). "This site" is PUBLIC_URL's origin (or the address the server
 * was started with) and those of ALLOWED_ORIGINS: never one derived from the request's Host, which the caller
 * writes (docs/decisions/0157). A refusal is a pt-BR 400.
 */
export function verificadorDeOrigem(config: ContextoDaIdentidade['config']) {
  const endereco = enderecoPublico(config);
  const permitidas = new Set([new URL(endereco).origin, ...(config.allowedOrigins ?? []), ...origensLocais(config)]);
  return (req: FastifyRequest) => {
    const origem = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    if (req.headers[CABECALHO_CSRF] !== '1' || origem === undefined || (site !== undefined && site !== 'same-origin')) throw new HttpError(400, MSG_ORIGEM);
    // A page of this product opened at another address (a LAN address, another name): say which one to use.
    if (!permitidas.has(origem)) throw new HttpError(400, msgOutroEndereco(origem, endereco));
  };
}

/** The refusal of a page opened at an address the server does not accept: which address to use instead. */
export const msgOutroEndereco = (origem: string, endereco: string) =>
  `Este sistema não aceita entradas pelo endereço ${origem}. Abra ${endereco}/login e entre por lá (ou peça ao responsável para incluir o endereço em ALLOWED_ORIGINS).`;

/**
 * With PUBLIC_URL unset, the loopback addresses at the server's own port (`http://localhost:PORT`,
 * `http://127.0.0.1:PORT`, `http://[::1]:PORT`) are this site too: a browser on the server's machine signs in at any
 * of them. With PUBLIC_URL set, only it and ALLOWED_ORIGINS count.
 */
function origensLocais(config: ContextoDaIdentidade['config']): string[] {
  if (config.publicUrl) return [];
  return ['localhost', '127.0.0.1', '[::1]'].map((h) => `http://${h}:${config.port}`);
}

/**
 * What tells the two doors' sessions apart (identity/portal.ts): the staff's at /api/auth/sessao and the producers'
 * portal's at /api/portal/sessao, each with its own cookies, so a staff session and a portal session in one browser
 * do not replace each other.
 */
export interface PortaDaSessao {
  porta: Porta;
  /** The endpoints' path, the only one the plain-http cookies are sent to. */
  caminho: string;
  /** The refresh token's cookie and, after a sign-in at a provider, its ID token's (for the sign-out's id_token_hint). */
  cookie: string;
  cookieIdToken: string;
  /** Who signs in there, for the API's document. */
  quem: string;
  tags: string[];
}

export const SESSAO_DA_EQUIPE: PortaDaSessao = {
  porta: 'equipe',
  caminho: CAMINHO_SESSAO,
  cookie: COOKIE_REFRESH,
  cookieIdToken: COOKIE_ID_TOKEN,
  quem: 'telas do sistema',
  tags: ['Conta'],
};
export const SESSAO_DO_PORTAL: PortaDaSessao = {
  porta: 'portal',
  caminho: '/api/portal/sessao',
  cookie: 'ceasa_portal_refresh',
  cookieIdToken: 'ceasa_portal_id_token',
  quem: 'portal do produtor, só contas de produtor',
  tags: ['Portal do produtor'],
};

/**
 * The names and scope of a door's cookies. Under https (PUBLIC_URL) they are `__Host-` cookies: the browser
 * keeps them only when Secure, with Path=/ and no Domain, so neither a sibling subdomain nor a plain-http page can
 * set or shadow them; the prefix requires Path=/ (HttpOnly and SameSite=Strict still keep them from scripts and
 * other sites). On plain http (a municipal intranet) the prefix cannot be used: the plain names, scoped to the
 * door's path.
 */
export function cookiesDaSessao(config: ContextoDaIdentidade['config'], p: PortaDaSessao = SESSAO_DA_EQUIPE) {
  if (servidoPorHttps(config))
    return {
      refresh: `__Host-${p.cookie}`,
      idToken: `__Host-${p.cookieIdToken}`,
      opcoes: { path: '/', httpOnly: true, sameSite: 'strict', secure: true },
    } as const;
  return { refresh: p.cookie, idToken: p.cookieIdToken, opcoes: { path: p.caminho, httpOnly: true, sameSite: 'strict', secure: false } } as const;
}

/** The session's refresh-token cookie (and, after a sign-in at a provider, the ID token's) for `sessao`, at door `p`. */
export function guardarCookiesDaSessao(
  reply: FastifyReply,
  config: ContextoDaIdentidade['config'],
  sessao: SessaoRow,
  refreshToken: string,
  idToken?: string,
  p: PortaDaSessao = SESSAO_DA_EQUIPE,
) {
  const c = cookiesDaSessao(config, p);
  const opcoes = { ...c.opcoes, expires: sessao.expiraEm };
  reply.setCookie(c.refresh, refreshToken, opcoes);
  if (idToken) reply.setCookie(c.idToken, idToken, opcoes);
}

/** The provider a door's sign-out also ends the session at (its ID token's cookie), and where it comes back to. */
export type SaidaNoProvedor = { provedor: ProvedorExterno; depois: string } | undefined;

/** A session's answer: the access token (the refresh token went into the cookie) and what must come first. */
async function respostaDaSessao(ctx: ContextoDaIdentidade, p: PortaDaSessao, reply: FastifyReply, usuario: UsuarioRow, sessao: SessaoRow, refresh: string) {
  guardarCookiesDaSessao(reply, ctx.config, sessao, refresh, undefined, p);
  reply.header('cache-control', 'no-store');
  return {
    access_token: await accessToken(ctx, usuario, sessao, p.porta),
    expires_in: ctx.config.accessTokenTtl,
    token_type: 'Bearer',
    session_state: sessao.id,
    // What the person must do before anything else: enrol a second factor, or change a password someone else chose.
    ...(sessao.exigeFator ? { cadastrarSegundoFator: true } : {}),
    ...(usuario.trocarSenha ? { trocarSenha: true } : {}),
  };
}

/**
 * A door's sign-in, refresh and sign-out (docs/decisions/0054-refresh-token-em-cookie.md): the refresh token lives in
 * an HttpOnly, SameSite=Strict cookie scoped to the door's path (a Secure `__Host-` cookie when PUBLIC_URL is https:
 * cookiesDaSessao), out of reach of page scripts; the answers carry only the short-lived access token, kept in memory
 * by the app. CSRF: SameSite=Strict, plus a required custom header, a required Origin of this site and, when the
 * browser sends it, Sec-Fetch-Site same-origin (a refusal is a pt-BR 400). Only the door's accounts sign in and
 * refresh there (entrarComSenha, identity/portal.ts). Registered under /api.
 */
export function rotasDaSessao(app: FastifyInstance, ctx: ContextoDaIdentidade, p: PortaDaSessao, saida: SaidaNoProvedor, onRequest?: () => Promise<void>) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { tags } = p;
  const base = p.caminho.slice('/api'.length);
  const cookies = cookiesDaSessao(ctx.config, p);
  const checarOrigem = verificadorDeOrigem(ctx.config);
  const apagarCookie = (reply: FastifyReply) => {
    reply.clearCookie(cookies.refresh, cookies.opcoes);
    if (saida) reply.clearCookie(cookies.idToken, cookies.opcoes);
  };

  r.post(
    `${base}/login`,
    {
      schema: { tags, summary: `Entra (${p.quem}): refresh token em cookie HttpOnly, access token na resposta`, body: loginInput },
      config: { acesso: 'publico', openapi: { erros: [401, 429] } },
      onRequest,
    },
    async (req, reply) => {
      checarOrigem(req);
      const e = await entrarComSenha(ctx, req, req.body, p.porta);
      if (!e.ok) {
        if (e.esperarSegundos) reply.header('retry-after', String(e.esperarSegundos));
        // `codigoNecessario`: the password was right and the account has a second factor; the page asks for the code.
        throw new HttpError(e.status, e.message, undefined, e.codigoNecessario ? { codigoNecessario: true } : undefined);
      }
      return respostaDaSessao(ctx, p, reply, e.usuario, e.sessao, e.refreshToken);
    },
  );

  r.post(
    `${base}/refresh`,
    {
      schema: { tags, summary: `Novo access token pelo cookie (${p.quem}; o refresh token é trocado a cada uso)` },
      config: { acesso: 'publico', openapi: { erros: [401] } },
    },
    async (req, reply) => {
      checarOrigem(req);
      const token = req.cookies[cookies.refresh];
      const rot = token ? await rotacionar(ctx.db, token, ctx.config.sessaoInatividadeMin, (u) => recusaDaPorta(u, p.porta)) : null;
      if (!rot?.ok) {
        // A reused token or a disabled account revoked the session (committed by now).
        if (rot && (rot.motivo === 'reuso' || rot.motivo === 'desativado' || rot.motivo === 'ociosa')) app.esquecerSessoes();
        apagarCookie(reply);
        throw new HttpError(401, rot?.motivo === 'outra-porta' ? rot.mensagem : MSG_SESSAO);
      }
      return respostaDaSessao(ctx, p, reply, rot.usuario, rot.sessao, rot.refreshToken);
    },
  );

  r.post(
    `${base}/logout`,
    {
      schema: { tags, summary: `Sai (${p.quem}): encerra a sessão do cookie e o apaga (depois de um provedor, responde o endereço que encerra a sessão nele)` },
      config: { acesso: 'publico' },
    },
    async (req, reply) => {
      checarOrigem(req);
      const token = req.cookies[cookies.refresh];
      if (token) {
        await revogarPorRefresh(ctx.db, token);
        app.esquecerSessoes();
      }
      const idToken = req.cookies[cookies.idToken];
      apagarCookie(reply);
      // The browser drops what it kept of this site (its cache and storage) once signed out.
      reply.header('clear-site-data', '"cache", "storage"');
      const encerrarEm = saida && idToken ? await enderecoDeSaida(ctx, saida.provedor, idToken, saida.depois) : null;
      if (!encerrarEm) return reply.code(204).send();
      reply.header('cache-control', 'no-store');
      return { encerrarEm };
    },
  );
}

/**
 * The staff's session (the web app's own sign-in): the door's endpoints at /api/auth/sessao, with the municipality's
 * provider in external identity mode (where the product's passwords are off), and who the token's user is. The
 * OpenID Connect endpoints (/realms/ceasa) keep their standard answers for other clients. Registered under /api.
 */
export default function sessaoWebRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotasDaSessao(app, ctx, SESSAO_DA_EQUIPE, ctx.oidcExterno ? { provedor: ctx.oidcExterno, depois: posSaida(ctx) } : undefined, semSenhaNoModoExterno(ctx));

  app.withTypeProvider<ZodTypeProvider>().get(
    '/auth/sessao/eu',
    {
      schema: { tags: SESSAO_DA_EQUIPE.tags, summary: 'Quem é o usuário do access token (nome, e-mail, foto)' },
      config: { acesso: 'autenticado', antesDoFator: true },
    },
    async (req) => {
      const [u] = await ctx.db.select().from(usuarios).where(eq(usuarios.id, req.usuario!.id));
      if (!u) throw new HttpError(401, MSG_SESSAO);
      return { sub: u.id, name: u.nome, email: u.email, avatarUrl: u.avatarUrl ?? null };
    },
  );
}
