import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { rotaNaoEncontrada } from './errors';

export const webDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web/dist');

/**
 * The built React app: hashed assets cached for a year, index.html revalidated, SPA fallback; /home, /lote/{lote},
 * the producers' portal (/portal, /portal/...) and the other public pages (publico.html) are their own pages.
 */
export async function registerStatic(app: FastifyInstance, raiz = webDist) {
  if (!existsSync(path.join(raiz, 'index.html'))) {
    app.log.warn(`Aplicação web não compilada em ${raiz}: rode "npm run build".`);
    app.setNotFoundHandler((_req, reply) => rotaNaoEncontrada(reply));
    return;
  }
  // The light pages a build has (the app's index.html stands for one it lacks).
  const leves = new Set(['home.html', 'portal.html', 'publico.html'].filter((f) => existsSync(path.join(raiz, f))));
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
    // The market's other public pages (open data, subscriptions, the price reference, the month in figures, the privacy notice and the
    // holder's requests): one small bundle of their own too (decision 0305).
    const publico = /^\/(assinar|dados-abertos|referencia|estatisticas|privacidade(\/solicitar|\/confirmar)?)\/?$/.test(url);
    // HEAD answers as GET does, without the body (uptime checks use it).
    if ((req.method !== 'GET' && req.method !== 'HEAD') || url.startsWith('/api/') || url.startsWith('/realms/') || (path.extname(url) && !lote)) {
      return rotaNaoEncontrada(reply);
    }
    reply.header('Cache-Control', 'no-cache');
    const leve = home ? 'home.html' : portal ? 'portal.html' : publico ? 'publico.html' : '';
    return reply.sendFile(lote ? 'lote.html' : leves.has(leve) ? leve : 'index.html');
  });
}
