import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { bancoResponde, migracoesPendentes } from './health.repository';

export const MSG_BANCO_NAO_RESPONDE = 'O banco de dados não responde.';
export const msgMigracoesPendentes = (n: number, total: number) =>
  `O banco ainda não tem ${n === 1 ? 'uma migração' : `${n} migrações`} desta versão (${total - n} de ${total} aplicadas).`;

/**
 * `GET /api/health`: alive (and whether the database answers), as it always was. `GET /api/health/pronto`:
 * ready for traffic (a load balancer's check, docs/decisions/0200-metricas-e-prontidao.md): 200 only when the
 * database answers and every migration of this release is applied, 503 with the reason otherwise.
 */
export default function healthRoutes(app: FastifyInstance, ctx: AppContext) {
  const { database } = ctx;
  app.get('/health', { schema: { tags: ['Sistema'], summary: 'Saúde do serviço e do banco' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    try {
      await bancoResponde(database.db);
      return { status: 'UP', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'DOWN', database: database.kind });
    }
  });
  app.get(
    '/health/pronto',
    {
      schema: { tags: ['Sistema'], summary: 'Pronto para atender: o banco responde e as migrações desta versão estão aplicadas' },
      config: { acesso: 'publico' },
    },
    async (_req, reply) => {
      let m: { pendentes: number; total: number };
      try {
        await bancoResponde(database.db);
        m = await migracoesPendentes(database.db);
      } catch {
        return reply.code(503).send({ status: 'INDISPONIVEL', database: database.kind, motivo: MSG_BANCO_NAO_RESPONDE });
      }
      if (m.pendentes) return reply.code(503).send({ status: 'INDISPONIVEL', database: database.kind, motivo: msgMigracoesPendentes(m.pendentes, m.total) });
      return { status: 'PRONTO', database: database.kind, migracoes: m.total };
    },
  );
}
