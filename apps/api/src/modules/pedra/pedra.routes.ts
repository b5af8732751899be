import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pageQuery, parseSort, pedraInput, searchTermQuery, type Page, type Pedra } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { listPage } from '../../lib/list';
import { crudRoutes } from '../../lib/routes';
import { campoDeOrdem, pedraList, pedraRepository } from './pedra.repository';

/** Stalls ('Pedras', route name 'pedra'): list sorted by the numeric value of the number, search, CRUD. */
export default function pedraRoutes(app: FastifyInstance, db: Db) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = pedraRepository(db);
  const tag = 'Pedras';
  const acesso = { rota: 'pedra', acao: 'visualizar' as const };
  r.get('/pedras', { schema: { tags: [tag], summary: 'Lista paginada (Pedras)', querystring: pageQuery }, config: { acesso } }, async (req): Promise<Page<Pedra>> => {
    const s = parseSort(req.query.sort);
    return listPage(db, pedraList, { page: req.query.page, size: req.query.size, sortField: campoDeOrdem(s.field), sortDir: s.dir });
  });
  r.get('/pedras/search', { schema: { tags: [tag], summary: 'Busca por número (Pedras)', querystring: searchTermQuery }, config: { acesso } }, async (req): Promise<Page<Pedra>> => {
    const s = parseSort(req.query.sort);
    return listPage(db, pedraList, {
      page: req.query.page,
      size: req.query.size,
      sortField: campoDeOrdem(s.field),
      sortDir: s.dir,
      filters: { numero: req.query.searchTerm },
    });
  });
  crudRoutes(app, { base: '/pedras', rota: 'pedra', tag, input: pedraInput, repo });
}
