import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  boletimItemProduto,
  boletimItensProdutorQuery,
  idParam,
  idSchema,
  inteiroDoCaminho,
  municipiosDoProdutor,
  pedraLivre,
  pessoasDoTipoQuery,
  pedrasLivresInput,
  quantidadeRomaneioUpdate,
  romaneioInput,
  romaneioItemRegistro,
  romaneioLoteInput,
  romaneioRecurso,
  romaneioRegistro,
} from '@ceasa/shared';
import { badRequest } from '../../lib/errors';
import { recursoRoutes } from '../../lib/routes';
import { quem } from '../../lib/audit';
import { contribuinteDaDivida } from '../divida/divida.service';
import { itensDoProdutor, municipiosDosProdutores, pedrasLivres, romaneioList } from './romaneio.repository';
import { romaneioService } from './romaneio.service';
import { avisarChegadaRecebida } from '../avisos-do-produtor/avisos-do-produtor.service';

/** A romaneio's debt: a bigint column, read as a JavaScript number (up to MAX_SAFE_INTEGER). */
const dividaParam = z.object({ divida: inteiroDoCaminho('Dívida inválida', Number.MAX_SAFE_INTEGER) });
const pessoaParam = z.object({ pessoaId: idSchema });

type RomaneioService = ReturnType<typeof romaneioService>;

const tags = [romaneioRecurso.menu.rotulo];
const acesso = (acao: 'visualizar' | 'criar' | 'editar' | 'deletar') => ({ acesso: { rota: 'romaneio', acao } });

/**
 * Romaneios (route name 'romaneio'): the list routes, GET/PUT/DELETE of one, POST of a batch (one
 * romaneio per issue date, each on a market day), the quantity edit, the debt's batch, and the form's free stalls and
 * producer's bulletin items. The debt lookup (romaneio/divida/{numero}) lives in the divida module.
 */
export default function romaneioRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  // POST and PUT: every rule of the gate (regras.ts), with CEASA_DIAS_MERCADO's weekdays, NFE_OBRIGATORIA,
  // CARTEIRA_PRODUTOR (decision 0182) and the debt lookup.
  const svc = romaneioService(db, {
    diasDeMercado: ctx.config.settings.diasDeMercado,
    nfeObrigatoria: ctx.config.nfeObrigatoria,
    carteira: ctx.config.settings.carteiraProdutor ?? 'avisar',
    contribuinte: contribuinteDaDivida(db, ctx.config),
    // A load announced in the portal and received here: its producer is told (after the save, never failing it).
    aoReceberChegada: (chegadaId) => avisarChegadaRecebida({ db, mailer: ctx.mailer, config: ctx.config, log: app.log }, chegadaId),
  });
  rotasDaPortaria(app, db, svc);
  rotasDoRomaneio(app, svc);
  recursoRoutes(app, db, romaneioRecurso, { lista: romaneioList });
}

/** What the gate's form looks up: a debt's batch, the stalls free on the dates, a producer's bulletin items, the producers' municipalities. */
function rotasDaPortaria(app: FastifyInstance, db: AppContext['db'], svc: RomaneioService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/romaneio/dividas/:divida',
    {
      schema: { tags, summary: 'Os romaneios de uma dívida (o lote), por data', params: dividaParam, response: { 200: z.array(romaneioRegistro) } },
      config: acesso('visualizar'),
    },
    (req) => svc.daDivida(req.params.divida),
  );
  r.post(
    '/pedras/livres',
    {
      schema: {
        tags,
        summary: 'Pedras livres em todas as datas enviadas (lista de yyyy-mm-dd), por número',
        body: pedrasLivresInput,
        response: { 200: z.array(pedraLivre) },
      },
      config: acesso('visualizar'),
    },
    (req) => pedrasLivres(db, req.body),
  );
  r.get(
    '/boletimitens/produtos/:pessoaId',
    {
      schema: {
        tags,
        summary: 'Itens de boletim do produtor (com janela de colheita e saldo), para o romaneio; com colheitaEm, só os colhíveis em alguma das datas',
        params: pessoaParam,
        querystring: boletimItensProdutorQuery,
        response: { 200: z.array(boletimItemProduto) },
      },
      config: acesso('visualizar'),
    },
    (req) => itensDoProdutor(db, req.params.pessoaId, undefined, req.query.colheitaEm),
  );
  r.get(
    '/romaneio/produtores/municipios',
    {
      schema: {
        tags,
        summary: 'Municípios dos boletins de cada produtor (com ativosDesde, só boletins com colheita até essa data ou depois), para a portaria',
        querystring: pessoasDoTipoQuery,
        response: { 200: z.array(municipiosDoProdutor) },
      },
      config: acesso('visualizar'),
    },
    (req) => municipiosDosProdutores(db, req.query.ativosDesde),
  );
}

/** A romaneio read, saved as a batch, corrected (an item's quantity too) and removed. */
function rotasDoRomaneio(app: FastifyInstance, svc: RomaneioService) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.put(
    '/romaneioitens/updateQtde',
    {
      schema: { tags, summary: 'Altera a quantidade de um item de romaneio', body: quantidadeRomaneioUpdate, response: { 200: romaneioItemRegistro } },
      config: acesso('editar'),
    },
    (req) => svc.alterarQuantidade(quem(req), req.body.id, req.body.quantidade, req.body.versao),
  );

  r.get(
    '/romaneio/:id',
    { schema: { tags, summary: 'Um romaneio', params: idParam, response: { 200: romaneioRegistro } }, config: acesso('visualizar') },
    (req) => svc.ler(req.params.id),
  );
  r.post(
    '/romaneio',
    {
      schema: {
        tags,
        summary: 'Cadastra um lote: um romaneio por data de emissão, todos com a mesma dívida, numa transação',
        body: romaneioLoteInput,
        response: { 201: z.array(romaneioRegistro) },
      },
      // New romaneios change no kept lot page (decision 0221): their lots are new (a code that named no lot is
      // never kept) and a lot page reads only its own romaneio's rows. The open data hears every write.
      config: { ...acesso('criar'), avisos: [] },
    },
    async (req, reply) => {
      const salvos = await svc.criar(quem(req), req.body);
      reply.code(201);
      return salvos;
    },
  );
  r.put(
    '/romaneio',
    {
      schema: {
        tags,
        summary: 'Corrige o romaneio (id no corpo): quantidades, itens e pedras; motivo obrigatório ao mudar itens ou pedras',
        body: romaneioInput,
        response: { 200: romaneioRegistro },
      },
      config: acesso('editar'),
    },
    async (req) => {
      if (!req.body.id) throw badRequest('O código é obrigatório', [{ field: 'id', message: 'O código é obrigatório' }]);
      return svc.alterar(quem(req), req.body.id, req.body);
    },
  );
  r.put(
    '/romaneio/:id',
    {
      schema: {
        tags,
        summary: 'Corrige o romaneio: quantidades, itens e pedras; motivo obrigatório ao mudar itens ou pedras',
        params: idParam,
        body: romaneioInput,
        response: { 200: romaneioRegistro },
      },
      config: acesso('editar'),
    },
    (req) => svc.alterar(quem(req), req.params.id, req.body),
  );
  r.delete(
    '/romaneio/:id',
    { schema: { tags, summary: 'Remove (204, sem corpo); o último romaneio de uma dívida libera a dívida', params: idParam }, config: acesso('deletar') },
    async (req, reply) => {
      await svc.remover(quem(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
