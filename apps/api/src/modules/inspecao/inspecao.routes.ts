import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParam,
  idSchema,
  inspecaoDia,
  inspecaoDiaQuery,
  inspecaoInput,
  inspecaoLinha,
  inspecaoListaQuery,
  inspecaoRecurso,
  inspecaoRegistro,
  romaneioInspecionado,
  suspensoesDoProdutor,
  type Inspecao,
  type InspecaoDados,
} from '@ceasa/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { quem } from '../../lib/audit';
import { avisarInspecao } from '../avisos-do-produtor/avisos-do-produtor.service';
import { inspecaoService } from './inspecao.service';

const tags = [inspecaoRecurso.menu.rotulo];
const acesso = (acao: 'visualizar' | 'criar' | 'editar') => ({ acesso: { rota: inspecaoRecurso.rota, acao } });

/**
 * Inspections at the gate (decisions 0185–0187): the inspector's day list (its draw), an
 * inspection's create, read and update (audited), and a producer's suspensions for his record's page.
 */
export default function inspecaoRoutes(app: FastifyInstance, ctx: AppContext) {
  const svc = inspecaoService(ctx.db, ctx.config);
  rotasDeLeitura(app, svc);
  rotasDeEscrita(app, ctx, svc);
}

type InspecaoService = ReturnType<typeof inspecaoService>;

/** The lists, the day's draw, a producer's suspensions, the romaneio to inspect and one inspection. */
function rotasDeLeitura(app: FastifyInstance, svc: InspecaoService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/inspecao',
    {
      schema: {
        tags,
        summary: 'As últimas inspeções (do produtor, com pessoaId), da coleta mais recente à mais antiga (no máximo 200)',
        querystring: inspecaoListaQuery,
        response: { 200: z.array(inspecaoLinha) },
      },
      config: acesso('visualizar'),
    },
    (req) => svc.lista(req.query.pessoaId) as never,
  );
  r.get(
    '/inspecao/dia',
    {
      schema: {
        tags,
        summary: 'Os romaneios do dia sorteados para inspeção (sorteia os ainda não sorteados) e os inspecionados fora do sorteio',
        querystring: inspecaoDiaQuery,
        response: { 200: inspecaoDia },
      },
      config: acesso('visualizar'),
    },
    (req) => svc.dia(req.query.data),
  );
  r.get(
    '/inspecao/suspensao/:pessoaId',
    {
      schema: {
        tags,
        summary: 'As suspensões do produtor por resultado de análise de resíduos (da coleta ao último dia)',
        params: z.object({ pessoaId: idSchema }),
        response: { 200: suspensoesDoProdutor },
      },
      // Shown on the person's record: whoever may see people sees it.
      config: { acesso: { rota: 'pessoa', acao: 'visualizar' } },
    },
    (req) => svc.suspensoes(req.params.pessoaId),
  );
  r.get(
    '/inspecao/romaneio/:id',
    {
      schema: { tags, summary: 'O romaneio a inspecionar: produtor, município e produtos', params: idParam, response: { 200: romaneioInspecionado } },
      config: acesso('visualizar'),
    },
    (req) => svc.romaneio(req.params.id),
  );
  r.get(
    '/inspecao/:id',
    {
      schema: { tags, summary: 'Uma inspeção, com o romaneio (para a notificação)', params: idParam, response: { 200: inspecaoRegistro } },
      config: acesso('visualizar'),
    },
    (req) => svc.ler(req.params.id),
  );
}

/** An inspection recorded and its laboratory result, each told to the producer once saved. */
function rotasDeEscrita(app: FastifyInstance, ctx: AppContext, svc: InspecaoService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // The producer is told of a result and of a suspension once saved (decision 0299); never fails the save.
  const avisado = async (req: FastifyRequest, salvo: Inspecao) => {
    await avisarInspecao({ db: ctx.db, mailer: ctx.mailer, config: ctx.config, log: req.log }, salvo);
    return salvo;
  };
  r.post(
    '/inspecao',
    {
      schema: { tags, summary: 'Registra uma inspeção (rotulagem ou resíduos) de um romaneio', body: inspecaoInput, response: { 201: inspecaoRegistro } },
      config: acesso('criar'),
    },
    async (req, reply) => {
      const salvo = await svc.inserir(quem(req), req.body as InspecaoDados);
      reply.code(201);
      return avisado(req, salvo);
    },
  );
  r.put(
    '/inspecao',
    {
      schema: {
        tags,
        summary: 'Atualiza a inspeção (id e versao no corpo): o resultado do laboratório',
        body: inspecaoInput,
        response: { 200: inspecaoRegistro },
      },
      config: acesso('editar'),
    },
    async (req) => {
      const body = req.body as InspecaoDados;
      if (!body.id) throw badRequest('O código é obrigatório', [{ field: 'id', message: 'O código é obrigatório' }]);
      return avisado(req, await svc.alterar(quem(req), body.id, body));
    },
  );
  r.put(
    '/inspecao/:id',
    {
      schema: {
        tags,
        summary: 'Atualiza a inspeção (versao no corpo): o resultado do laboratório',
        params: idParam,
        body: inspecaoInput,
        response: { 200: inspecaoRegistro },
      },
      config: acesso('editar'),
    },
    async (req) => avisado(req, await svc.alterar(quem(req), req.params.id, req.body as InspecaoDados)),
  );
}
