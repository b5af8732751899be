import type { FastifyInstance } from 'fastify';
import { estacionamentoRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { recursoRoutes } from '../../lib/routes';
import { estacionamentoList, estacionamentoRepository } from './estacionamento.repository';

/** Casual-buyer parking. The debt lookup (estacionamento/divida/{numero}) lives in the divida module. */
export default function estacionamentoRoutes(app: FastifyInstance, db: Db) {
  const repo = estacionamentoRepository(db);
  const tag = estacionamentoRecurso.menu.rotulo;
  app.get(
    '/veiculo_tipo',
    { schema: { tags: [tag], summary: 'Tipos de veículo (id, nome)' }, config: { acesso: { rota: 'estacionamento', acao: 'visualizar' } } },
    () => repo.opcoesDeVeiculoTipo(),
  );
  recursoRoutes(app, db, estacionamentoRecurso, { lista: estacionamentoList, repo });
}
