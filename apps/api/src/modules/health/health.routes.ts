import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client';

export default function healthRoutes(app: FastifyInstance, database: Database) {
  app.get('/health', { schema: { tags: ['Sistema'], summary: 'Saúde do serviço e do banco' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    try {
      await database.db.execute(sql`SELECT 1`);
      return { status: 'UP', database: database.kind };
    } catch {
      return reply.code(503).send({ status: 'DOWN', database: database.kind });
    }
  });
}
