import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mapaDePedras, pedraRecurso, pedrasOcupadasInput, produtoComercializado } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { comercializadoList, mapaDoDia, pedraList, pedraRepository } from './pedra.repository';

/**
 * Stalls ('Pedras', route name 'pedra'): list sorted by the numeric value of the number, search by number, CRUD;
 * the back-office landing's stall map of a day and its 'Comercializado' table.
 */
export default function pedraRoutes(app: FastifyInstance, { db }: AppContext) {
  recursoRoutes(app, db, pedraRecurso, { lista: pedraList, repo: pedraRepository(db) });
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The landing page of every back-office profile shows the map (docs/decisions: the stall map on /admin).
  r.post(
    '/pedras/ocupadas',
    {
      schema: {
        tags: ['Pedras'],
        summary: 'O mapa de pedras de um dia: todas as pedras, em ordem numérica, com o ocupante de cada uma nesse dia',
        body: pedrasOcupadasInput,
        response: { 200: mapaDePedras },
      },
      config: { acesso: 'perfil' },
    },
    (req) => mapaDoDia(db, req.body),
  );
  // The landing's 'Comercializado' table: a list only, read under the bulletin's permission.
  recursoRoutes(
    app,
    db,
    { rota: 'boletim', api: { base: 'produtos-comercializados', tag: 'Comercializado', registro: produtoComercializado } },
    { lista: comercializadoList },
  );
}
