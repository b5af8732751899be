import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idSchema,
  PRECO_HISTORICO_DIAS,
  pageQuery,
  pageSchema,
  precoFiltro,
  precosRecurso,
  precoResumoFiltro,
  precoResumoRegistro,
  precosDiaRecurso,
  precosDoDiaQuery,
  precosDoDiaRegistro,
  publicacaoEntrada,
  publicacaoRegistro,
  sortPath,
} from '@ceasa/shared';
import { quem } from '../../lib/audit';
import { enviarJson, NIVEL_DO_LOG_PUBLICO, respostasEmCache } from '../../lib/respostas-em-cache';
import { recursoRoutes } from '../../lib/routes';
import { CANAL_PRECOS } from '../../plugins/avisos-de-escrita';
import { enviarCotacaoDoDia } from '../assinaturas/assinaturas.service';
import { normalizarFiltroDePreco, precoList, precosRepository } from './precos.repository';

const historicoParams = z.object({ produtoGrupoId: idSchema });
const historicoQuery = z.object({
  dias: z.coerce
    .number({ error: 'Número de dias inválido' })
    .int('Número de dias inválido')
    .min(1, 'Número de dias inválido')
    .max(3660, 'O histórico cobre no máximo 3660 dias')
    .default(PRECO_HISTORICO_DIAS),
});

/** A search body that says nothing (null, or an object without keys). */
const corpoVazio = (corpo: unknown) => corpo === null || corpo === undefined || (typeof corpo === 'object' && Object.keys(corpo).length === 0);

type PrecosRepository = ReturnType<typeof precosRepository>;

export default function precosRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const repo = precosRepository(db, ctx.config.cotacaoPublicacao);
  recursoRoutes(app, db, precosRecurso, { lista: precoList, repo, filtro: precoFiltro.transform(normalizarFiltroDePreco), page: (p) => repo.listar(p) });
  rotasDaCotacaoPublica(app, repo);
  rotasDoDia(app, ctx, repo);
}

/** The public quotation of /home and a group's chart. */
function rotasDaCotacaoPublica(app: FastifyInstance, repo: PrecosRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = precosRecurso.menu.rotulo;
  // The quotation summary of the home page (note: field before dir in this path). Its pages without
  // a filter (what /home opens with) are kept as their JSON text until a price, product or group is written
  // (docs/decisions/0100-cache-das-respostas-publicas.md); a filtered search asks the database.
  const semFiltro = respostasEmCache(app.avisos, [CANAL_PRECOS], 200);
  // Once kept, a page asked with the body `{}` is sent by the HTTP server itself (plugins/atalho-publico.ts).
  app.atalhoPublico.post(`${app.prefix}/precos/searchPrecosHome/`, semFiltro.pronta, `${app.prefix}/precos/searchPrecosHome/:field/:dir`);
  r.post(
    '/precos/searchPrecosHome/:field/:dir',
    {
      schema: {
        tags: [tag],
        summary: 'Cotação pública: mínimo, médio e máximo por grupo de produto e data',
        params: sortPath,
        querystring: pageQuery,
        body: precoResumoFiltro.nullish(),
        response: { 200: pageSchema(precoResumoRegistro) },
      },
      config: { acesso: 'publico' },
      // No request/response log lines for the internet's busiest call (errors are still logged).
      logLevel: NIVEL_DO_LOG_PUBLICO,
      // A kept page goes out as soon as its body is read (an empty body: /home's first call), keyed by its
      // path and query as sent; anything else is validated and goes to the handler.
      // A callback hook (no promise a call): a kept page is sent and the chain stops there, without `done`.
      preValidation: (req, reply, done) => {
        const pronta = corpoVazio(req.body) ? semFiltro.pronta(req.url) : undefined;
        if (pronta !== undefined) enviarJson(reply, pronta);
        else done();
      },
    },
    async (req, reply) => {
      const p = { page: req.query.page, size: req.query.size, sortField: req.params.field, sortDir: req.params.dir, filters: req.body ?? {} };
      if (repo.filtraResumo(p.filters)) return repo.resumo(p);
      // The text the route's response schema writes, computed once per change.
      const texto = await semFiltro.obter(req.url, async () => reply.serialize(await repo.resumo(p)) as string);
      return enviarJson(reply, texto);
    },
  );
  r.get(
    '/precos/historico/:produtoGrupoId',
    {
      schema: { tags: [tag], summary: 'Histórico de preços de um grupo (gráfico da cotação pública)', params: historicoParams, querystring: historicoQuery },
      config: { acesso: 'publico' },
    },
    (req) => repo.historico(req.params.produtoGrupoId, req.query.dias),
  );
}

/** The day's grid and 'Publicar cotação', which mails the day's quotation to the subscribers. */
function rotasDoDia(app: FastifyInstance, ctx: AppContext, repo: PrecosRepository) {
  const { db } = ctx;
  const publicacao = ctx.config.cotacaoPublicacao;
  // The day's mailing to the subscribers (decision 0196) runs after the answer; closing the server waits for it.
  const envios = new Set<Promise<unknown>>();
  app.addHook('onClose', async () => void (await Promise.allSettled(envios)));
  const enviarAosAssinantes = (data: string) => {
    const p = enviarCotacaoDoDia({ db, mailer: ctx.mailer, config: ctx.config, log: app.log }, data, 'publicacao')
      .catch((err: unknown) => app.log.error({ err, data }, 'falha no envio da cotação do dia aos assinantes'))
      .finally(() => envios.delete(p));
    envios.add(p);
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = precosRecurso.menu.rotulo;
  // The day's grid and 'Publicar cotação' (route name 'precosDia', docs/decisions/0135-publicacao-da-cotacao.md).
  const rotaDia = precosDiaRecurso.rota;
  r.get(
    '/precos/dia',
    {
      schema: {
        tags: [tag],
        summary: 'Preços do dia: cada produto ativo, seu último preço e os preços do dia com a situação (rascunho ou publicado)',
        querystring: precosDoDiaQuery,
        response: { 200: precosDoDiaRegistro },
      },
      config: { acesso: { rota: rotaDia, acao: 'visualizar' } },
    },
    async (req) => ({ data: req.query.data, manual: publicacao === 'manual', produtos: await repo.doDia(req.query.data) }),
  );
  r.post(
    '/precos/publicar',
    {
      schema: {
        tags: [tag],
        summary: 'Publicar cotação: os preços do dia em rascunho passam a ser públicos (COTACAO_PUBLICACAO=manual)',
        body: publicacaoEntrada,
        response: { 200: publicacaoRegistro },
      },
      config: { acesso: { rota: rotaDia, acao: 'criar' } },
    },
    // Publishing (manual mode) or, in the automatic mode where prices are public when saved, only sending: the day's
    // quotation goes to the subscribers once (the first call, or COTACAO_ENVIO_HORA, whichever comes first).
    async (req) => {
      const r = await repo.publicar(quem(req), req.body.data);
      enviarAosAssinantes(req.body.data);
      return r;
    },
  );
}
