import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { logsRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { logsList, logsRepository } from './logs.repository';

/** The audit trail is read-only: rows are written by the changes themselves. */
export default function logsRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = logsRepository(db);
  recursoRoutes(app, db, logsRecurso, { lista: logsList, repo });
}
