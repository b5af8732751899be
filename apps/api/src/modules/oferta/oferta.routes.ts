import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ofertaPrevisaoLinha, ofertaPrevisaoQuery } from '@ceasa/shared';
import { previsaoDaOferta } from './oferta.repository';

/**
 * GET oferta/previsao (decision 0110): the supply outlook of the /admin page, for every back-office
 * profile (the page's own audience: 'perfil').
 */
export default function ofertaRoutes(app: FastifyInstance, { db }: AppContext) {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/oferta/previsao',
    {
      schema: {
        tags: ['Oferta'],
        summary: 'Previsão de oferta: kg previstos pelos boletins por produto e semana, e o que chegou na mesma semana do ano anterior',
        querystring: ofertaPrevisaoQuery,
        response: { 200: z.array(ofertaPrevisaoLinha) },
      },
      config: { acesso: 'perfil' },
    },
    (req) => previsaoDaOferta(db, req.query.inicio, req.query.semanas),
  );
}
