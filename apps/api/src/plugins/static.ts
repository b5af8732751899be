import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { rotaNaoEncontrada } from './errors';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * The built React app: hashed assets cached for a year, index.html revalidated, SPA fallback; /home, /lote/{lote} and
 * the producers' portal (/portal, /portal/...) are their own pages.
 */
export async function registerStatic(app: FastifyInstance, raiz = webDist) {
  if (!existsSync(path.join(raiz, 'index.html'))) {
    app.log.warn(`Aplicação web não compilada em ${raiz}: rode "npm run build".`);
    app.setNotFoundHandler((_req, reply) => rotaNaoEncontrada(reply));
    return;
  }
  const temHome = existsSync(path.join(raiz, 'home.html'));
  const temPortal = existsSync(path.join(raiz, 'portal.html'));
  await app.register(fastifyStatic, {
    root: raiz,
    wildcard: false,
    preCompressed: true,
    setHeaders(reply: unknown, file: string) {
      (reply as { header(k: string, v: string): void }).header(
        'Cache-Control',
        file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0];
    // The public lot page (the labels' QR codes) loads only its own small bundle, not the back office;
    // any code, even one that looks like a file name ('1.5R2'), gets the page and its 'Sem dados para mostrar.'.
    const lote = /^\/lote\/[^/]+\/?$/.test(url);
    // The public quotation too: its own bundle, without the back office's router, PrimeReact and query cache.
    const home = /^\/home\/?$/.test(url);
    // The producers' portal, phone first: its own bundle for every address of it (the URL names the section).
    const portal = /^\/portal(\/[^.]*)?$/.test(url);
    // HEAD answers as GET does, without the body (uptime checks use it).
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.startsWith('/api/') || url.startsWith('/realms/') || (path.extname(url) && !lote)) {
      return rotaNaoEncontrada(reply);
    }
    reply.header('Cache-Control', 'no-cache');
    return reply.sendFile(lote ? 'lote.html' : home && temHome ? 'home.html' : portal && temPortal ? 'portal.html' : 'index.html');
  });
}
