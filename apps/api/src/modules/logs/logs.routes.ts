import type { FastifyInstance } from 'fastify';
import { idParam, logFiltro } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { listRoutes } from '../../lib/routes';
import { logsList, logsRepository } from './logs.repository';

/** The audit trail is read-only: rows are written by the changes themselves. */
export default function logsRoutes(app: FastifyInstance, db: Db) {
  const repo = logsRepository(db);
  const tag = 'Logs';
  listRoutes(app, db, { base: '/logs', rota: 'logs', tag, spec: logsList, search: 'searchLogs', filtro: logFiltro });
  app.get('/logs/:id', { schema: { tags: [tag], summary: 'Um registro de auditoria', params: idParam }, config: { acesso: { rota: 'logs', acao: 'visualizar' } } }, (req) =>
    repo.get((req.params as { id: number }).id),
  );
}
