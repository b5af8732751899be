import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { estacionamentoRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { estacionamentoList, estacionamentoRepository } from './estacionamento.repository';

/** Casual-buyer parking. The debt lookup (estacionamento/divida/{numero}) lives in the divida module. */
export default function estacionamentoRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = estacionamentoRepository(db);
  const tag = estacionamentoRecurso.menu.rotulo;
  app.get(
    '/veiculo_tipo',
    { schema: { tags: [tag], summary: 'Tipos de veículo (id, nome)' }, config: { acesso: { rota: 'estacionamento', acao: 'visualizar' } } },
    () => repo.opcoesDeVeiculoTipo(),
  );
  recursoRoutes(app, db, estacionamentoRecurso, { lista: estacionamentoList, repo });
}
