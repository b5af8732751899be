import type { FastifyInstance } from 'fastify';
import { enderecoPublico, type Config } from '../../config';

/**
 * The base of the lot URLs in the labels' QR codes, with no trailing slash: QR_HOST (a bare host gets
 * https://), or else the product's public address (PUBLIC_URL, or the address the server was started with).
 * Never a request header: a forged Host must not choose where printed labels point.
 */
export function baseDoQr(config: Pick<Config, 'settings' | 'publicUrl' | 'host' | 'port'>): string {
  const qr = config.settings.qrHost?.trim();
  if (!qr) return enderecoPublico(config);
  return (/^https?:\/\//i.test(qr) ? qr : `https://${qr}`).replace(/\/+$/, '');
}

/** The deploying municipality's public settings (names, contacts, logos, QR host) for headers, reports and labels. */
export default function configRoutes(app: FastifyInstance, config: Config) {
  const settings = { ...config.settings, qrHost: baseDoQr(config) };
  app.get('/config', { schema: { tags: ['Sistema'], summary: 'Configurações públicas do município' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return settings;
  });
}
