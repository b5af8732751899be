import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHEGADA_MSG, chegadaInput, chegadaRegistro, chegadasQuery, idParam } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { chegadaDoProdutor, chegadasDoDia, chegadasDoProdutor } from './chegadas.repository';
import { chegadasService } from './chegadas.service';
import { pessoaDoPortal, produtorDe, TAGS_DO_PORTAL } from './produtor';

/**
 * Loads announced before the gate (docs/produto/portal.md, decision 0298): the producer announces, reads, changes and
 * withdraws his own; the list's path is also the desk's, for staff who may see romaneios (`?data=` required, one
 * producer with `pessoaId`): its access is a list of alternatives.
 */
export default function chegadasRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const svc = chegadasService(ctx.db, {
    diasDeMercado: ctx.config.settings.diasDeMercado,
    nfeObrigatoria: ctx.config.nfeObrigatoria,
    carteira: ctx.config.settings.carteiraProdutor ?? 'avisar',
    diasAntecedencia: ctx.config.portal.diasAntecedencia,
  });
  const tags = TAGS_DO_PORTAL;
  const produtor = { acesso: 'produtor' as const };

  r.get(
    '/portal/chegadas',
    {
      schema: {
        tags,
        summary:
          'As chegadas anunciadas: as do produtor (as 100 mais recentes, ou as de um dia com data), ou, para quem vê romaneios, as de um dia (data obrigatória; pessoaId: de um produtor)',
        querystring: chegadasQuery,
        response: { 200: z.array(chegadaRegistro) },
      },
      config: { acesso: ['produtor', { rota: 'romaneio', acao: 'visualizar' }] as const },
    },
    (req) => {
      const { data, pessoaId } = req.query;
      if (produtorDe(req) !== null) return chegadasDoProdutor(ctx.db, pessoaDoPortal(req, pessoaId), data);
      if (!data) throw badRequest(CHEGADA_MSG.dataObrigatoria, [{ field: 'data', message: CHEGADA_MSG.dataObrigatoria }]);
      return chegadasDoDia(ctx.db, data, pessoaId);
    },
  );
  r.post(
    '/portal/chegadas',
    {
      schema: {
        tags,
        summary: 'Anuncia uma chegada (de hoje até PORTAL_DIAS_ANTECEDENCIA dias), conferida pelas regras da portaria; 409 com perguntas até confirmar',
        body: chegadaInput,
        response: { 201: chegadaRegistro },
      },
      config: produtor,
    },
    async (req, reply) => {
      const salva = await svc.criar(quem(req), pessoaDoPortal(req), req.body);
      reply.code(201);
      return salva;
    },
  );
  r.get(
    '/portal/chegadas/:id',
    { schema: { tags, summary: 'Uma chegada anunciada do produtor', params: idParam, response: { 200: chegadaRegistro } }, config: produtor },
    (req) => chegadaDoProdutor(ctx.db, pessoaDoPortal(req), req.params.id),
  );
  r.put(
    '/portal/chegadas/:id',
    {
      schema: {
        tags,
        summary: 'Altera uma chegada ainda não recebida (versao obrigatória), conferida pelas regras da portaria',
        params: idParam,
        body: chegadaInput,
        response: { 200: chegadaRegistro },
      },
      config: produtor,
    },
    (req) => svc.alterar(quem(req), pessoaDoPortal(req), req.params.id, req.body),
  );
  r.delete(
    '/portal/chegadas/:id',
    { schema: { tags, summary: 'Retira uma chegada ainda não recebida (204, sem corpo)', params: idParam }, config: produtor },
    async (req, reply) => {
      await svc.remover(quem(req), pessoaDoPortal(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
