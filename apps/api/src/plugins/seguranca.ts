import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { servidoPorHttps, type Config } from '../config';

/** The origins of configured absolute URLs (report logos may live on the municipality's site). */
function origens(urls: (string | undefined)[]): string[] {
  const r = new Set<string>();
  for (const u of urls) {
    if (!u || !/^https?:\/\//i.test(u)) continue;
    try {
      r.add(new URL(u).origin);
    } catch {
      /* not a URL: served by us */
    }
  }
  return [...r];
}

/**
 * The headers helmet writes for these options, computed once: they depend on no request (no nonce), and
 * building helmet's middleware per request, as @fastify/helmet does, cost ~9 % of a public call's CPU
 * (docs/decisions/0099-onde-vai-o-tempo-das-chamadas-publicas.md).
 */
export function cabecalhosDeSeguranca(opcoes: HelmetOptions): Record<string, string> {
  const h: Record<string, string> = {};
  const res = {
    setHeader: (nome: string, valor: unknown) => void (h[nome.toLowerCase()] = String(valor)),
    removeHeader: (nome: string) => void delete h[nome.toLowerCase()],
  };
  helmet(opcoes)({} as IncomingMessage, res as unknown as ServerResponse, (e?: unknown) => {
    if (e) throw e;
  });
  return h;
}

/**
 * The browser security headers of every answer (pages, assets, API, errors), written by helmet once
 * (docs/decisions/0049-cabecalhos-de-seguranca.md):
 * - Content-Security-Policy: scripts only from this server (no inline script, no eval); styles from
 *   this server plus inline ones ('unsafe-inline' for styles only: PrimeReact injects <style> elements
 *   and style attributes); images also as data:/blob: (camera photos, icons); no plugin, no framing
 *   (frame-ancestors 'none'), forms only to this server, no <base> at all (base-uri 'none');
 * - X-Frame-Options DENY, X-Content-Type-Options nosniff, Referrer-Policy same-origin (a reset link's
 *   token never leaves in a Referer, and same-origin POSTs keep their Origin header);
 * - HSTS and upgrade-insecure-requests only when PUBLIC_URL is https (on plain http they would break
 *   a municipal intranet install).
 * The API documentation (/api/docs, swagger-ui) passes the same policy: its page loads only its own
 * scripts and styles.
 */
export async function registerSeguranca(app: FastifyInstance, config: Config) {
  const https = servidoPorHttps(config);
  const cabecalhos = cabecalhosDeSeguranca({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'base-uri': ["'none'"],
        'object-src': ["'none'"],
        'frame-ancestors': ["'none'"],
        'form-action': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'", "'unsafe-inline'"],
        'img-src': ["'self'", 'data:', 'blob:', ...origens([config.settings.logoMunicipio, config.settings.logoMercado])],
        'font-src': ["'self'", 'data:'],
        'connect-src': ["'self'"],
        'media-src': ["'self'", 'blob:'],
        'worker-src': ["'self'"],
        'manifest-src': ["'self'"],
        ...(https ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // Same-origin only resources would stop a report logo or photo opened elsewhere: keep helmet's default
    // for the opener, and let images be embedded cross-origin only when asked for (same-site default).
    crossOriginResourcePolicy: { policy: 'same-site' },
  });
  // The kept public answers sent before Fastify carry the same headers.
  app.atalhoPublico.cabecalhos(cabecalhos);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(cabecalhos);
    done();
  });
}
