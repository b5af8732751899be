import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { boletimItemRegistro, boletimRecurso, boletimRegistro, idParam } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { boletimList, boletimRepository } from './boletim.repository';

export default function boletimRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = boletimRepository(db);
  const tag = boletimRecurso.menu.rotulo;
  const ver = { rota: 'boletim', acao: 'visualizar' as const };
  r.get(
    '/boletim/saldo/:id',
    {
      schema: {
        tags: [tag],
        summary: 'Saldo do boletim: por item estimada, comercializada e saldo, com o município da propriedade',
        params: idParam,
        response: { 200: boletimRegistro },
      },
      config: { acesso: ver },
    },
    (req) => repo.saldo(req.params.id),
  );
  r.get(
    '/boletimitens/:id',
    {
      schema: { tags: [tag], summary: 'Um item de boletim (com quantidades comercializada e saldo)', params: idParam, response: { 200: boletimItemRegistro } },
      config: { acesso: ver },
    },
    (req) => repo.item(req.params.id),
  );
  recursoRoutes(app, db, boletimRecurso, { lista: boletimList, repo });
}
