import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { idDoCorpo, idParam, pageQuery, pageSchema, parseSort, searchTermQuery, sortPath, type Page, type Recurso } from '@ceasa/shared';
import type { Db } from '../db/client';
import { quem } from './audit';
import { listPage, type ListParams, type ListSpec } from './list';

/**
 * The list routes every resource shares (docs/produto/api.md paging):
 * GET /{base}?page&size&sort, POST /{base}/{search}/{dir}/{field}?page&size with a filter body,
 * and, with `searchTerm`, GET /{base}/search?searchTerm&page&size&sort. Each answers a page of
 * `linha` (the response schema: the OpenAPI document shows it and the serializer refuses a row without it).
 */
export function listRoutes<Row>(
  app: FastifyInstance,
  db: Db,
  o: {
    base: string;
    rota: string;
    tag: string;
    spec: ListSpec<Row>;
    linha: ZodType;
    search?: string;
    filtro?: ZodType;
    searchTerm?: string;
    /** How a page is read, when not by listPage over `spec` (e.g. the price list's own strategy). */
    page?: (p: ListParams) => Promise<Page<Row>>;
  },
) {
  const page = o.page ?? ((p: ListParams) => listPage(db, o.spec, p));
  const r = app.withTypeProvider<ZodTypeProvider>();
  const acesso = { rota: o.rota, acao: 'visualizar' as const };
  const response = { 200: pageSchema(o.linha) };
  r.get(
    `${o.base}`,
    { schema: { tags: [o.tag], summary: `Lista paginada (${o.tag})`, querystring: pageQuery, response }, config: { acesso } },
    async (req): Promise<Page<Row>> => {
      const s = parseSort(req.query.sort);
      return page({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir });
    },
  );
  if (o.search) {
    r.post(
      `${o.base}/${o.search}/:dir/:field`,
      {
        schema: {
          tags: [o.tag],
          summary: `Pesquisa com filtros (${o.tag})`,
          params: sortPath,
          querystring: pageQuery,
          body: (o.filtro ?? z.record(z.string(), z.unknown())).nullish(),
          response,
        },
        config: { acesso },
      },
      async (req): Promise<Page<Row>> =>
        page({
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
    r.get(
      `${o.base}/search`,
      { schema: { tags: [o.tag], summary: `Busca por termo (${o.tag})`, querystring: searchTermQuery, response }, config: { acesso } },
      async (req): Promise<Page<Row>> => {
        const s = parseSort(req.query.sort);
        return page({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir, filters: { [campo]: req.query.searchTerm } });
      },
    );
  }
}

/** What the CRUD routes call; `remover` only where the resource is deleted through them. */
export interface Repo<Dto, Input> {
  ler(id: number): Promise<Dto>;
  inserir?(usuario: string, input: Input): Promise<Dto>;
  alterar?(usuario: string, id: number, input: Input): Promise<Dto>;
  /** Missing: the resource has no delete (declare `remover: false`, no DELETE route). */
  remover?(usuario: string, id: number): Promise<unknown>;
}

/**
 * GET /{base}/{id}; with an `input`: POST /{base}, PUT /{base} (id in the body) and PUT /{base}/{id},
 * and DELETE /{base}/{id} unless `semRemover`. GET, POST and PUT answer `registro`.
 */
export function crudRoutes<Dto, S extends ZodType>(
  app: FastifyInstance,
  o: { base: string; rota: string; tag: string; registro: ZodType; input?: S; repo: Repo<Dto, z.output<S>>; semRemover?: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [o.tag];
  const { repo } = o;
  r.get(
    `${o.base}/:id`,
    { schema: { tags, summary: 'Um registro', params: idParam, response: { 200: o.registro } }, config: { acesso: { rota: o.rota, acao: 'visualizar' } } },
    async (req) => repo.ler(req.params.id),
  );
  if (!o.input) return;
  const { inserir, alterar, remover } = repo;
  if (!inserir || !alterar) throw new Error(`${o.base}: um recurso editável precisa de inserir e alterar no repositório`);
  r.post(
    `${o.base}`,
    { schema: { tags, summary: 'Cadastra', body: o.input, response: { 201: o.registro } }, config: { acesso: { rota: o.rota, acao: 'criar' } } },
    async (req, reply) => {
      reply.code(201);
      return inserir(quem(req), req.body as z.output<S>);
    },
  );
  const putSchema = o.input as unknown as z.ZodObject;
  r.put(
    `${o.base}`,
    {
      schema: {
        tags,
        summary: 'Atualiza (id no corpo)',
        body: putSchema.safeExtend({ id: idDoCorpo('O código é obrigatório') }),
        response: { 200: o.registro },
      },
      config: { acesso: { rota: o.rota, acao: 'editar' } },
    },
    async (req) => alterar(quem(req), (req.body as { id: number }).id, req.body as z.output<S>),
  );
  r.put(
    `${o.base}/:id`,
    {
      schema: { tags, summary: 'Atualiza', params: idParam, body: o.input, response: { 200: o.registro } },
      config: { acesso: { rota: o.rota, acao: 'editar' } },
    },
    async (req) => alterar(quem(req), req.params.id, req.body as z.output<S>),
  );
  if (!o.semRemover) {
    if (!remover) throw new Error(`${o.base}: DELETE declarado sem remover no repositório`);
    r.delete(
      `${o.base}/:id`,
      { schema: { tags, summary: 'Remove (204, sem corpo)', params: idParam }, config: { acesso: { rota: o.rota, acao: 'deletar' } } },
      async (req, reply) => {
        await remover(quem(req), req.params.id);
        return reply.code(204).send();
      },
    );
  }
}

/**
 * A declared resource's routes (packages/shared `Recurso`): its list routes (GET {base}, the search
 * call, the term search) and its CRUD routes (GET {base}/{id}; POST, PUT and DELETE when it has an
 * input schema), with the declaration's permission, schemas, tag and default order.
 * `lista` is how its rows are read (SQL); `repo` what reads and writes one record; `page` another
 * page reader; `filtro` the API's own reading of the search body (e.g. a normalising transform);
 * `semRemover` when the module registers its own DELETE (e.g. a person's, which removes the photo too).
 */
export function recursoRoutes<Row, Dto, S extends ZodType>(
  app: FastifyInstance,
  db: Db,
  recurso: Recurso,
  o: { lista: ListSpec<Row>; repo?: Repo<Dto, z.output<S>>; page?: (p: ListParams) => Promise<Page<Row>>; filtro?: ZodType; semRemover?: boolean },
) {
  const api = recurso.api;
  if (!api) throw new Error(`${recurso.rota}: o recurso não declara API`);
  const base = `/${api.base}`;
  const tag = api.tag ?? recurso.menu.rotulo;
  const spec = recurso.ordem ? { ...o.lista, defaultSort: { field: recurso.ordem.campo, dir: recurso.ordem.dir } } : o.lista;
  listRoutes(app, db, {
    base,
    rota: recurso.rota,
    tag,
    spec,
    linha: api.linha ?? api.registro,
    search: api.busca,
    filtro: o.filtro ?? api.filtro,
    searchTerm: api.buscaPorTermo,
    page: o.page,
  });
  if (o.repo)
    crudRoutes(app, {
      base,
      rota: recurso.rota,
      tag,
      registro: api.registro,
      input: api.entrada as S | undefined,
      repo: o.repo,
      semRemover: api.remover === false || o.semRemover,
    });
}
