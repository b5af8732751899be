/**
 * The web's conventions: every GET page and API route answers HEAD as GET does, without a body (uptime checks use
 * HEAD): the SPA's pages, the public quotation, lot and portal pages, and every GET route of the API.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { templatePglite } from './helpers';

let app: FastifyInstance;
const web = mkdtempSync(path.join(os.tmpdir(), 'ceasa-web-'));

beforeAll(async () => {
  for (const f of ['index.html', 'home.html', 'lote.html', 'portal.html', 'publico.html'])
    writeFileSync(path.join(web, f), `<!doctype html><title>${f}</title>`);
  const database = await openDatabase({ databaseUrl: undefined, dataDir: '', memoryDb: true }, await templatePglite());
  app = await buildApp({ database, logger: false, web, config: { adminEmail: 'admin@teste.local', adminPassword: 'admin-senha' } });
  app.addHook('onClose', () => database.close());
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  rmSync(web, { recursive: true, force: true });
});

describe('HEAD', () => {
  it('answers the pages as GET does, without a body', async () => {
    for (const [url, pagina] of [
      ['/home', 'home.html'],
      ['/lote/2611-ABCD', 'lote.html'],
      // The producers' portal: one page for every address of it (decision 0300).
      ['/portal', 'portal.html'],
      ['/portal/', 'portal.html'],
      ['/portal/chegadas', 'portal.html'],
      ['/portal/chegadas/12', 'portal.html'],
      ['/portal/convite?token=abc', 'portal.html'],
      ['/portalx', 'index.html'],
      // The other public pages: one light page for all of them (decision 0305).
      ['/assinar', 'publico.html'],
      ['/dados-abertos', 'publico.html'],
      ['/referencia', 'publico.html'],
      ['/referencia?produtoId=1&inicio=2026-10-01&fim=2026-10-31', 'publico.html'],
      ['/estatisticas?mes=2026-10', 'publico.html'],
      ['/privacidade', 'publico.html'],
      ['/privacidade/', 'publico.html'],
      ['/privacidade/solicitar', 'publico.html'],
      ['/privacidade/confirmar?token=abc', 'publico.html'],
      ['/privacidade/outra', 'index.html'],
      ['/pessoa', 'index.html'],
      ['/admin', 'index.html'],
      ['/', 'index.html'],
    ]) {
      const get = await app.inject({ method: 'GET', url });
      expect(get.statusCode, url).toBe(200);
      expect(get.body).toContain(pagina);
      const head = await app.inject({ method: 'HEAD', url });
      expect(head.statusCode, `HEAD ${url}`).toBe(200);
      expect(head.headers['content-type']).toBe(get.headers['content-type']);
      expect(head.body).toBe('');
    }
    // What is not a page stays a 404 on both (a file name under /portal too).
    expect((await app.inject({ method: 'HEAD', url: '/api/nao-existe' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/portal/nao-existe.js' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/api/portal/nao-existe' })).statusCode).toBe(404);
  });

  it('answers every GET route of the API with the status GET gives', async () => {
    const rotas = app.rotasApi.filter((r) => r.method === 'GET');
    expect(rotas.length).toBeGreaterThan(50);
    const diferentes: string[] = [];
    for (const r of rotas) {
      const url = r.url.replace(/:[A-Za-z]+/g, '1');
      const get = await app.inject({ method: 'GET', url });
      const head = await app.inject({ method: 'HEAD', url });
      if (head.statusCode !== get.statusCode || head.body !== '') diferentes.push(`${url}: GET ${get.statusCode}, HEAD ${head.statusCode}`);
    }
    expect(diferentes).toEqual([]);
  });
});
