import type { FastifyInstance } from 'fastify';
import { backupRecurso } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { recursoRoutes } from '../../lib/routes';
import { backupsList, backupsRepository } from './backups.repository';

/** The scheduled backups' runs: a read-only list (the super-admin's by default), written by the schedule itself. */
export default function backupsRoutes(app: FastifyInstance, ctx: AppContext) {
  recursoRoutes(app, ctx.db, backupRecurso, { lista: backupsList, repo: { ler: backupsRepository(ctx.db).ler } });
}
