import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z, type ZodType } from 'zod';
import { idDoCorpo, idParam, pageQuery, pageSchema, parseSort, searchTermQuery, sortPath, type Page, type Recurso } from '@ceasa/shared';
import type { Db } from '../db/client';
import { quem } from './audit';
import { listPage, type ListParams, type ListSpec } from './list';

/** What the CRUD routes call; `remover` only where the resource is deleted through them. */
export interface Repo<Dto, Input> {
  ler(id: number): Promise<Dto>;
  inserir?(usuario: string, input: Input): Promise<Dto>;
  alterar?(usuario: string, id: number, input: Input): Promise<Dto>;
  /** Missing: the resource has no delete (declare `remover: false`, no DELETE route). */
  remover?(usuario: string, id: number): Promise<unknown>;
}

/** What `recursoRoutes` reads of a declaration: its permission's route name, its API, its default order and its menu label (the tag, unless `api.tag`). */
export type RecursoDaApi = Pick<Recurso, 'rota' | 'api' | 'ordem'> & { menu?: Pick<Recurso['menu'], 'rotulo'> };

/** Where a resource's routes go: the path, the permission's route name and the OpenAPI tag. */
interface Lugar {
  base: string;
  rota: string;
  tag: string;
}

/**
 * The list routes every resource shares (docs/produto/api.md paging):
 * GET /{base}?page&size&sort, POST /{base}/{busca}/{dir}/{field}?page&size with a filter body,
 * and, with `buscaPorTermo`, GET /{base}/search?searchTerm&page&size&sort. Each answers a page of
 * `linha` (the response schema: the OpenAPI document shows it and the serializer refuses a row without it).
 */
function rotasDaLista<Row>(
  app: FastifyInstance,
  { base, rota, tag }: Lugar,
  o: { linha: ZodType; busca?: string; filtro?: ZodType; buscaPorTermo?: string; page: (p: ListParams) => Promise<Page<Row>> },
) {
  const { page } = o;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { acesso: { rota, acao: 'visualizar' as const } };
  const response = { 200: pageSchema(o.linha) };
  r.get(
    `${base}`,
    { schema: { tags: [tag], summary: `Lista paginada (${tag})`, querystring: pageQuery, response }, config },
    async (req): Promise<Page<Row>> => {
      const s = parseSort(req.query.sort);
      return page({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir });
    },
  );
  if (o.busca) {
    r.post(
      `${base}/${o.busca}/:dir/:field`,
      {
        schema: {
          tags: [tag],
          summary: `Pesquisa com filtros (${tag})`,
          params: sortPath,
          querystring: pageQuery,
          body: (o.filtro ?? z.record(z.string(), z.unknown())).nullish(),
          response,
        },
        config,
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
  if (o.buscaPorTermo) {
    const campo = o.buscaPorTermo;
    r.get(
      `${base}/search`,
      { schema: { tags: [tag], summary: `Busca por termo (${tag})`, querystring: searchTermQuery, response }, config },
      async (req): Promise<Page<Row>> => {
        const s = parseSort(req.query.sort);
        return page({ page: req.query.page, size: req.query.size, sortField: s.field, sortDir: s.dir, filters: { [campo]: req.query.searchTerm } });
      },
    );
  }
}

/**
 * GET /{base}/{id}; with an `entrada`: POST /{base}, PUT /{base} (id in the body) and PUT /{base}/{id},
 * and DELETE /{base}/{id} unless `semRemover`. GET, POST and PUT answer `registro`.
 */
function rotasDoRegistro<Dto, S extends ZodType>(
  app: FastifyInstance,
  { base, rota, tag }: Lugar,
  o: { registro: ZodType; entrada?: S; repo: Repo<Dto, z.output<S>>; semRemover: boolean },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = [tag];
  const { repo } = o;
  r.get(
    `${base}/:id`,
    { schema: { tags, summary: 'Um registro', params: idParam, response: { 200: o.registro } }, config: { acesso: { rota, acao: 'visualizar' } } },
    async (req) => repo.ler(req.params.id),
  );
  if (!o.entrada) return;
  const { inserir, alterar, remover } = repo;
  if (!inserir || !alterar) throw new Error(`${base}: um recurso editável precisa de inserir e alterar no repositório`);
  r.post(
    `${base}`,
    { schema: { tags, summary: 'Cadastra', body: o.entrada, response: { 201: o.registro } }, config: { acesso: { rota, acao: 'criar' } } },
    async (req, reply) => {
      reply.code(201);
      return inserir(quem(req), req.body as z.output<S>);
    },
  );
  const putSchema = o.entrada as unknown as z.ZodObject;
  r.put(
    `${base}`,
    {
      schema: {
        tags,
        summary: 'Atualiza (id no corpo)',
        body: putSchema.safeExtend({ id: idDoCorpo('O código é obrigatório') }),
        response: { 200: o.registro },
      },
      config: { acesso: { rota, acao: 'editar' } },
    },
    async (req) => alterar(quem(req), (req.body as { id: number }).id, req.body as z.output<S>),
  );
  r.put(
    `${base}/:id`,
    {
      schema: { tags, summary: 'Atualiza', params: idParam, body: o.entrada, response: { 200: o.registro } },
      config: { acesso: { rota, acao: 'editar' } },
    },
    async (req) => alterar(quem(req), req.params.id, req.body as z.output<S>),
  );
  if (o.semRemover) return;
  if (!remover) throw new Error(`${base}: DELETE declarado sem remover no repositório`);
  r.delete(
    `${base}/:id`,
    { schema: { tags, summary: 'Remove (204, sem corpo)', params: idParam }, config: { acesso: { rota, acao: 'deletar' } } },
    async (req, reply) => {
      await remover(quem(req), req.params.id);
      return reply.code(204).send();
    },
  );
}

/**
 * The routes of a declared resource (packages/shared `Recurso`), the one way a module registers them:
 * its list routes (GET {base}, the search call, the term search) and, given a `repo`, its CRUD routes
 * (GET {base}/{id}; POST, PUT and DELETE when it has an input schema), with the declaration's
 * permission, schemas, tag and default order. `lista` is how its rows are read (SQL); `repo` what
 * reads and writes one record (none: a list only); `page` another page reader; `filtro` the API's own
 * reading of the search body (e.g. a normalising transform); `semRemover` when the module registers
 * its own DELETE (e.g. a person's, which removes the photo too).
 */
export function recursoRoutes<Row, Dto, S extends ZodType>(
  app: FastifyInstance,
  db: Db,
  recurso: RecursoDaApi,
  o: { lista: ListSpec<Row>; repo?: Repo<Dto, z.output<S>>; page?: (p: ListParams) => Promise<Page<Row>>; filtro?: ZodType; semRemover?: boolean },
) {
  const api = recurso.api;
  if (!api) throw new Error(`${recurso.rota}: o recurso não declara API`);
  const tag = api.tag ?? recurso.menu?.rotulo;
  if (!tag) throw new Error(`${recurso.rota}: o recurso não declara tag nem menu`);
  const lugar = { base: `/${api.base}`, rota: recurso.rota, tag };
  const spec = recurso.ordem ? { ...o.lista, defaultSort: { field: recurso.ordem.campo, dir: recurso.ordem.dir } } : o.lista;
  rotasDaLista(app, lugar, {
    linha: api.linha ?? api.registro,
    busca: api.busca,
    filtro: o.filtro ?? api.filtro,
    buscaPorTermo: api.buscaPorTermo,
    page: o.page ?? ((p: ListParams) => listPage(db, spec, p)),
  });
  if (o.repo)
    rotasDoRegistro(app, lugar, {
      registro: api.registro,
      entrada: api.entrada as S | undefined,
      repo: o.repo,
      semRemover: api.remover === false || !!o.semRemover,
    });
}
