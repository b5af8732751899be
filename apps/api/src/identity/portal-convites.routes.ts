import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { aceitarConviteInput, conviteInput, conviteResposta, idSchema, portalDaPessoaResposta } from '@ceasa/shared';
import type { ContextoDaIdentidade } from './contexto';
import { aceitarConvite, convidar, portalDaPessoa } from './convites';
import { SESSAO_DO_PORTAL } from './sessao-web.routes';

/**
 * Invitations to the producers' portal (identity/convites.ts): the desk (permission to edit people) invites a person
 * and sees his account and invitations on his record; the producer accepts with his new password. Registered under /api.
 */
export default function portalConvitesRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = SESSAO_DO_PORTAL.tags;

  r.post(
    '/portal/convites',
    {
      schema: {
        tags,
        summary: 'Convida uma pessoa para o portal do produtor (envia o link por e-mail)',
        body: conviteInput,
        response: { 201: conviteResposta },
      },
      config: { acesso: { rota: 'pessoa', acao: 'editar' }, openapi: { erros: [404] } },
    },
    async (req, reply) => {
      const convite = await convidar(ctx, req, req.body);
      return reply.code(201).send(convite);
    },
  );

  r.get(
    '/portal/convites',
    {
      schema: {
        tags,
        summary: 'A conta do portal de uma pessoa (se houver) e os seus convites',
        querystring: z.object({ pessoaId: idSchema }),
        response: { 200: portalDaPessoaResposta },
      },
      config: { acesso: { rota: 'pessoa', acao: 'visualizar' }, openapi: { erros: [404] } },
    },
    (req) => portalDaPessoa(ctx, req.query.pessoaId),
  );

  r.post(
    '/portal/convites/aceitar',
    {
      schema: {
        tags,
        summary: 'Aceita o convite: a senha escolhida cria a conta do portal do produtor',
        body: aceitarConviteInput,
        response: { 201: z.object({ email: z.string() }) },
      },
      config: { acesso: 'publico', openapi: { erros: [409, 429] } },
    },
    async (req, reply) => reply.code(201).send(await aceitarConvite(ctx, req, req.body)),
  );
}
