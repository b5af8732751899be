import http from 'node:http';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A bare OpenID Connect provider no one here wrote (panva's oidc-provider), for the tests of the external
 * identity mode: Keycloak-like answers (JWT access tokens with `aud` = the client and the roles at
 * `realm_access.roles` in the access token only, as Keycloak's default realm-roles mapper puts them), a
 * minimal sign-in form (e-mail and password) and its own RP-initiated logout page.
 */
export interface ContaDeTeste {
  email: string;
  senha: string;
  nome: string;
  roles?: string[];
  /** `email_verified` as the provider sends it (default true; a string, as a careless provider might send). */
  emailVerificado?: boolean | string;
  /** The subject (`sub`); default the e-mail. Tests may change an account's e-mail and keep its subject. */
  sub?: string;
  /** The `amr` of the sign-in (RFC 8176), e.g. ['pwd', 'otp'] for a second factor; none by default. */
  amr?: string[];
}

export interface ProvedorDeTeste {
  issuer: string;
  /** Accounts by e-mail: tests may change one between sign-ins. */
  contas: Map<string, ContaDeTeste>;
  /** The provider's own sessions ended by RP-initiated logout so far. */
  saidas: number;
  /** Signs a token with the provider's key (RS256, kid 'teste'), as the provider would: to mint the odd cases. */
  assinar(payload: Record<string, unknown>, typ?: string): Promise<string>;
  fechar(): Promise<void>;
}

const RECURSO = 'urn:ceasa:api';

export async function iniciarProvedor(opcoes: {
  porta: number;
  cliente: { client_id: string; client_secret?: string; redirect_uris: string[]; post_logout_redirect_uris: string[] };
  contas: ContaDeTeste[];
  /** Other clients of the provider (their access tokens get the same audience, as in the attack this guards against). */
  outros?: { client_id: string; client_secret: string; redirect_uris: string[] }[];
}): Promise<ProvedorDeTeste> {
  const issuer = `http://127.0.0.1:${opcoes.porta}`;
  const contas = new Map(opcoes.contas.map((c) => [c.email, c]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const chave = { ...(await exportJWK(privateKey)), kid: 'teste', alg: 'RS256', use: 'sig' };
  const { cliente } = opcoes;
  const estado = { saidas: 0 };
  const sujeito = (c: ContaDeTeste) => c.sub ?? c.email;
  const porSujeito = (id: string) => [...contas.values()].find((c) => sujeito(c) === id);

  const provider = new Provider(issuer, {
    clients: [
      {
        ...cliente,
        token_endpoint_auth_method: cliente.client_secret ? 'client_secret_basic' : 'none',
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
      ...(opcoes.outros ?? []).map((o) => ({
        ...o,
        token_endpoint_auth_method: 'client_secret_basic' as const,
        grant_types: ['authorization_code'],
        response_types: ['code' as const],
      })),
    ],
    jwks: { keys: [chave] },
    cookies: { keys: ['chave-de-teste-dos-cookies'] },
    claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name'] },
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const c = porSujeito(id);
      if (!c) return undefined;
      return {
        accountId: id,
        claims: () => ({ sub: id, email: c.email, email_verified: c.emailVerificado ?? true, name: c.nome }),
      };
    },
    extraTokenClaims: (_ctx, token) => {
      const c = 'accountId' in token && typeof token.accountId === 'string' ? porSujeito(token.accountId) : undefined;
      return c ? { email: c.email, email_verified: c.emailVerificado ?? true, ...(c.roles ? { realm_access: { roles: c.roles } } : {}) } : undefined;
    },
    features: {
      devInteractions: { enabled: false },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => RECURSO,
        useGrantedResource: () => true,
        getResourceServerInfo: () => ({
          scope: 'api',
          audience: cliente.client_id,
          accessTokenFormat: 'jwt',
          accessTokenTTL: 300,
          jwt: { sign: { alg: 'RS256' } },
        }),
      },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Sair</title></head><body>
<h1>Sair do provedor de teste?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sair do provedor</button></body></html>`;
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.body = '<!doctype html><title>Saiu</title><p>Sessão encerrada no provedor.</p>';
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, IdToken: 300, AccessToken: 300, AuthorizationCode: 60 },
  });
  provider.on('end_session.success', () => estado.saidas++);
  const oidc = provider.callback();

  const formulario = (uid: string, erro = '') => `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Provedor de teste</title></head>
<body><h1>Provedor de identidade de teste</h1>${erro ? `<p role="alert">${erro}</p>` : ''}
<form method="post" action="/interaction/${uid}/login">
<label>E-mail <input name="email" type="email" autocomplete="username"></label>
<label>Senha <input name="senha" type="password" autocomplete="current-password"></label>
<button type="submit">Entrar no provedor</button></form></body></html>`;

  async function interacao(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formulario(details.uid));
      return;
    }
    const corpo = await new Promise<string>((ok) => {
      let b = '';
      req.on('data', (c: Buffer) => (b += c.toString()));
      req.on('end', () => ok(b));
    });
    const f = new URLSearchParams(corpo);
    const conta = contas.get(f.get('email') ?? '');
    if (!conta || conta.senha !== f.get('senha')) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formulario(details.uid, 'E-mail ou senha inválidos'));
      return;
    }
    const accountId = sujeito(conta);
    const grant = new provider.Grant({ accountId, clientId: String(details.params.client_id) });
    const faltam = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[]; missingResourceScopes?: Record<string, string[]> };
    grant.addOIDCScope([...(faltam.missingOIDCScope ?? []), 'openid', 'email', 'profile'].join(' '));
    if (faltam.missingOIDCClaims) grant.addOIDCClaims(faltam.missingOIDCClaims);
    for (const [recurso, escopos] of Object.entries(faltam.missingResourceScopes ?? {})) grant.addResourceScope(recurso, escopos.join(' '));
    grant.addResourceScope(RECURSO, 'api');
    const grantId = await grant.save();
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId, ...(conta.amr ? { amr: conta.amr } : {}) }, consent: { grantId } },
      { mergeWithLastSubmission: false },
    );
  }

  const server = http.createServer((req, res) => {
    if (req.url?.startsWith('/interaction/'))
      interacao(req, res).catch((e: Error) => {
        if (!res.headersSent) res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Interação inválida: ${e.message}`);
      });
    else void oidc(req, res);
  });
  await new Promise<void>((ok) => server.listen(opcoes.porta, '127.0.0.1', () => ok()));
  return {
    issuer,
    contas,
    get saidas() {
      return estado.saidas;
    },
    set saidas(v) {
      estado.saidas = v;
    },
    assinar: (payload, typ = 'at+jwt') => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: 'teste', typ }).sign(privateKey),
    fechar: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
