import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { loginInput } from '@ceasa/shared';
import { enderecoPublico } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import { HttpError } from '../lib/errors';
import { entrarComSenha } from './entrar';
import { audienciaDaApi, CAMINHO_INTERACAO, concederEscopos, SCRIPT_SAIR, type Provedor } from './provedor';
import { verificadorDeOrigem } from './sessao-web.routes';

export const MSG_INTERACAO_EXPIRADA = 'Este pedido de entrada expirou ou não é mais válido. Volte ao sistema de origem e tente novamente.';

/**
 * Signing in for another system (the authorization code flow of oidc-provider, provedor.ts): the
 * provider sends the browser to `CAMINHO_INTERACAO/<uid>` (its interaction cookie is scoped to that path),
 * which sends it on to the product's own sign-in page (`/login?interacao=<uid>`, the same page, throttling
 * and messages as every sign-in); the page posts the e-mail and password to `…/<uid>/login`. A good
 * password opens a session of ours (entrarComSenha) and a grant with the session's id and what the
 * client asked for (the product's clients need no consent screen); the answer is the address that
 * finishes the flow (oidc-provider's resume endpoint, then the client's redirect URI with the code).
 */
export function registerInteracao(app: FastifyInstance, ctx: ContextoDaIdentidade, provedor: Provedor) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Identidade'];
  const params = z.object({ uid: z.string().regex(/^[\w-]{1,64}$/, MSG_INTERACAO_EXPIRADA) });

  // The same CSRF rules as the web app's sign-in.
  const checarOrigem = verificadorDeOrigem(ctx.config);

  async function detalhes(req: FastifyRequest, reply: FastifyReply, uid: string) {
    const d = await provedor.provider.interactionDetails(req.raw, reply.raw).catch(() => null);
    if (!d || d.uid !== uid) throw new HttpError(400, MSG_INTERACAO_EXPIRADA);
    return d;
  }

  r.get(SCRIPT_SAIR, { schema: { hide: true } }, (_req, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'public, max-age=3600').send("document.getElementById('op.logoutForm').submit();\n"),
  );

  r.get(`${CAMINHO_INTERACAO}/:uid`, { schema: { tags, summary: 'Leva à tela de entrada do sistema (fluxo authorization code)', params } }, (req, reply) =>
    reply.redirect(`${enderecoPublico(ctx.config)}/login?interacao=${encodeURIComponent(req.params.uid)}`, 303),
  );

  r.post(
    `${CAMINHO_INTERACAO}/:uid/login`,
    {
      schema: {
        tags,
        summary: 'Entra para outro sistema (fluxo authorization code): responde o endereço que conclui o fluxo',
        params,
        body: loginInput,
        response: { 200: z.object({ redirectTo: z.string() }) },
      },
    },
    async (req, reply) => {
      checarOrigem(req);
      const d = await detalhes(req, reply, req.params.uid);
      const e = await entrarComSenha(ctx, req, req.body);
      if (!e.ok) {
        if (e.esperarSegundos) reply.header('retry-after', String(e.esperarSegundos));
        throw new HttpError(e.status, e.message, undefined, e.codigoNecessario ? { codigoNecessario: true } : undefined);
      }
      const clientId = String(d.params.client_id);
      const grant = new provedor.provider.Grant({ jti: e.sessao.id, accountId: e.usuario.id, clientId } as never);
      concederEscopos(grant, audienciaDaApi(ctx), String(d.params.scope ?? ''));
      await grant.save();
      const redirectTo = await provedor.provider.interactionResult(
        req.raw,
        reply.raw,
        { login: { accountId: e.usuario.id, amr: e.exigeFator || !e.viaFator ? ['pwd'] : ['pwd', 'otp'] }, consent: { grantId: e.sessao.id } },
        { mergeWithLastSubmission: false },
      );
      reply.header('cache-control', 'no-store');
      return { redirectTo };
    },
  );
}
