import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PRECO_HISTORICO_DIAS, pageQuery, parseSort, precoFiltro, precoInput, precoResumoFiltro, sortPath } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { crudRoutes } from '../../lib/routes';
import { normalizarFiltroDePreco, precosRepository } from './precos.repository';

const historicoParams = z.object({
  produtoGrupoId: z.coerce.number({ error: 'Código inválido' }).int('Código inválido').positive('Código inválido'),
});
const historicoQuery = z.object({
  dias: z.coerce
    .number({ error: 'Número de dias inválido' })
    .int('Número de dias inválido')
    .min(1, 'Número de dias inválido')
    .max(3660, 'O histórico cobre no máximo 3660 dias')
    .default(PRECO_HISTORICO_DIAS),
});

export default function precosRoutes(app: FastifyInstance, db: Db) {
  const repo = precosRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = 'Preços';
  const visualizar = { rota: 'precos', acao: 'visualizar' as const };

  // The list contract of lib/routes.ts (listRoutes), with the price list's cheaper count.
  r.get('/precos', { schema: { tags: [tag], summary: 'Lista paginada (Preços)', querystring: pageQuery }, config: { acesso: visualizar } }, (req) => {
    const s = parseSort(req.query.sort);
    return repo.listar({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir });
  });
  r.post(
    '/precos/searchPrecos/:dir/:field',
    {
      schema: { tags: [tag], summary: 'Pesquisa com filtros (Preços)', params: sortPath, querystring: pageQuery, body: precoFiltro.transform(normalizarFiltroDePreco).nullish() },
      config: { acesso: visualizar },
    },
    (req) => repo.listar({ page: req.query.page, size: req.query.size, sortField: req.params.field, sortDir: req.params.dir, filters: req.body ?? {} }),
  );

  // Public: the quotation summary of the home page (note: field before dir in this path).
  r.post(
    '/precos/searchPrecosHome/:field/:dir',
    {
      schema: { tags: [tag], summary: 'Cotação pública: mínimo, médio e máximo por grupo de produto e data', params: sortPath, querystring: pageQuery, body: precoResumoFiltro.nullish() },
      config: { acesso: 'publico' },
    },
    (req) => repo.resumo({ page: req.query.page, size: req.query.size, sortField: req.params.field, sortDir: req.params.dir, filters: req.body ?? {} }),
  );
  r.get(
    '/precos/historico/:produtoGrupoId',
    { schema: { tags: [tag], summary: 'Histórico de preços de um grupo (gráfico da cotação pública)', params: historicoParams, querystring: historicoQuery }, config: { acesso: 'publico' } },
    (req) => repo.historico(req.params.produtoGrupoId, req.query.dias),
  );

  crudRoutes(app, { base: '/precos', rota: 'precos', tag, input: precoInput, repo });
}
