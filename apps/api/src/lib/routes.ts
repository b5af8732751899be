import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { idParam, pageQuery, parseSort, searchTermQuery, sortPath, type Page } from '@ceasa/shared';
import type { Db } from '../db/client';
import { quem } from '../plugins/auth';
import { listPage, type ListParams, type ListSpec } from './list';

/**
 * The list routes every resource shares (CONTRACT.md paging):
 * GET /{base}?page&size&sort, POST /{base}/{search}/{dir}/{field}?page&size with a filter body,
 * and, with `searchTerm`, GET /{base}/search?searchTerm&page&size&sort.
 */
export function listRoutes<Row>(
  app: FastifyInstance,
  db: Db,
  o: {
    base: string;
    rota: string;
    tag: string;
    spec: ListSpec<Row>;
    search?: string;
    filtro?: ZodType;
    searchTerm?: string;
    /** How a page is read, when not by listPage over `spec` (e.g. the price list's own strategy). */
    page?: (p: ListParams) => Promise<Page<Row>>;
  },
) {
  const pagina = o.page ?? ((p: ListParams) => listPage(db, o.spec, p));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const acesso = { rota: o.rota, acao: 'visualizar' as const };
  r.get(`${o.base}`, { schema: { tags: [o.tag], summary: `Lista paginada (${o.tag})`, querystring: pageQuery }, config: { acesso } }, async (req): Promise<Page<Row>> => {
    const s = parseSort(req.query.sort);
    return pagina({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir });
  });
  if (o.search) {
    r.post(
      `${o.base}/${o.search}/:dir/:field`,
      {
        schema: { tags: [o.tag], summary: `Pesquisa com filtros (${o.tag})`, params: sortPath, querystring: pageQuery, body: (o.filtro ?? z.record(z.string(), z.unknown())).nullish() },
        config: { acesso },
      },
      async (req): Promise<Page<Row>> =>
        pagina({
          page: req.query.page,
          size: req.query.size,
          sortField: req.params.field,
          sortDir: req.params.dir,
          filters: (req.body ?? {}) as Record<string, unknown>,
        }),
    );
  }
  if (o.searchTerm) {
    const campo = o.searchTerm;
    r.get(`${o.base}/search`, { schema: { tags: [o.tag], summary: `Busca por termo (${o.tag})`, querystring: searchTermQuery }, config: { acesso } }, async (req): Promise<Page<Row>> => {
      const s = parseSort(req.query.sort);
      return pagina({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir, filters: { [campo]: req.query.searchTerm } });
    });
  }
}

interface Repo<Dto, Input> {
  get(id: number): Promise<Dto>;
  create(usuario: string, input: Input): Promise<Dto>;
  update(usuario: string, id: number, input: Input): Promise<Dto>;
  /** Missing: the resource has no delete (no DELETE route is declared). */
  remove?(usuario: string, id: number): Promise<unknown>;
}

/** GET /{base}/{id}, POST /{base}, PUT /{base} (id in the body) and PUT /{base}/{id}, DELETE /{base}/{id}. */
export function crudRoutes<Dto, S extends ZodType>(
  app: FastifyInstance,
  o: { base: string; rota: string; tag: string; input: S; repo: Repo<Dto, z.output<S>>; semDelete?: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [o.tag];
  r.get(`${o.base}/:id`, { schema: { tags, summary: 'Um registro', params: idParam }, config: { acesso: { rota: o.rota, acao: 'visualizar' } } }, async (req) =>
    o.repo.get(req.params.id),
  );
  r.post(`${o.base}`, { schema: { tags, summary: 'Cadastra', body: o.input }, config: { acesso: { rota: o.rota, acao: 'criar' } } }, async (req, reply) => {
    reply.code(201);
    return o.repo.create(quem(req), req.body as z.output<S>);
  });
  const putSchema = o.input as unknown as z.ZodObject;
  r.put(
    `${o.base}`,
    { schema: { tags, summary: 'Atualiza (id no corpo)', body: putSchema.safeExtend({ id: z.number({ error: 'O código é obrigatório' }).int().positive() }) }, config: { acesso: { rota: o.rota, acao: 'editar' } } },
    async (req) => o.repo.update(quem(req), (req.body as { id: number }).id, req.body as z.output<S>),
  );
  r.put(`${o.base}/:id`, { schema: { tags, summary: 'Atualiza', params: idParam, body: o.input }, config: { acesso: { rota: o.rota, acao: 'editar' } } }, async (req) =>
    o.repo.update(quem(req), req.params.id, req.body as z.output<S>),
  );
  const remove = o.repo.remove?.bind(o.repo);
  if (!o.semDelete && remove) {
    r.delete(`${o.base}/:id`, { schema: { tags, summary: 'Remove', params: idParam }, config: { acesso: { rota: o.rota, acao: 'deletar' } } }, async (req, reply) => {
      await remove(quem(req), req.params.id);
      return reply.code(204).send();
    });
  }
}
