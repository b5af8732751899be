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

/**
 * Whether the labels' QR codes open an address the operator chose (QR_HOST or PUBLIC_URL): without either,
 * they open the address the server was started with, which a buyer's phone cannot reach.
 */
export const qrHostConfigurado = (config: Pick<Config, 'settings' | 'publicUrl'>) => Boolean(config.settings.qrHost?.trim() || config.publicUrl);

/**
 * The start-up warning when PUBLIC_URL is unset (null when it is set): where the e-mail links point and,
 * without QR_HOST either, that the printed labels' QR codes open only on this computer.
 */
export function avisoSemPublicUrl(config: Pick<Config, 'settings' | 'publicUrl' | 'host' | 'port'>): string | null {
  if (config.publicUrl) return null;
  const endereco = enderecoPublico(config);
  const etiquetas = qrHostConfigurado(config)
    ? ''
    : ` Os QR codes das etiquetas impressas abrem ${endereco}/lote/..., que só funciona neste computador (não no celular de quem compra).`;
  return (
    `PUBLIC_URL não definido: os links dos e-mails (redefinição de senha) apontam para ${endereco}.${etiquetas} ` +
    `Defina PUBLIC_URL com o endereço que os usuários acessam (por exemplo https://ceasa.prefeitura.gov.br)${etiquetas ? ', ou QR_HOST só para as etiquetas' : ''}.`
  );
}

/** The deploying municipality's public settings (names, contacts, logos, QR host and whether it was configured, the sign-in mode) for headers, reports, labels and /login. */
export default function configRoutes(app: FastifyInstance, config: Config) {
  const settings = { ...config.settings, qrHost: baseDoQr(config), qrHostConfigurado: qrHostConfigurado(config), entradaExterna: Boolean(config.oidc) };
  app.get('/config', { schema: { tags: ['Sistema'], summary: 'Configurações públicas do município' }, config: { acesso: 'publico' } }, async (_req, reply) => {
    reply.header('Cache-Control', 'public, max-age=300');
    return settings;
  });
}
