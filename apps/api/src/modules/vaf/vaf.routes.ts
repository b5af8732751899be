import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { vafInput } from '@ceasa/shared';
import { vafRepository } from './vaf.repository';

export default function vafRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = vafRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/precos/vaf',
    {
      schema: { tags: ['VAF'], summary: 'VAF: kg por produto e município de origem, com o preço médio do período', body: vafInput },
      config: { acesso: { rota: 'vaf', acao: 'visualizar' }, cara: true },
    },
    (req) => repo.relatorio(req.body.dataInicial, req.body.dataFinal),
  );
}
