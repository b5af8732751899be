import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { caminhoDoCampo, MSG_CONTROLE } from '@ceasa/shared';
import { HttpError, mensagemDaRestricao, STATUS_TEXT, pgErro } from '../lib/errors';

/** Plain pt-BR words for refusals whose library message is English (the message is never passed on). */
const RECUSA: Record<number, string> = {
  400: 'Requisição inválida.',
  401: 'É necessário entrar no sistema para acessar este recurso.',
  403: 'Você não tem permissão para esta operação.',
  404: 'Recurso não encontrado',
  405: 'Método não permitido.',
  406: 'Formato de requisição não aceito.',
  408: 'O envio demorou demais. Tente novamente.',
  413: 'O arquivo ou o conteúdo enviado é maior que o permitido.',
  414: 'O endereço é longo demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas tentativas. Aguarde e tente novamente.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
};

function send(
  reply: import('fastify').FastifyReply,
  status: number,
  message: string,
  fieldErrors?: { field: string; message: string }[],
  extra?: Record<string, unknown>,
) {
  return reply.code(status).send({ ...extra, status, error: STATUS_TEXT[status] ?? 'Error', message, ...(fieldErrors?.length ? { fieldErrors } : {}) });
}

/** Every error leaves as `{ status, error, message, fieldErrors? }` with a pt-BR message (and an HttpError's machine fields). */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(err)) {
      // A child row's field by its index: '/itens/2/quantidade' → 'itens[2].quantidade'.
      const fieldErrors = err.validation.map((v) => ({
        field: caminhoDoCampo((v.instancePath ?? '').split('/').filter(Boolean)),
        message: v.message ?? 'Valor inválido',
      }));
      return send(reply, 400, fieldErrors[0]?.message ?? 'Dados inválidos', fieldErrors);
    }
    if (err instanceof HttpError) return send(reply, err.status, err.message, err.fieldErrors, err.extra);
    const pg = pgErro(err);
    if (pg) {
      switch (pg.code) {
        case '23505':
          return send(reply, 409, 'Já existe um registro com estes dados.');
        case '23503':
          return send(
            reply,
            409,
            mensagemDaRestricao(pg.constraint) ??
              (req.method === 'DELETE' ? 'O registro está sendo usado em outro cadastro e não pode ser removido.' : 'O registro relacionado não existe.'),
          );
        case '23514':
          // A CHECK constraint (the application validates first; this is the database's guarantee).
          return send(reply, 400, 'Um dos valores informados não é permitido.');
        case '23502':
          return send(reply, 400, 'Um valor obrigatório não foi informado.');
        case '22001':
          return send(reply, 400, 'Um dos valores é maior que o permitido.');
        case '22003':
          return send(reply, 400, 'Um dos valores numéricos está fora do limite permitido.');
        case '22021':
          return send(reply, 400, MSG_CONTROLE);
      }
      // Any other data exception (class 22: bad text for a number or a date, a value out of range...).
      if (pg.code.startsWith('22')) return send(reply, 400, 'Um dos valores informados é inválido.');
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE')
      return send(reply, 413, 'O arquivo ou o conteúdo enviado é maior que o permitido.');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) return send(reply, 415, 'Tipo de conteúdo não suportado.');
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError')
      return send(reply, 400, 'O conteúdo enviado não é um JSON válido.');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return send(reply, err.statusCode, RECUSA[err.statusCode] ?? RECUSA[400]);
    req.log.error({ err }, 'erro inesperado');
    return send(reply, 500, 'Erro interno do servidor. Tente novamente mais tarde.');
  });
}

/** Fastify's own refusals before routing (a malformed URL, FST_ERR_BAD_URL): the same pt-BR body. */
export function errosDoFramework(_err: FastifyError, _req: unknown, reply: import('fastify').FastifyReply) {
  return send(reply, 400, 'O endereço da requisição é inválido.');
}

export const rotaNaoEncontrada = (reply: import('fastify').FastifyReply) => send(reply, 404, 'Recurso não encontrado');
