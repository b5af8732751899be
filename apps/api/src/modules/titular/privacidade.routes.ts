import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { TIPOS_DE_SOLICITACAO, TITULAR_MSG, formatDate, titularConfirmacao, titularSolicitacaoEntrada } from '@ceasa/shared';
import { enderecoPublico } from '../../config';
import type { AppContext } from '../../context';
import { HttpError } from '../../lib/errors';
import { titularRepository } from './titular.repository';
import { avisoDePrivacidade } from './aviso';

const mensagem = z.object({ message: z.string() });

/**
 * The public side of the LGPD (decision 0229): the privacy notice (GET publico/privacidade) and the holder's
 * requests (POST publico/titular mails a confirmation link; POST publico/titular/confirmar records the request).
 * The answer is the same whether the CPF/CNPJ is known or not: a request never tells who is in the database.
 */
export default function privacidadeRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = titularRepository(ctx.db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Privacidade (LGPD)'];
  const base = enderecoPublico(ctx.config);
  const mercado = ctx.config.settings.mercado;

  r.get(
    '/publico/privacidade',
    {
      schema: { tags, summary: 'Aviso de privacidade: controlador, encarregado, dados tratados, finalidades, bases legais, prazos e direitos' },
      config: { acesso: 'publico' },
    },
    async (_req, reply) => reply.header('cache-control', 'public, max-age=300').send(avisoDePrivacidade(ctx.config)),
  );

  r.post(
    '/publico/titular',
    {
      schema: {
        tags,
        summary: 'Solicitação do titular (LGPD, art. 18): um link de confirmação vai para o e-mail; nada é registrado antes dele',
        description: 'Limites: por endereço (por hora) e por caixa postal (por dia; +tag e pontos do Gmail contam como a mesma), 429 depois deles.',
        body: titularSolicitacaoEntrada,
        response: { 202: mensagem },
      },
      config: { acesso: 'publico', openapi: { erros: [429] } },
    },
    async (req, reply) => {
      const token = await repo.pedir(ctx.config, req.ip, req.body);
      const link = `${base}/privacidade/confirmar?token=${encodeURIComponent(token)}`;
      try {
        await ctx.mailer.send(
          req.body.email.toLowerCase(),
          `${mercado} - Confirme sua solicitação de dados pessoais`,
          [
            `Recebemos uma solicitação sobre dados pessoais (LGPD): ${TIPOS_DE_SOLICITACAO[req.body.tipo]}.`,
            `Para confirmar que o pedido é seu, abra este link: ${link}`,
            'Sem a confirmação nada é registrado, e o pedido é apagado em 7 dias. Se não foi você, ignore este e-mail.',
          ].join('\n'),
        );
      } catch (err) {
        req.log.error({ err }, 'falha ao enviar o e-mail de confirmação da solicitação do titular');
        throw new HttpError(503, 'Não foi possível enviar o e-mail de confirmação agora. Tente novamente mais tarde.');
      }
      return reply.code(202).send({ message: TITULAR_MSG.pedido });
    },
  );

  r.post(
    '/publico/titular/confirmar',
    {
      schema: {
        tags,
        summary: 'Confirma a solicitação do link enviado por e-mail',
        body: titularConfirmacao,
        response: { 200: mensagem.extend({ prazo: z.string() }) },
      },
      config: { acesso: 'publico' },
    },
    async (req) => {
      const s = await repo.confirmar(req.body.token);
      if (!s) throw new HttpError(404, TITULAR_MSG.linkInvalido);
      const texto = [
        `Sua solicitação nº ${s.id} (${TIPOS_DE_SOLICITACAO[s.tipo]}) foi registrada em ${formatDate(s.confirmadaEm.slice(0, 10))}.`,
        `Confirmação simplificada (LGPD, art. 19, I): o ${mercado} trata dados pessoais de produtores, lojistas, compradores e técnicos para a gestão do mercado; ` +
          `o aviso de privacidade diz quais, por quê e por quanto tempo.`,
        `A resposta completa chega a este e-mail até ${formatDate(s.prazo)}.`,
      ].join('\n');
      try {
        await ctx.mailer.send(s.email, `${mercado} - Solicitação nº ${s.id} registrada`, texto);
      } catch (err) {
        req.log.error({ err }, 'falha ao enviar o recibo da solicitação do titular');
      }
      return { message: TITULAR_MSG.confirmada, prazo: s.prazo };
    },
  );
}
