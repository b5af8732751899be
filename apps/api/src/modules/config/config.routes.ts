import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/** The deploying municipality's public settings (names, contacts, logos) for headers and reports. */
export default function configRoutes(app: FastifyInstance, config: Config) {
  app.get('/config', { schema: { tags: ['Sistema'], summary: 'Configurações públicas do município' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return config.settings;
  });
}
