import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam, lojaItemRegistro, lojaLoteOpcao, lojaLotesQuery, lojaRecurso, quantidadeUpdate } from '@ceasa/shared';
import { quem } from '../../lib/audit';
import { recursoRoutes } from '../../lib/routes';
import { lojaList, lojaRepository, lotesDoDia } from './loja.repository';

/** Shop sheets and, on their edit screen, one item's quantity or removal at once (both an edit of the shop). */
export default function lojaRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = lojaRepository(db);
  const tags = [lojaRecurso.menu.rotulo];
  const editar = { rota: 'loja', acao: 'editar' as const };
  r.put(
    '/lojaitens/updateQtde',
    {
      schema: { tags, summary: 'Altera a quantidade de um item da loja', body: quantidadeUpdate, response: { 200: lojaItemRegistro } },
      config: { acesso: editar },
    },
    (req) => repo.alterarQuantidade(quem(req), req.body.id, req.body.quantidade),
  );
  r.delete(
    '/lojaitens/:id',
    { schema: { tags, summary: 'Remove um item da loja (409 se for o último; 204, sem corpo)', params: idParam }, config: { acesso: editar } },
    async (req, reply) => {
      await repo.removerItem(quem(req), req.params.id);
      return reply.code(204).send();
    },
  );
  r.get(
    '/loja/lotes',
    {
      schema: {
        tags,
        summary: 'Lotes dos romaneios de uma data (de um produto, com produtoId): os que um item de loja dessa data pode ter vendido',
        querystring: lojaLotesQuery,
        response: { 200: z.array(lojaLoteOpcao) },
      },
      config: { acesso: { rota: 'loja', acao: 'visualizar' } },
    },
    (req) => lotesDoDia(db, req.query.data, req.query.produtoId),
  );
  recursoRoutes(app, db, lojaRecurso, { lista: lojaList, repo });
}
