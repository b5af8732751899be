import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { z } from 'zod';
import {
  COLUNAS_COTACAO_ABERTA,
  COLUNAS_MOVIMENTO_ABERTO,
  cotacaoAbertaLinha,
  cotacaoAbertaQuery,
  movimentoAbertoLinha,
  movimentoAbertoQuery,
  toCsv,
} from '@ceasa/shared';
import { dadosAbertosRepository } from './dados-abertos.repository';

/** Caches may keep an answer but must ask again each time (a 304 costs nothing): a new price is seen at once. */
export const CACHE_DADOS_ABERTOS = 'public, no-cache';

/** The ETag of an answer's bytes: the same content, the same tag; any change, another. */
export const etagDe = (corpo: string) => `"${createHash('sha256').update(corpo).digest('base64url').slice(0, 27)}"`;

/** Whether If-None-Match names this tag ('*', a list, weak tags compared weakly). */
function confere(cabecalho: string | undefined, etag: string) {
  if (!cabecalho) return false;
  return cabecalho.split(',').some((t) => {
    const v = t.trim();
    return v === '*' || v.replace(/^W\//, '') === etag;
  });
}

/** The bytes of an open-data answer: JSON, or CSV of `colunas` with `formato=csv`. */
export function corpoDadosAbertos<T extends Record<string, unknown>>(linhas: T[], formato: 'json' | 'csv' | undefined, colunas: readonly (keyof T & string)[]) {
  return formato === 'csv'
    ? toCsv(
        [...colunas],
        linhas.map((l) => colunas.map((c) => l[c] as string | number | null)),
        'dados',
      )
    : JSON.stringify(linhas);
}

/** Sends an open-data answer's bytes with an ETag of them and Cache-Control, or 304 without a body when the client already holds them. */
export function enviarDadosAbertos(req: FastifyRequest, reply: FastifyReply, corpo: string, formato: 'json' | 'csv' | undefined, arquivo: string) {
  const etag = etagDe(corpo);
  reply.header('etag', etag).header('cache-control', CACHE_DADOS_ABERTOS).header('vary', 'accept-encoding');
  if (confere(req.headers['if-none-match'], etag))
    return reply
      .code(304)
      .serializer(() => '')
      .send('');
  if (formato === 'csv') reply.type('text/csv; charset=utf-8').header('content-disposition', `inline; filename="${arquivo}.csv"`);
  else reply.type('application/json; charset=utf-8');
  return reply.serializer((s: string) => s).send(corpo);
}

/**
 * An open-data answer: JSON, or CSV of `colunas` with `formato=csv`; with an ETag of its bytes,
 * Cache-Control, and 304 without a body when the client already holds it.
 */
function responder<T extends Record<string, unknown>>(
  req: FastifyRequest,
  reply: FastifyReply,
  linhas: T[],
  formato: 'json' | 'csv' | undefined,
  colunas: readonly (keyof T & string)[],
  arquivo: string,
) {
  return enviarDadosAbertos(req, reply, corpoDadosAbertos(linhas, formato, colunas), formato, arquivo);
}

export const CABECALHOS_DADOS_ABERTOS = {
  ETag: 'Marca do conteúdo: o mesmo conteúdo, a mesma marca (envie-a em If-None-Match)',
  'Cache-Control': `${CACHE_DADOS_ABERTOS}: guarde, mas confirme a cada uso`,
};
export const NAO_MUDOU = { 304: z.null().meta({ description: 'Não mudou desde a marca enviada em If-None-Match (sem corpo)' }) };

/**
 * Open data (decision 0109, docs/dados-abertos.md): public, no token. GET publico/cotacao (a day's
 * quotation per product group) and GET publico/movimento (a month's arrivals by product and origin),
 * each as JSON or CSV (formato=csv), with an ETag and Cache-Control.
 */
export default function dadosAbertosRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = dadosAbertosRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Dados abertos'];
  r.get(
    '/publico/cotacao',
    {
      schema: {
        tags,
        summary: 'Dados abertos: a cotação do dia por grupo de produto (mínimo, médio e máximo)',
        description: 'Os mesmos campos da cotação pública. Com formato=csv, um arquivo CSV (text/csv, UTF-8, separador ;) com essas colunas.',
        querystring: cotacaoAbertaQuery,
        response: { 200: z.array(cotacaoAbertaLinha).meta({ description: 'A cotação do dia (ou o CSV, com formato=csv)' }), ...NAO_MUDOU },
      },
      config: { acesso: 'publico', openapi: { cabecalhos: CABECALHOS_DADOS_ABERTOS, csv: true } },
    },
    async (req, reply) => responder(req, reply, await repo.cotacao(req.query.data), req.query.formato, COLUNAS_COTACAO_ABERTA, `cotacao-${req.query.data}`),
  );
  r.get(
    '/publico/movimento',
    {
      schema: {
        tags,
        summary: 'Dados abertos: as entradas do mês por produto e município de origem, com os preços do mês do grupo',
        description: 'O arquivo mensal do Prohort (Conab). Com formato=csv, um arquivo CSV (text/csv, UTF-8, separador ;) com essas colunas.',
        querystring: movimentoAbertoQuery,
        response: { 200: z.array(movimentoAbertoLinha).meta({ description: 'As entradas do mês (ou o CSV, com formato=csv)' }), ...NAO_MUDOU },
      },
      config: { acesso: 'publico', openapi: { cabecalhos: CABECALHOS_DADOS_ABERTOS, csv: true }, cara: true },
    },
    async (req, reply) => responder(req, reply, await repo.movimento(req.query.mes), req.query.formato, COLUNAS_MOVIMENTO_ABERTO, `movimento-${req.query.mes}`),
  );
}
