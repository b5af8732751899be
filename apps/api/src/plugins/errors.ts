import type { FastifyInstance, FastifyError } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { caminhoDoCampo } from '@ceasa/shared';
import { HttpError, STATUS_TEXT, pgErro } from '../lib/errors';

function send(reply: import('fastify').FastifyReply, status: number, message: string, fieldErrors?: { field: string; message: string }[]) {
  return reply.code(status).send({ status, error: STATUS_TEXT[status] ?? 'Error', message, ...(fieldErrors?.length ? { fieldErrors } : {}) });
}

/** Every error leaves as `{ status, error, message, fieldErrors? }` with a pt-BR message. */
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
    if (err instanceof HttpError) return send(reply, err.status, err.message, err.fieldErrors);
    const pg = pgErro(err);
    if (pg) {
      switch (pg.code) {
        case '23505':
          return send(reply, 409, 'Já existe um registro com estes dados.');
        case '23503':
          return send(
            reply,
            409,
            req.method === 'DELETE'
              ? 'O registro está sendo usado em outro cadastro e não pode ser removido.'
              : 'O registro relacionado não existe.',
          );
        case '23502':
          return send(reply, 400, 'Um valor obrigatório não foi informado.');
        case '22001':
          return send(reply, 400, 'Um dos valores é maior que o permitido.');
        case '22003':
          return send(reply, 400, 'Um dos valores numéricos está fora do limite permitido.');
        case '22P02':
        case '22007':
        case '22008':
          return send(reply, 400, 'Um dos valores informados é inválido.');
      }
    }
    if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || err.statusCode === 413 || err.code === 'FST_REQ_FILE_TOO_LARGE')
      return send(reply, 413, 'O arquivo ou o conteúdo enviado é maior que o permitido.');
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || err.statusCode === 415) return send(reply, 415, 'Tipo de conteúdo não suportado.');
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' || err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err.name === 'SyntaxError')
      return send(reply, 400, 'O conteúdo enviado não é um JSON válido.');
    if (err.statusCode === 429) return send(reply, 429, err.message || 'Muitas tentativas. Aguarde e tente novamente.');
    if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return send(reply, err.statusCode, err.message);
    req.log.error({ err }, 'erro inesperado');
    return send(reply, 500, 'Erro interno do servidor. Tente novamente mais tarde.');
  });

}

export const naoEncontrado = (reply: import('fastify').FastifyReply) => send(reply, 404, 'Recurso não encontrado');
