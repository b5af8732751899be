import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { bancoResponde } from './health.repository';

export default function healthRoutes(app: FastifyInstance, { database }: AppContext) {
  app.get('/health', { schema: { tags: ['Sistema'], summary: 'Saúde do serviço e do banco' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    try {
      await bancoResponde(database.db);
      return { status: 'UP', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'DOWN', database: database.kind });
    }
  });
}
