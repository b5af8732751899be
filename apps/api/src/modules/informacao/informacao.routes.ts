import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  COLUNAS_COTACAO_PRODUTOS,
  COLUNAS_ESTATISTICAS,
  COLUNAS_PROHORT,
  INFORMACAO_MSG,
  cotacaoProdutoLinha,
  diaPublicoQuery,
  estatisticaLinha,
  estatisticasQuery,
  estatisticasRegistro,
  precosDoDiaQuery,
  prohortLinha,
  referenciaQuery,
  referenciaRegistro,
  resumoDoDiaRegistro,
  situacaoEntrada,
  situacaoRegistro,
  SITUACOES,
  RECALL_MSG,
} from '@ceasa/shared';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { NIVEL_DO_LOG_PUBLICO, ORCAMENTO_PADRAO, respostasEmCache } from '../../lib/respostas-em-cache';
import { CANAL_ESCRITAS } from '../../plugins/avisos-de-escrita';
import { quem } from '../../lib/audit';
import { CABECALHOS_DADOS_ABERTOS, corpoDadosAbertos, enviarDadosAbertos, NAO_MUDOU } from '../dados-abertos/dados-abertos.service';
import { informacaoRepository, linhasDasEstatisticas } from './informacao.repository';

/** Conab's file is CSV unless JSON is asked for. */
const prohortQuery = z.object({ data: diaPublicoQuery.shape.data, formato: z.enum(['json', 'csv'], { error: RECALL_MSG.formatoInvalido }).default('csv') });

type InformacaoRepository = ReturnType<typeof informacaoRepository>;
/** Sends a kept (or computed) open-data answer with its ETag. */
type Enviar = <R>(req: FastifyRequest, reply: R, formato: 'json' | 'csv' | undefined, arquivo: string, calcular: () => Promise<string>) => Promise<R>;

const tags = ['Dados abertos'];
const config = { acesso: 'publico' as const, openapi: { cabecalhos: CABECALHOS_DADOS_ABERTOS, csv: true } };

/**
 * The market's information service (decision 0190): the quotation per product and the day's summary,
 * Conab's Prohort daily file, the price reference for procurement and the month in figures. Public, no token;
 * the files are kept as their bytes until any back-office write (CANAL_ESCRITAS, noticed by every write), with an
 * ETag and 304 like the other open data.
 */
export default function informacaoRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = informacaoRepository(ctx.db);
  const guardadas = respostasEmCache(app.avisos, [CANAL_ESCRITAS], 500, ORCAMENTO_PADRAO, ['data', 'mes', 'formato']);
  const enviar: Enviar = (req, reply, formato, arquivo, calcular) =>
    guardadas.obter(req.url, calcular).then((corpo) => {
      enviarDadosAbertos(req, reply as unknown as FastifyReply, corpo, formato, arquivo);
      return reply;
    });
  rotasDoDia(app, ctx, repo, enviar);
  rotasDoMes(app, ctx, repo, enviar);
  rotasDaSituacao(app, repo);
}

/** The day's files: the quotation per product, the summary and Conab's Prohort file. */
function rotasDoDia(app: FastifyInstance, ctx: AppContext, repo: InformacaoRepository, enviar: Enviar) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/publico/cotacao/produtos',
    {
      schema: {
        tags,
        summary: 'Dados abertos: a cotação do dia por produto (mínimo, mais comum, máximo, por kg, procedência, situação e variação)',
        description:
          'Uma linha por produto com preço publicado no dia. valorMaisComum: o preço que mais se repete no dia; quando nenhum se repete sozinho, a mediana. ' +
          "situacao: a do funcionário da cotação; sem ela, 'firme' com variação de +5% ou mais, 'fraco' com −5% ou menos, 'estavel' entre eles (null sem dia anterior). " +
          'variacao: % do preço mais comum contra o do último dia anterior com preço publicado. Com formato=csv, um CSV (;) com essas colunas.',
        querystring: diaPublicoQuery,
        response: { 200: z.array(cotacaoProdutoLinha).meta({ description: 'A cotação do dia por produto (ou o CSV)' }), ...NAO_MUDOU },
      },
      config,
      logLevel: NIVEL_DO_LOG_PUBLICO,
    },
    async (req, reply) =>
      enviar(req, reply, req.query.formato, `cotacao-produtos-${req.query.data}`, async () =>
        corpoDadosAbertos(await repo.cotacaoProdutos(req.query.data), req.query.formato, COLUNAS_COTACAO_PRODUTOS),
      ),
  );

  r.get(
    '/publico/resumo',
    {
      schema: {
        tags,
        summary: "O resumo do dia: quantos produtos em alta, estáveis e em baixa ('12 em alta, 30 estáveis, 8 em baixa')",
        querystring: z.object({ data: diaPublicoQuery.shape.data }),
        response: { 200: resumoDoDiaRegistro, ...NAO_MUDOU },
      },
      config: { acesso: 'publico', openapi: { cabecalhos: CABECALHOS_DADOS_ABERTOS } },
      logLevel: NIVEL_DO_LOG_PUBLICO,
    },
    async (req, reply) => enviar(req, reply, 'json', `resumo-${req.query.data}`, async () => JSON.stringify(await repo.resumo(req.query.data))),
  );

  r.get(
    '/publico/prohort',
    {
      schema: {
        tags,
        summary: 'Dados abertos: o arquivo diário do Prohort (Conab), uma linha por produto e unidade com preço no dia',
        description:
          "Colunas do Prohort, separadas por ';'. Unidade: 'UN' quando a embalagem diz quantas unidades tem ('CX 12un': o preço ÷ 12) ou é a unidade ('UN'); senão 'KG' (o preço ÷ o peso da embalagem). " +
          'preco_diario: o preço mais comum do dia nessa unidade. CSV por padrão; formato=json dá as mesmas linhas em JSON.',
        querystring: prohortQuery,
        response: { 200: z.array(prohortLinha).meta({ description: 'As linhas do dia (ou o CSV)' }), ...NAO_MUDOU },
      },
      config: { ...config, openapi: { ...config.openapi, erros: [409] } },
      logLevel: NIVEL_DO_LOG_PUBLICO,
    },
    async (req, reply) =>
      enviar(req, reply, req.query.formato, `prohort-${req.query.data}`, async () =>
        corpoDadosAbertos(await repo.prohort(req.query.data, ctx.config.municipioIbge, ctx.config.settings.mercado), req.query.formato, COLUNAS_PROHORT),
      ),
  );
}

/** The public products, the price reference for procurement and the month in figures. */
function rotasDoMes(app: FastifyInstance, ctx: AppContext, repo: InformacaoRepository, enviar: Enviar) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/publico/produtos',
    {
      schema: {
        tags,
        summary: 'Os produtos públicos (ativos ou com preço publicado; id, nome, embalagem), em ordem alfabética pt-BR: a escolha da referência de preços',
        response: { 200: z.array(z.object({ id: z.number().int(), nome: z.string(), embalagem: z.string() })), ...NAO_MUDOU },
      },
      config: { acesso: 'publico', openapi: { cabecalhos: CABECALHOS_DADOS_ABERTOS } },
      logLevel: NIVEL_DO_LOG_PUBLICO,
    },
    async (req, reply) => enviar(req, reply, 'json', 'produtos', async () => JSON.stringify(await repo.produtosPublicos())),
  );

  r.get(
    '/publico/referencia',
    {
      schema: {
        tags,
        summary:
          'Referência de preços para compras públicas: número de preços, média, mediana, mínimo, máximo e coeficiente de variação de um produto num período',
        description:
          'consultadoEm: o momento da consulta (ISO 8601 com fuso). O permalink repete a consulta com esse momento e dá os mesmos números: contam só os preços registrados e publicados até ele.',
        querystring: referenciaQuery,
        response: { 200: referenciaRegistro },
      },
      config: { acesso: 'publico', openapi: { erros: [404] }, cara: true },
    },
    async (req, reply) => {
      const agora = new Date();
      const momento = req.query.consultadoEm ? new Date(req.query.consultadoEm) : agora;
      if (momento.getTime() > agora.getTime())
        throw new HttpError(400, INFORMACAO_MSG.consultadoEmFuturo, [{ field: 'consultadoEm', message: INFORMACAO_MSG.consultadoEmFuturo }]);
      const base = ctx.config.publicUrl?.replace(/\/$/, '') ?? '';
      const { produtoId, inicio, fim } = req.query;
      const permalink = (c: string) => `${base}/referencia?${new URLSearchParams({ produtoId: String(produtoId), inicio, fim, consultadoEm: c })}`;
      // A permalink's answer is fixed (what was published up to its moment); a fresh query's is now.
      reply.header('cache-control', req.query.consultadoEm ? 'public, max-age=300' : 'no-store');
      return repo.referencia({ produtoId, inicio, fim }, momento, permalink);
    },
  );

  r.get(
    '/publico/estatisticas',
    {
      schema: {
        tags,
        summary:
          'O mês em números: kg por grupo, valor movimentado, os dez produtos com mais kg, origem por estado e município, o mesmo mês do ano anterior e o índice de preços',
        description:
          'Valor movimentado: o kg de cada entrada × o preço mais comum por kg do seu produto no dia (entradas sem preço no dia ficam em quantidadeKgSemPreco). ' +
          'Com formato=csv, uma linha por número (mes;secao;item;uf;quantidadeKg;valor).',
        querystring: estatisticasQuery,
        response: { 200: z.union([estatisticasRegistro, z.array(estatisticaLinha)]).meta({ description: 'Os números do mês (ou o CSV)' }), ...NAO_MUDOU },
      },
      config: { ...config, cara: true },
      logLevel: NIVEL_DO_LOG_PUBLICO,
    },
    async (req, reply) =>
      enviar(req, reply, req.query.formato, `estatisticas-${req.query.mes}`, async () => {
        const e = await repo.estatisticas(req.query.mes);
        return req.query.formato === 'csv' ? corpoDadosAbertos(linhasDasEstatisticas(e), 'csv', COLUNAS_ESTATISTICAS) : JSON.stringify(e);
      }),
  );
}

/** The clerk's situation of the day's products, on the day's grid (/precosdia): who types prices sets it. */
function rotasDaSituacao(app: FastifyInstance, repo: InformacaoRepository) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/precos/situacao',
    {
      schema: {
        tags: ['Preços'],
        summary: "A situação do mercado de cada produto no dia definida pelo funcionário ('firme', 'estavel', 'fraco')",
        querystring: precosDoDiaQuery,
        response: { 200: z.array(z.object({ produtoId: z.number().int(), situacao: z.enum(SITUACOES) })) },
      },
      config: { acesso: { rota: 'precosDia', acao: 'visualizar' } },
    },
    (req) => repo.situacoes(req.query.data),
  );
  r.put(
    '/precos/situacao',
    {
      schema: {
        tags: ['Preços'],
        summary: 'Define (ou, com null, volta a derivar da variação) a situação do mercado de um produto no dia',
        body: situacaoEntrada,
        response: { 200: situacaoRegistro },
      },
      config: { acesso: { rota: 'precos', acao: 'criar' }, openapi: { erros: [404] } },
    },
    (req) => repo.definirSituacao(quem(req), req.body.produtoId, req.body.data, req.body.situacao),
  );
}
