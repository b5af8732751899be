import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { backupsRecurso, backupRegistro } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { recursoRoutes } from '../../lib/routes';
import { backupsList, backupsRepository } from './backups.repository';
import { fazerBackupAgora } from './backups.service';

/**
 * The backups' runs: a list (the super-admin's by default) written by the schedule, and 'Fazer backup agora'
 * (POST, the route's 'criar'): one run now on this server, as a scheduled one (docs/decisions/0296-backup-agora.md).
 */
export default function backupsRoutes(app: FastifyInstance, ctx: AppContext) {
  const repo = backupsRepository(ctx.db);
  recursoRoutes(app, ctx.db, backupsRecurso, { lista: backupsList, repo: { ler: repo.ler } });
  app.withTypeProvider<ZodTypeProvider>().post(
    '/backups',
    {
      schema: {
        tags: [backupsRecurso.menu.rotulo],
        summary: 'Faz um backup agora, neste servidor, como o agendado (BACKUP_DIR); responde com a execução gravada',
        response: { 201: backupRegistro },
      },
      config: { acesso: { rota: backupsRecurso.rota, acao: 'criar' }, openapi: { erros: [409] } },
    },
    async (req, reply) => {
      const id = await fazerBackupAgora(ctx.database, ctx.config.backup, quem(req), req.log);
      reply.code(201);
      return repo.ler(id);
    },
  );
}
