import http from 'node:http';
import { exportJWK, generateKeyPair } from 'jose';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A fake gov.br for the portal's tests (API and browser): panva's oidc-provider, which no one here wrote, answering as
 * gov.br does for what the portal reads. The ID token's `sub` is the CPF and it carries `reliability_info: {level}`
 * (bronze, silver, gold, as gov.br names them) when the scope `govbr_confiabilidades_idtoken` is asked; the e-mail and
 * name come in it too. A minimal sign-in form where the person types the CPF (or cancels), and its own RP-initiated
 * logout page. Nothing here depends on a test runner: e2e specs import it as the API tests do.
 */
export interface ContaGovbr {
  /** The CPF, 11 digits (the `sub`). */
  cpf: string;
  /** The reliability level (prata and ouro are sent as gov.br's silver and gold); undefined: no `reliability_info`. */
  nivel?: 'bronze' | 'prata' | 'ouro' | 'silver' | 'gold';
  email?: string;
  nome: string;
}

export interface GovbrFalso {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Accounts by CPF: tests may change one (its level, its e-mail) between sign-ins. */
  contas: Map<string, ContaGovbr>;
  /** Sessions ended here by RP-initiated logout so far. */
  readonly saidas: number;
  fechar(): Promise<void>;
}

/** The client the fake knows unless told another (set GOVBR_CLIENT_ID and GOVBR_CLIENT_SECRET to these). */
export const CLIENTE_GOVBR_FALSO = { clientId: 'ceasa-portal-teste', clientSecret: 'segredo-do-portal-no-govbr-de-teste' };

const NIVEL_DO_GOVBR = { bronze: 'bronze', prata: 'silver', ouro: 'gold', silver: 'silver', gold: 'gold' } as const;

const pagina = (titulo: string, corpo: string) =>
  `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>${titulo}</title></head><body>${corpo}</body></html>`;

const formulario = (uid: string, erro = '') =>
  pagina(
    'gov.br de teste',
    `<h1>gov.br de teste</h1>${erro ? `<p role="alert">${erro}</p>` : ''}
<form method="post" action="/interaction/${uid}/login"><label>CPF <input name="cpf" inputmode="numeric" autocomplete="username"></label>
<button type="submit">Entrar com gov.br</button></form>
<form method="post" action="/interaction/${uid}/cancelar"><button type="submit">Cancelar</button></form>`,
  );

function lerCorpo(req: http.IncomingMessage) {
  return new Promise<URLSearchParams>((ok) => {
    let b = '';
    req.on('data', (c: Buffer) => (b += c.toString()));
    req.on('end', () => ok(new URLSearchParams(b)));
  });
}

export async function iniciarGovbrFalso(opcoes: {
  porta: number;
  redirectUri: string;
  postLogoutRedirectUri: string;
  contas: ContaGovbr[];
  /** The client's id and secret (default CLIENTE_GOVBR_FALSO); `clientSecret: null` makes it a public client (PKCE only). */
  clientId?: string;
  clientSecret?: string | null;
}): Promise<GovbrFalso> {
  const issuer = `http://127.0.0.1:${opcoes.porta}`;
  const clientId = opcoes.clientId ?? CLIENTE_GOVBR_FALSO.clientId;
  const clientSecret = opcoes.clientSecret === undefined ? CLIENTE_GOVBR_FALSO.clientSecret : opcoes.clientSecret;
  const contas = new Map(opcoes.contas.map((c) => [c.cpf, c]));
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const estado = { saidas: 0 };

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        token_endpoint_auth_method: clientSecret ? 'client_secret_basic' : 'none',
        redirect_uris: [opcoes.redirectUri],
        post_logout_redirect_uris: [opcoes.postLogoutRedirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), kid: 'govbr-teste', alg: 'RS256', use: 'sig' }] },
    // Names of its own, so a browser holding the product's cookies at the same host keeps both apart.
    cookies: { keys: ['chave-de-teste-do-govbr'], names: { session: '_govbr_session', interaction: '_govbr_interaction', resume: '_govbr_resume' } },
    scopes: ['openid', 'email', 'profile', 'govbr_confiabilidades', 'govbr_confiabilidades_idtoken'],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], govbr_confiabilidades_idtoken: ['reliability_info'] },
    // gov.br puts the scopes' claims in the ID token itself.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    findAccount: (_ctx, id) => {
      const c = contas.get(id);
      if (!c) return undefined;
      return {
        accountId: id,
        claims: () => ({
          sub: id,
          name: c.nome,
          ...(c.email ? { email: c.email, email_verified: true } : {}),
          ...(c.nivel ? { reliability_info: { level: NIVEL_DO_GOVBR[c.nivel] } } : {}),
        }),
      };
    },
    features: {
      devInteractions: { enabled: false },
      rpInitiatedLogout: {
        enabled: true,
        logoutSource: (ctx: KoaContextWithOIDC, form: string) => {
          ctx.body = pagina(
            'Sair do gov.br',
            `<h1>Sair do gov.br de teste?</h1>${form}<button type="submit" form="op.logoutForm" name="logout" value="yes">Sair do gov.br</button>`,
          );
        },
        postLogoutSuccessSource: (ctx: KoaContextWithOIDC) => {
          ctx.body = pagina('Saiu', '<p>Sessão encerrada no gov.br de teste.</p>');
        },
      },
    },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    ttl: { Session: 3600, Interaction: 600, Grant: 3600, IdToken: 300, AccessToken: 300, AuthorizationCode: 60 },
  });
  provider.on('end_session.success', () => estado.saidas++);
  const oidc = provider.callback();

  async function interacao(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formulario(details.uid));
      return;
    }
    if (req.url?.endsWith('/cancelar')) {
      await provider.interactionFinished(
        req,
        res,
        { error: 'access_denied', error_description: 'A pessoa cancelou a entrada.' },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    const cpf = ((await lerCorpo(req)).get('cpf') ?? '').replace(/\D/g, '');
    if (!contas.has(cpf)) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(formulario(details.uid, 'CPF não encontrado no gov.br de teste'));
      return;
    }
    const grant = new provider.Grant({ accountId: cpf, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? 'openid'));
    const faltam = details.prompt.details as { missingOIDCClaims?: string[] };
    if (faltam.missingOIDCClaims) grant.addOIDCClaims(faltam.missingOIDCClaims);
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: cpf }, consent: { grantId } }, { mergeWithLastSubmission: false });
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
    clientId,
    clientSecret: clientSecret ?? '',
    contas,
    get saidas() {
      return estado.saidas;
    },
    fechar: () =>
      new Promise<void>((ok) => {
        server.closeAllConnections();
        server.close(() => ok());
      }),
  };
}
