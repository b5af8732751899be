import type { FastifyInstance } from 'fastify';
import { estacionamentoFiltro, estacionamentoInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { crudRoutes, listRoutes } from '../../lib/routes';
import { estacionamentoList, estacionamentoRepository } from './estacionamento.repository';

/** Casual-buyer parking. The debt lookup (estacionamento/divida/{numero}) lives in the divida module. */
export default function estacionamentoRoutes(app: FastifyInstance, db: Db) {
  const repo = estacionamentoRepository(db);
  const tag = 'Estacionamento';
  app.get('/veiculo_tipo', { schema: { tags: [tag], summary: 'Tipos de veículo (id, nome)' }, config: { acesso: { rota: 'estacionamento', acao: 'visualizar' } } }, () =>
    repo.veiculoTipos(),
  );
  listRoutes(app, db, { base: '/estacionamento', rota: 'estacionamento', tag, spec: estacionamentoList, search: 'searchEstacionamento', filtro: estacionamentoFiltro, searchTerm: 'placa' });
  crudRoutes(app, { base: '/estacionamento', rota: 'estacionamento', tag, input: estacionamentoInput, repo });
}
