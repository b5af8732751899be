import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import * as client from 'openid-client';
import { MSG_GOVBR_DESLIGADO, nivelBasta, type CodigoGovbr } from '@ceasa/shared';
import { enderecoPublico, servidoPorHttps } from '../config';
import { naoEncontrado } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import type { ContextoDaIdentidade } from './contexto';
import { duracaoDaSessao, origemDaSessao } from './entrar';
import { pedidoDeAutorizacao, trocarCodigo, type Claims, type ProvedorExterno } from './externo';
import { ESCOPOS_GOVBR, lerQuemNoGovbr, seloDoFluxo, vincularContaGovbr, type FluxoGovbr } from './govbr';
import { paginaDoPortal } from './portal-sessao.routes';
import { guardarCookiesDaSessao, SESSAO_DO_PORTAL } from './sessao-web.routes';
import { abrirSessao } from './tokens';

/** The sign-in in progress: a signed HttpOnly cookie sent back only to the callback. */
const COOKIE_FLUXO = 'ceasa_govbr_fluxo';
const CAMINHO_RETORNO = '/api/portal/govbr/retorno';
/** How long a producer has to sign in at gov.br. */
const FLUXO_S = 600;

/** The redirect URI registered at gov.br: from configuration (PUBLIC_URL), never from request headers. */
export const retornoDoGovbr = (ctx: Pick<ContextoDaIdentidade, 'config'>) => `${enderecoPublico(ctx.config)}${CAMINHO_RETORNO}`;

/** The code traded at gov.br's token endpoint, the ID token verified by openid-client (signature by the JWKS, nonce). */
async function trocarNoGovbr(ctx: ContextoDaIdentidade, govbr: ProvedorExterno, fluxo: FluxoGovbr, consulta: string) {
  const cfg = await govbr.configuracao();
  const tokens = await trocarCodigo(cfg, new URL(`${retornoDoGovbr(ctx)}${consulta}`), fluxo);
  return { claims: tokens.claims() as Claims, idToken: tokens.id_token!, issuer: cfg.serverMetadata().issuer };
}

/**
 * 'Entrar com gov.br' (docs/produto/portal.md): `entrar` sends the browser to gov.br (code flow, PKCE S256, state,
 * nonce); `retorno` trades the code, reads the CPF and the level from the ID token, binds the person's portal
 * account (identity/govbr.ts), opens a session exactly as the password sign-in does and sends the browser to
 * /portal. When it cannot, to `/portal?govbr=<código>` (MENSAGENS_GOVBR says why). Without GOVBR_ISSUER both
 * answer a pt-BR 404. Registered under /api.
 */
export default function portalGovbrRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  const tags = SESSAO_DO_PORTAL.tags;
  const config = { acesso: 'publico' as const, openapi: { erros: [404] } };
  const opcoesFluxo = { path: CAMINHO_RETORNO, httpOnly: true, sameSite: 'lax', secure: servidoPorHttps(ctx.config) } as const;
  const selo = seloDoFluxo(ctx.db, ctx.config);
  const govbr = () => {
    if (!ctx.govbr) throw naoEncontrado(MSG_GOVBR_DESLIGADO);
    return ctx.govbr;
  };
  const paraOPortal = (reply: FastifyReply, q?: Record<string, string>) =>
    reply
      .header('cache-control', 'no-store')
      .clearCookie(COOKIE_FLUXO, opcoesFluxo)
      .redirect(`${paginaDoPortal(ctx)}${q ? `?${new URLSearchParams(q)}` : ''}`, 302);
  const recusar = (req: FastifyRequest, reply: FastifyReply, govbr: CodigoGovbr, motivo: string, extra: Record<string, string> = {}) => {
    eventoDeSeguranca(req.log, 'entrada-recusada', { endereco: req.ip, motivo: `govbr:${motivo}` });
    return paraOPortal(reply, { govbr, ...extra });
  };

  app.get(
    '/portal/govbr/entrar',
    { schema: { tags, summary: 'Entra no portal do produtor com gov.br (redireciona para o gov.br)' }, config },
    async (req, reply) => {
      let cfg: client.Configuration;
      try {
        cfg = await govbr().configuracao();
      } catch (e) {
        if (!ctx.govbr) throw e;
        req.log.warn((e as Error).message);
        return recusar(req, reply, 'erro', 'indisponivel');
      }
      const { fluxo, url } = await pedidoDeAutorizacao(cfg, retornoDoGovbr(ctx), ESCOPOS_GOVBR);
      reply.setCookie(COOKIE_FLUXO, await selo.selar({ ...fluxo, ate: Date.now() + FLUXO_S * 1000 }), { ...opcoesFluxo, maxAge: FLUXO_S });
      return reply.header('cache-control', 'no-store').redirect(url.toString(), 302);
    },
  );

  app.get(
    '/portal/govbr/retorno',
    { schema: { tags, summary: 'Retorno do gov.br: vincula a conta do produtor e abre a sessão do portal' }, config },
    async (req, reply) => {
      const provedor = govbr();
      const consulta = req.url.includes('?') ? req.url.slice(req.url.indexOf('?')) : '';
      const params = new URLSearchParams(consulta);
      if (params.get('error')) return recusar(req, reply, 'erro', `recusado:${params.get('error')!.slice(0, 40)}`);
      const fluxo = await selo.abrir(req.cookies[COOKIE_FLUXO]);
      if (!fluxo || params.get('state') !== fluxo.state) return recusar(req, reply, 'erro', 'fluxo-invalido');
      let trocado: Awaited<ReturnType<typeof trocarNoGovbr>>;
      try {
        trocado = await trocarNoGovbr(ctx, provedor, fluxo, consulta);
      } catch (e) {
        req.log.warn(`Entrada pelo gov.br não concluída: ${e instanceof Error ? e.message : String(e)}`);
        return recusar(req, reply, 'erro', 'troca-do-codigo');
      }
      const quem = lerQuemNoGovbr(trocado.claims);
      if (!quem) return recusar(req, reply, 'erro', 'sem-cpf');
      // Below the minimum level nothing is made or bound: the page says how to raise it.
      if (!nivelBasta(quem.nivel, ctx.config.portal.nivelMinimo)) return recusar(req, reply, 'nivel', `nivel-${quem.nivel}`, { nivel: quem.nivel });
      const v = await vincularContaGovbr(ctx.db, trocado.issuer, quem);
      if (!v.ok) return recusar(req, reply, v.motivo, v.motivo);
      const { sessao, refreshToken } = await abrirSessao(ctx.db, v.usuario.id, duracaoDaSessao(ctx.config), origemDaSessao(req));
      eventoDeSeguranca(req.log, 'entrada', { conta: v.usuario.email, endereco: req.ip, motivo: `govbr-${quem.nivel}`, sessao: sessao.id, contaNova: v.nova });
      // The ID token stays for the sign-out's id_token_hint, as the staff's external sign-in keeps it.
      guardarCookiesDaSessao(reply, ctx.config, sessao, refreshToken, trocado.idToken, SESSAO_DO_PORTAL);
      return paraOPortal(reply);
    },
  );
}
