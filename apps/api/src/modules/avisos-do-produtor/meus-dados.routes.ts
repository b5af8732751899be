import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CORRECAO_MSG, CORRECOES_POR_DIA, TITULAR_MSG, correcaoInput, correcaoRegistrada, exportacaoQuery, formatDate } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { naoEncontrado } from '../../lib/errors';
import { enviarExportacao } from '../titular/titular.service';
import { titularRepository } from '../titular/titular.repository';

/**
 * 'Meus dados' of the producers' portal (docs/produto/portal.md, 'His data'; decision 0299): the holder's access
 * export of his own person, and a correction request among the holders' requests, already confirmed (he is signed in).
 */
export default function meusDadosRoutes(app: FastifyInstance, ctx: AppContext) {
  const titular = titularRepository(ctx.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Portal do produtor'];

  r.get(
    '/portal/meus-dados',
    {
      schema: {
        tags,
        summary: 'Baixa tudo o que o sistema guarda sobre o produtor (a mesma exportação do pedido de acesso do titular): JSON, ou formato=zip',
        querystring: exportacaoQuery,
      },
      config: { acesso: 'produtor' },
    },
    async (req, reply) => {
      const pessoaId = req.usuario!.pessoaId!;
      const dados = await titular.exportar(pessoaId);
      if (!dados) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
      await titular.registrarLeitura(quem(req), 'exportacao', String(pessoaId), pessoaId);
      return enviarExportacao(reply, dados, req.query.formato, { nome: 'meus-dados', jsonComoArquivo: true });
    },
  );

  r.post(
    '/portal/correcao',
    {
      schema: {
        tags,
        summary: 'Pede a correção de dados do produtor: uma solicitação do titular já confirmada, com o prazo das outras',
        body: correcaoInput,
        response: { 201: correcaoRegistrada },
      },
      config: { acesso: 'produtor', openapi: { erros: [429] } },
    },
    async (req, reply) => {
      const s = await titular.pedirComoProdutor(req.usuario!.pessoaId!, req.usuario!.email, 'correcao', req.body.texto, CORRECOES_POR_DIA, CORRECAO_MSG.muitas);
      if (!s) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
      return reply.code(201).send({ id: s.id, prazo: s.prazo, message: CORRECAO_MSG.registrada(formatDate(s.prazo)) });
    },
  );
}
