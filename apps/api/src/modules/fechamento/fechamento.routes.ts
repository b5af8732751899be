import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { fechamentoDoDia, fechamentoQuery, painelDoGestor } from '@ceasa/shared';
import { motivoSemMercadoNoDia } from '../calendario/calendario.service';
import { fechamentoDoDia as lerFechamento, painelDoGestor as lerPainel } from './fechamento.repository';

/**
 * 'Fechamento do dia' and the manager's panel of /admin (decision 0147): read-only, for
 * whoever may view romaneios (the figures are theirs).
 */
export default function fechamentoRoutes(app: FastifyInstance, { db, config }: AppContext) {
  const { diasDeMercado } = config.settings;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fechamento do dia'];
  const acesso = { acesso: { rota: 'romaneio', acao: 'visualizar' as const } };
  r.get(
    '/fechamento',
    {
      schema: {
        tags,
        summary: 'Fechamento do dia: romaneios, produtores, kg por produto e por município, pedras, estacionamento, lançamentos por usuário, preços',
        querystring: fechamentoQuery,
        response: { 200: fechamentoDoDia },
      },
      config: acesso,
    },
    async (req) => ({ ...(await lerFechamento(db, req.query.data)), semMercado: await motivoSemMercadoNoDia(db, diasDeMercado, req.query.data) }),
  );
  r.get(
    '/fechamento/painel',
    {
      schema: {
        tags,
        summary: 'Painel do gestor: ocupação, chegadas contra a mesma semana do ano anterior, variações de preço, colheitas e carências que terminam na semana',
        querystring: fechamentoQuery,
        response: { 200: painelDoGestor },
      },
      config: acesso,
    },
    (req) => lerPainel(db, req.query.data),
  );
}
