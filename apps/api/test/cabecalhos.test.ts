import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../src/config';
import { build, call } from './helpers';

/** Browser security headers (@fastify/helmet, plugins/seguranca.ts) on API answers, refusals included. */
let app: FastifyInstance;
let https: FastifyInstance;
beforeAll(async () => {
  app = await build();
  const settings = { ...loadConfig({}).settings, logoMunicipio: 'https://prefeitura.exemplo.gov.br/brasao.png' };
  https = await build({ publicUrl: 'https://ceasa.exemplo.gov.br', settings });
});
afterAll(async () => {
  await app.close();
  await https.close();
});

describe('security headers', () => {
  it('on answers, refusals and 404s alike; no HSTS over plain http', async () => {
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/municipio', 401],
      ['/api/nao-existe', 404],
      ['/realms/ceasa/protocol/openid-connect/certs', 200],
    ] as const) {
      const r = await call(app, null, { method: 'GET', url });
      expect(r.status, url).toBe(status);
      const csp = r.headers['content-security-policy'] as string;
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).not.toContain('upgrade-insecure-requests');
      expect(r.headers['x-frame-options']).toBe('DENY');
      expect(r.headers['x-content-type-options']).toBe('nosniff');
      expect(r.headers['referrer-policy']).toBe('same-origin');
      expect(r.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('adds HSTS and upgrade-insecure-requests when PUBLIC_URL is https, and allows configured logo hosts', async () => {
    const r = await call(https, null, { method: 'GET', url: '/api/health' });
    expect(r.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(r.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    expect(r.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/prefeitura\.exemplo\.gov\.br;/);
  });
});
