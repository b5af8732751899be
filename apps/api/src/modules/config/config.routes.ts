import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { baseDoQr, qrHostConfigurado } from '../../config';

export default function configRoutes(app: FastifyInstance, { config }: AppContext) {
  const settings = { ...config.settings, qrHost: baseDoQr(config), qrHostConfigurado: qrHostConfigurado(config), entradaExterna: Boolean(config.oidc) };
  app.get('/config', { schema: { tags: ['Sistema'], summary: 'Configurações públicas do município' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return settings;
  });
}
