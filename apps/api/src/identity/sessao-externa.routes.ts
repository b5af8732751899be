import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { enderecoPublico, servidoPorHttps } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import { fatorObrigatorio } from './segundo-fator';
import { eventoDeSeguranca } from '../lib/eventos';
import {
  identificar,
  pedidoDeAutorizacao,
  ProvedorIndisponivel,
  sincronizarUsuario,
  trocarCodigo,
  type Claims,
  type FluxoDeEntrada,
  type ProvedorExterno,
} from './externo';
import { CAMINHO_SESSAO, guardarCookiesDaSessao } from './sessao-web.routes';
import { abrirSessao } from './tokens';
import { duracaoDaSessao, origemDaSessao } from './entrar';

/** The sign-in in progress (state, nonce, PKCE verifier): an HttpOnly cookie sent back only to the callback. */
const COOKIE_FLUXO = 'ceasa_oidc_fluxo';
const CAMINHO_CALLBACK = `${CAMINHO_SESSAO}/callback`;
/** How long a person has to sign in at the provider. */
const FLUXO_S = 600;

/** Why a sign-in through the provider did not open a session: the sign-in page shows the pt-BR text of each (web login-page). */
export type ErroDeEntrada =
  'cancelado' | 'expirado' | 'falhou' | 'indisponivel' | 'desativado' | 'sem-email' | 'email-nao-verificado' | 'email-em-uso' | 'sem-segundo-fator';

/** The `amr` values (RFC 8176) that say the provider checked a second factor. */
const AMR_DE_SEGUNDO_FATOR = ['mfa', 'otp', 'hwk'];

/**
 * Whether the ID token says a second factor was used: an `amr` holding `mfa`, `otp` or `hwk`. A provider that
 * sends no `amr` (only an `acr` level, whose names each provider chooses) is not taken as proof.
 */
export const comSegundoFator = (claims: Claims) => Array.isArray(claims.amr) && claims.amr.some((m) => AMR_DE_SEGUNDO_FATOR.includes(String(m)));

/** The redirect URI registered at the provider: from configuration (PUBLIC_URL), never from request headers. */
export const redirectUri = (ctx: Pick<ContextoDaIdentidade, 'config'>) => `${enderecoPublico(ctx.config)}${CAMINHO_CALLBACK}`;
/** The code exchanged at the provider for its tokens, with what it says of the person: the ID token's claims, userinfo's, the access token's. */
async function respostaDoProvedor(provedor: ProvedorExterno, retorno: URL, fluxo: FluxoDeEntrada, req: FastifyRequest) {
  const cfg = await provedor.configuracao();
  const tokens = await trocarCodigo(cfg, retorno, fluxo);
  const claims = tokens.claims() as Claims;
  // Userinfo adds what the ID token may leave out (e-mail, name); a provider whose access tokens are only for
  // APIs may refuse it there (oidc-provider does), and then the ID token carries those claims.
  let userinfo: Claims | undefined;
  if (cfg.serverMetadata().userinfo_endpoint)
    userinfo = (await client.fetchUserInfo(cfg, tokens.access_token, String(claims.sub)).catch((e: Error) => {
      req.log.info(`Userinfo do provedor não lido: ${e.message}`);
      return undefined;
    })) as Claims | undefined;
  // The roles may travel only in the access token (Keycloak's default mapper): read it where it is a JWT this provider signed for us.
  const acessoClaims = provedor.papeis(claims, userinfo) ? undefined : await provedor.verificarAcesso(tokens.access_token).catch(() => undefined);
  return { cfg, tokens, claims, userinfo, acessoClaims };
}

/**
 * External identity mode (docs/decisions/0118-modo-de-identidade-externo.md): the authorization code flow with
 * PKCE, done by the server with openid-client. `entrar` sends the browser to the provider; `callback` trades the
 * code, validates the ID token, creates or updates the user by e-mail and opens the product's own session (the
 * same cookie the web app refreshes), then sends the browser to the sign-in page, which loads the session.
 * Registered only in that mode (with OIDC_ISSUER).
 */
export default function sessaoExternaRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  // Only in external identity mode (OIDC_ISSUER).
  const provedor = ctx.oidcExterno;
  if (!provedor) return;
  const tags = ['Conta'];
  const acesso = 'publico' as const;
  const base = enderecoPublico(ctx.config);
  const https = servidoPorHttps(ctx.config);
  const opcoesFluxo = { path: CAMINHO_CALLBACK, httpOnly: true, sameSite: 'lax', secure: https } as const;

  const paraLogin = (reply: FastifyReply, q: Record<string, string>) =>
    reply.header('cache-control', 'no-store').redirect(`${base}/login?${new URLSearchParams(q)}`, 303);
  const erro = (reply: FastifyReply, motivo: ErroDeEntrada) => {
    reply.clearCookie(COOKIE_FLUXO, opcoesFluxo);
    return paraLogin(reply, { erro: motivo });
  };

  app.get(
    '/auth/sessao/entrar',
    { schema: { tags, summary: 'Entra pelo provedor de identidade do município (redireciona para ele)' }, config: { acesso } },
    async (req, reply) => {
      let cfg: client.Configuration;
      try {
        cfg = await provedor.configuracao();
      } catch (e) {
        req.log.warn((e as Error).message);
        return erro(reply, 'indisponivel');
      }
      const { fluxo, url } = await pedidoDeAutorizacao(cfg, redirectUri(ctx), provedor.oidc.scopes);
      reply.setCookie(COOKIE_FLUXO, Buffer.from(JSON.stringify(fluxo)).toString('base64url'), { ...opcoesFluxo, maxAge: FLUXO_S });
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 303);
    },
  );

  app.get(
    '/auth/sessao/callback',
    { schema: { tags, summary: 'Retorno do provedor de identidade: abre a sessão' }, config: { acesso } },
    async (req, reply) => {
      const consulta = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const params = new URLSearchParams(consulta);
      if (params.get('error')) {
        req.log.info(`Entrada externa recusada pelo provedor: ${params.get('error')} ${params.get('error_description') ?? ''}`);
        return erro(reply, params.get('error') === 'access_denied' ? 'cancelado' : 'falhou');
      }
      const fluxo = lerFluxo(req);
      if (!fluxo || params.get('state') !== fluxo.state) return erro(reply, 'expirado');

      let resposta: Awaited<ReturnType<typeof respostaDoProvedor>>;
      try {
        resposta = await respostaDoProvedor(provedor, new URL(`${redirectUri(ctx)}${consulta}`), fluxo, req);
      } catch (e) {
        req.log.warn(`Entrada externa não concluída: ${e instanceof Error ? e.message : String(e)}`);
        return erro(reply, e instanceof ProvedorIndisponivel ? 'indisponivel' : 'falhou');
      }
      const { cfg, tokens, claims, userinfo, acessoClaims } = resposta;
      // The subject is the ID token's (userinfo's `sub` was checked against it by openid-client).
      const quem = identificar(userinfo, claims);
      if (!quem.ok) return erro(reply, quem.motivo === 'sem-sub' ? 'falhou' : quem.motivo);
      // The roles come with the ID token's iat: a sign-in is as new as its ID token.
      const sinc = await sincronizarUsuario(ctx.db, cfg.serverMetadata().issuer, quem, provedor.papeis(claims, userinfo, acessoClaims), claims.iat);
      if (!sinc.ok) return erro(reply, sinc.motivo);
      const { usuario, mudouPapeis } = sinc;
      if (mudouPapeis) app.esquecerSessoes();
      if (!usuario.ativo) return erro(reply, 'desativado');
      // MFA_OBRIGATORIO holds in this mode too: a role that must have a second factor signs in with one at the provider.
      if (fatorObrigatorio(usuario.roles, ctx.config.mfaObrigatorio) && !comSegundoFator(claims)) {
        eventoDeSeguranca(req.log, 'entrada-recusada', { conta: usuario.email, endereco: req.ip, motivo: 'sem-segundo-fator-no-provedor' });
        return erro(reply, 'sem-segundo-fator');
      }
      const { sessao, refreshToken } = await abrirSessao(ctx.db, usuario.id, duracaoDaSessao(ctx.config), origemDaSessao(req));
      reply.clearCookie(COOKIE_FLUXO, opcoesFluxo);
      guardarCookiesDaSessao(reply, ctx.config, sessao, refreshToken, tokens.id_token);
      return paraLogin(reply, { sessao: 'externa' });
    },
  );
}

function lerFluxo(req: FastifyRequest): FluxoDeEntrada | null {
  const v = req.cookies[COOKIE_FLUXO];
  if (!v) return null;
  try {
    const f = JSON.parse(Buffer.from(v, 'base64url').toString()) as Record<string, unknown>;
    return typeof f.state === 'string' && typeof f.nonce === 'string' && typeof f.verifier === 'string'
      ? { state: f.state, nonce: f.nonce, verifier: f.verifier }
      : null;
  } catch {
    return null;
  }
}
