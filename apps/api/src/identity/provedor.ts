import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IncomingMessage } from 'node:http';
import type Provider from 'oidc-provider';
import type { ClientMetadata, Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { enderecoPublico } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
import { claimsDeAcesso } from './entrar';
import { ALG, audienciaDaApi, ESCOPO_API, issuerDo, REALM } from './keys';
import { adaptadorOidc } from './provedor-modelos';
import { sessaoAberta } from './tokens';

export const BASE = `/realms/${REALM}`;
/** Keycloak's paths, relative to the issuer. */
const OIDC = '/protocol/openid-connect';
/** The page of ours where a person signs in for another system (identity/realm-interacao.ts). */
export const CAMINHO_INTERACAO = `${BASE}/interacao`;
/** The script that sends the logout confirmation by itself (the site's CSP allows no inline script). */
export const SCRIPT_SAIR = `${BASE}/sair.js`;
/** Scopes a client may ask for: the ID token and userinfo carry the claims of the first three; `api` lets its access tokens reach /api. */
const ESCOPOS = ['openid', 'profile', 'email', ESCOPO_API];

export { audienciaDaApi };

/** pt-BR texts for the standard error codes (error_description stays for programs; message is the product's field). */
const ERROS: Record<string, string> = {
  invalid_request: 'Pedido inválido: confira os parâmetros enviados.',
  invalid_client: 'Cliente inválido ou não autenticado.',
  invalid_grant: 'Código, refresh token ou sessão inválido ou expirado. Entre novamente.',
  unauthorized_client: 'Este cliente não pode usar este tipo de concessão.',
  unsupported_grant_type: 'Tipo de concessão não suportado.',
  unsupported_response_type: 'Tipo de resposta não suportado: use response_type=code.',
  invalid_scope: 'Escopo inválido.',
  invalid_target: 'Recurso (resource) inválido.',
  invalid_redirect_uri: 'Endereço de retorno (redirect_uri) não cadastrado para este cliente.',
  invalid_token: 'Sessão inválida ou expirada. Entre novamente.',
  unsupported_token_type: 'Tipo de token não suportado nesta operação.',
  login_required: 'É necessário entrar no sistema.',
  consent_required: 'É necessário autorizar o acesso.',
  interaction_required: 'É necessário entrar no sistema.',
  access_denied: 'Acesso negado.',
  invalid_dpop_proof: 'Prova DPoP inválida.',
  server_error: 'Erro no servidor de identidade. Tente novamente.',
  temporarily_unavailable: 'Servidor de identidade indisponível. Tente novamente em instantes.',
};
/** The pt-BR text of an error; the library's English description only says which parameter, when it does. */
export function textoDoErro(codigo: string, descricao?: unknown): string {
  const faltam = typeof descricao === 'string' ? /^missing required parameters? (.+)$/.exec(descricao) : null;
  if (faltam) {
    const lista = faltam[1].replace(/ and /g, ' e ');
    return `Pedido inválido: ${lista.includes(',') || lista.includes(' e ') ? 'faltam os parâmetros' : 'falta o parâmetro'} ${lista}.`;
  }
  if (typeof descricao === 'string' && /requires PKCE/.test(descricao))
    return 'Pedido inválido: este cliente deve usar PKCE (code_challenge com o método S256).';
  if (typeof descricao === 'string' && /content-type bodies are supported/.test(descricao))
    return 'Pedido inválido: envie o corpo como application/x-www-form-urlencoded.';
  return ERROS[codigo] ?? 'Pedido recusado pelo servidor de identidade.';
}

const escapar = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A plain pt-BR page in the sign-in page's colours (no script: the site's CSP allows none inline). */
function pagina(titulo: string, corpo: string) {
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapar(titulo)} - CEASA Regional</title></head>
<body style="font-family:system-ui,sans-serif;background:#f4f6f8;margin:0;display:flex;min-height:100vh;align-items:center;justify-content:center">
<main style="background:#fff;border-radius:8px;box-shadow:0 2px 8px rgba(0,0,0,.1);padding:2rem;max-width:26rem;width:100%">
<h1 style="font-size:1.4rem;margin-top:0">${escapar(titulo)}</h1>${corpo}</main></body></html>`;
}
const BOTAO = 'style="background:#2e7d32;color:#fff;border:0;border-radius:6px;padding:.6rem 1.2rem;font-size:1rem;cursor:pointer"';

type Erros = (typeof import('oidc-provider'))['errors'];

/** OIDC_CLIENTS as oidc-provider's clients: PKCE code flow and refresh tokens, confidential with a secret, public without. */
function clientesOidc(config: ContextoDaIdentidade['config']): ClientMetadata[] {
  return config.oidcClients.map((c) => ({
    client_id: c.client_id,
    ...(c.client_secret ? { client_secret: c.client_secret, token_endpoint_auth_method: 'client_secret_basic' } : { token_endpoint_auth_method: 'none' }),
    redirect_uris: c.redirect_uris,
    post_logout_redirect_uris: c.post_logout_redirect_uris,
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    // A custom scheme (a phone app) makes it a native client; web pages otherwise.
    application_type: c.redirect_uris.every((u) => /^https?:/.test(u)) ? 'web' : 'native',
  }));
}

/** A product account by id, when it is active. */
async function contaAtiva(db: Db, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return undefined;
  const [u] = await db.select().from(usuarios).where(eq(usuarios.id, id));
  return u?.ativo ? u : undefined;
}

/** What the provider serves besides the code flow: revocation, userinfo, the sign-out pages and the API as its tokens' resource. */
function recursosDoProvedor(ctx: ContextoDaIdentidade, api: string, errors: Erros): Configuration['features'] {
  const { config } = ctx;
  return {
    devInteractions: { enabled: false },
    // Not advertised: the API does not check a DPoP proof (cnf.jkt) and no client here sends a pushed request.
    dPoP: { enabled: false },
    pushedAuthorizationRequests: { enabled: false },
    // A client revokes only its own tokens.
    revocation: { enabled: true, allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId },
    userinfo: { enabled: true },
    rpInitiatedLogout: {
      enabled: true,
      // With an id_token_hint (checked by the library) the sign-out goes on by itself, as Keycloak's does;
      // without one the person confirms. Without JavaScript the button does it.
      logoutSource: async (kctx, form) => {
        kctx.type = 'html';
        const automatico = Boolean(kctx.oidc.params?.id_token_hint);
        const formulario = form.replace('</form>', '<input type="hidden" name="logout" value="yes"/></form>');
        kctx.body = pagina(
          'Sair',
          `<p>${automatico ? 'Saindo do CEASA Regional…' : 'Deseja sair do CEASA Regional?'}</p>${formulario}
  <button form="op.logoutForm" type="submit" ${BOTAO}>Sair</button>${automatico ? `<script src="${SCRIPT_SAIR}"></script>` : ''}`,
        );
      },
      postLogoutSuccessSource: async (kctx) => {
        kctx.type = 'html';
        kctx.body = pagina('Você saiu', '<p>Sua sessão foi encerrada.</p><p><a href="/login">Entrar novamente</a></p>');
      },
    },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => api,
      useGrantedResource: () => true,
      getResourceServerInfo: (_ctx, indicador) => {
        if (indicador !== api) throw new errors.InvalidTarget();
        return { scope: ESCOPO_API, audience: api, accessTokenTTL: config.accessTokenTtl, accessTokenFormat: 'jwt', jwt: { sign: { alg: ALG } } };
      },
    },
  };
}

/** The product's accounts and sessions behind the provider: a sign-in's grant, the account of a token, an access token's claims. */
function contasDoProvedor(ctx: ContextoDaIdentidade, api: string): Pick<Configuration, 'loadExistingGrant' | 'findAccount' | 'extraTokenClaims'> {
  const { db, config } = ctx;
  return {
    loadExistingGrant: async (kctx) => {
      const grantId = kctx.oidc.result?.consent?.grantId || kctx.oidc.session!.grantIdFor(kctx.oidc.client!.clientId);
      const grant = grantId ? await kctx.oidc.provider.Grant.find(grantId) : undefined;
      if (!grant || !(await sessaoAberta(db, grant.jti, config.sessaoInatividadeMin))) return undefined;
      concederEscopos(grant, api, String(kctx.oidc.params?.scope ?? ''));
      await grant.save();
      return grant;
    },
    findAccount: async (_ctx, sub, token) => {
      const u = await contaAtiva(db, sub);
      // A code or refresh token of a session that was revoked (or expired) is worth nothing.
      if (!u || (token && 'grantId' in token && token.grantId && !(await sessaoAberta(db, token.grantId, config.sessaoInatividadeMin)))) return undefined;
      return {
        accountId: u.id,
        claims: async () => ({ sub: u.id, name: u.nome, email: u.email, email_verified: false, preferred_username: u.email }),
      };
    },
    // What plugins/auth.ts needs of an access token, as in the web app's tokens (entrar.ts).
    extraTokenClaims: async (_ctx, token) => {
      if (token.kind !== 'AccessToken' || !token.accountId) return undefined;
      const u = await contaAtiva(db, token.accountId);
      if (!u || !token.grantId) return undefined;
      // The same claims as the web app's tokens (entrar.ts); iss, aud, iat, exp and scope are the library's.
      return { ...claimsDeAcesso(u, token.grantId), azp: token.clientId };
    },
  };
}

/** oidc-provider's configuration over the signing key of the moment. */
function configuracaoDoProvedor(
  ctx: ContextoDaIdentidade,
  o: { chavesCookie: string[]; aoRevogarSessao: () => void; clientes: ClientMetadata[]; api: string; errors: Erros },
): Configuration {
  const { db, config } = ctx;
  const { chavesCookie, aoRevogarSessao, clientes, api } = o;
  return {
    adapter: adaptadorOidc(db, aoRevogarSessao),
    clients: clientes,
    clientDefaults: { id_token_signed_response_alg: ALG, grant_types: ['authorization_code', 'refresh_token'], response_types: ['code'] },
    // The key this server signs with now (identity/keys.ts); a new key builds the provider again (`montar`).
    // The older keys let it still read an id_token_hint it signed before.
    jwks: { keys: ctx.keys.privadas as never[] },
    cookies: { keys: chavesCookie, long: { signed: true }, short: { signed: true } },
    routes: {
      authorization: `${OIDC}/auth`,
      token: `${OIDC}/token`,
      userinfo: `${OIDC}/userinfo`,
      jwks: `${OIDC}/certs`,
      revocation: `${OIDC}/revoke`,
      end_session: `${OIDC}/logout`,
    },
    responseTypes: ['code'],
    scopes: ESCOPOS,
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
    clientAuthMethods: ['none', 'client_secret_basic', 'client_secret_post'],
    enabledJWA: { idTokenSigningAlgValues: [ALG] },
    // The ID token carries the scopes' claims (sub, email, name), as Keycloak's does.
    conformIdTokenClaims: false,
    // Every client uses PKCE, confidential ones too (a stolen code is worth nothing without the verifier).
    pkce: { required: () => true },
    features: recursosDoProvedor(ctx, api, o.errors),
    ttl: {
      AccessToken: config.accessTokenTtl,
      AuthorizationCode: 60,
      IdToken: config.accessTokenTtl,
      Interaction: 3600,
      Grant: config.refreshTokenTtl,
      Session: config.refreshTokenTtl,
      RefreshToken: config.refreshTokenTtl,
    },
    // Every code flow gets a refresh token (Keycloak's behaviour), rotated on every use; a reused one
    // revokes the grant (oidc-provider) and so the session (provedor-modelos.ts).
    issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed('refresh_token'),
    rotateRefreshToken: true,
    ...contasDoProvedor(ctx, api),
    interactions: { url: (_ctx, interacao) => `${enderecoPublico(config)}${CAMINHO_INTERACAO}/${interacao.uid}` },
    renderError: async (kctx, out) => {
      kctx.type = 'html';
      kctx.body = pagina(
        'Não foi possível entrar',
        `<p>${escapar(textoDoErro(out.error))}</p><p>Volte ao sistema de origem e tente novamente.</p><p><small>Código: ${escapar(out.error)}</small></p>`,
      );
    },
  };
}

/**
 * The standard error bodies, with the product's pt-BR `message` (and error_description) for people.
 * Its unknown paths answer as the product's (a pt-BR 404), and the page that posts a response to a client
 * (form_post, a logout without a session) speaks pt-BR (its script, whose hash the CSP carries, is unchanged).
 */
function respostasEmPortugues(provider: Provider) {
  provider.use(async (kctx, next) => {
    await next();
    const corpo = kctx.body as { error?: unknown; error_description?: unknown } | string | undefined;
    if (kctx.status >= 400 && corpo && typeof corpo === 'object' && typeof corpo.error === 'string') {
      const texto = textoDoErro(corpo.error, corpo.error_description);
      kctx.body = { error: corpo.error, error_description: texto, message: texto };
    } else if (kctx.status === 404 && (corpo === undefined || corpo === null || corpo === 'Not Found')) {
      kctx.status = 404;
      kctx.body = { status: 404, error: 'Not Found', message: 'Recurso não encontrado' };
    } else if (typeof corpo === 'string' && corpo.includes('<title>Submitting Callback</title>')) {
      kctx.body = corpo
        .replace('<html>', '<html lang="pt-BR">')
        .replace('<title>Submitting Callback</title>', '<meta charset="utf-8"><title>Continuando - CEASA Regional</title>')
        .replace("Your browser does not support JavaScript or you've disabled it.", 'Seu navegador não executa JavaScript: continue pelo botão.')
        .replace('<button autofocus type="submit">Continue</button>', '<button autofocus type="submit">Continuar</button>');
    }
  });
}

/**
 * Hands a request under /realms/ceasa to the provider of the moment. The provider's pages post forms that end at the
 * clients (form_post, the logout confirmation's redirect): the site's CSP lets forms go to the clients' own origins on
 * those pages only.
 */
function encaminhador(issuer: string, config: ContextoDaIdentidade['config'], atual: () => { tratar: ReturnType<Provider['callback']> }) {
  const alvo = new URL(issuer);
  const destinos = [
    ...new Set(
      config.oidcClients
        .flatMap((c) => [...c.redirect_uris, ...c.post_logout_redirect_uris])
        .filter((u) => /^https?:/.test(u))
        .map((u) => new URL(u).origin),
    ),
  ].join(' ');

  // Fastify has parsed the body: the library reads req.body then.
  return async function encaminhar(req: FastifyRequest, reply: FastifyReply) {
    reply.hijack();
    for (const [nome, valor] of Object.entries(reply.getHeaders())) if (valor !== undefined) reply.raw.setHeader(nome, valor);
    const csp = reply.raw.getHeader('content-security-policy');
    if (typeof csp === 'string' && destinos)
      reply.raw.setHeader(
        'content-security-policy',
        csp.replace(/form-action [^;]*/, (d) => `${d} ${destinos}`),
      );
    const raw = req.raw as IncomingMessage & { body?: unknown; originalUrl?: string };
    raw.body = req.body;
    const url = raw.url ?? '/';
    raw.originalUrl = url;
    raw.url = url.slice(BASE.length) || '/';
    raw.headers['x-forwarded-host'] = alvo.host;
    raw.headers['x-forwarded-proto'] = alvo.protocol.slice(0, -1);
    await atual().tratar(raw, reply.raw);
  };
}

/**
 * The built-in OpenID Connect provider: panva's oidc-provider (OpenID Certified), configured with
 * Keycloak's paths, the realm's ES256 key (table `chaves`), the clients of OIDC_CLIENTS, storage in the
 * database (provedor-modelos.ts) and the product's accounts and sessions:
 * - a sign-in for a client opens a row of OUR `sessoes` (entrarComSenha) and a grant whose id IS that
 *   row's id; the grant's access tokens carry it as `sid`, so plugins/auth.ts checks them as it checks the
 *   web app's; destroying the grant (revocation, reused refresh token, logout) revokes the session;
 * - a revoked session or a disabled account makes findAccount answer nothing: refresh and code
 *   exchange then fail with invalid_grant.
 * The web app's own client `ceasa-web` (password and refresh_token grants) stays on the hand-written
 * handler of identity/realm.ts, whose answers the contract fixes (docs/decisions/0113).
 */
export async function criarProvedor(ctx: ContextoDaIdentidade, chavesCookie: string[], aoRevogarSessao: () => void) {
  // Loaded here, not at the top: the bundled server's package imports run before its own code, and the library
  // prints an English runtime warning as it loads; server.ts's first import (aviso-do-node.ts) must come first.
  const { default: Provider, errors } = await import('oidc-provider');
  const { config } = ctx;
  const issuer = issuerDo(ctx);
  const api = audienciaDaApi(ctx);
  const clientes = clientesOidc(config);

  /** The provider over the signing key of the moment: built at start and again when the key is replaced. */
  function montar() {
    const provider = new Provider(issuer, configuracaoDoProvedor(ctx, { chavesCookie, aoRevogarSessao, clientes, api, errors }));
    // Links come from the configured address (the forwarded headers are set from it, never from the caller).
    provider.proxy = true;
    respostasEmPortugues(provider);
    // The password grant is served for the web app's client by identity/realm.ts before a request gets
    // here; registered so discovery lists it. No client of OIDC_CLIENTS may use it (their grant_types are
    // authorization_code and refresh_token: oidc-provider answers unauthorized_client before this runs).
    provider.registerGrantType(
      'password',
      () => {
        throw new errors.UnauthorizedClient('password grant is only for the web app client');
      },
      ['username', 'password', 'scope'],
    );
    return { provider, tratar: provider.callback() };
  }
  let atual = montar();
  ctx.keys.aoTrocarDeChave(() => {
    atual = montar();
  });
  // oidc-provider checks a client's metadata when it first loads it: check every client now, so a client it
  // would refuse stops the start (as a bad OIDC_CLIENTS does, config.ts) instead of failing a sign-in later.
  for (const c of clientes) {
    const erro = await atual.provider.Client.find(c.client_id).then(
      (cliente) => (cliente ? null : 'não encontrado'),
      (e: { error_description?: string; message?: string }) => e.error_description ?? e.message ?? String(e),
    );
    if (erro) throw new Error(`OIDC_CLIENTS inválido: o cliente '${c.client_id}' foi recusado pelo provedor OpenID Connect (${erro})`);
  }

  return {
    /** oidc-provider's instance of the moment (the interactions read it: their state is in the database). */
    get provider() {
      return atual.provider;
    },
    encaminhar: encaminhador(issuer, config, () => atual),
    issuer,
    api,
  };
}
export type Provedor = Awaited<ReturnType<typeof criarProvedor>>;

/** The supported scopes of a request's `scope` parameter. */
export const escoposPedidos = (scope: string) => scope.split(' ').filter((s) => ESCOPOS.includes(s));

/**
 * What a sign-in grants a client: the OpenID scopes it asked for, and the API's scope (`api`) for its access
 * tokens only when it asked for it; without `api` its tokens call userinfo but no /api route (plugins/auth.ts).
 */
export function concederEscopos(grant: InstanceType<Provider['Grant']>, api: string, scope: string) {
  const pedidos = escoposPedidos(scope);
  grant.addOIDCScope(pedidos.join(' '));
  if (pedidos.includes(ESCOPO_API)) grant.addResourceScope(api, ESCOPO_API);
}

export type { KoaContextWithOIDC };
