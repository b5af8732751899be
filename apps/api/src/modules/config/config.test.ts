import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, call } from '../../../test/helpers';
import { loadConfig } from '../../config';
import { baseDoQr } from './config.routes';

/** GET /api/config: the public settings; the labels' QR base is QR_HOST or the product's configured address, never a request header. */
describe('baseDoQr', () => {
  const com = (env: Record<string, string>) => baseDoQr(loadConfig({ ...env }));
  it('uses QR_HOST when set (a bare host gets https://; no trailing slash)', () => {
    expect(com({ QR_HOST: 'https://qr.ceasa.exemplo.gov.br/' })).toBe('https://qr.ceasa.exemplo.gov.br');
    expect(com({ QR_HOST: 'ceasa.exemplo.gov.br' })).toBe('https://ceasa.exemplo.gov.br');
    expect(com({ QR_HOST: 'http://192.168.0.10:3000', PUBLIC_URL: 'https://outro.gov.br' })).toBe('http://192.168.0.10:3000');
  });
  it('falls back to PUBLIC_URL, then to the address the server was started with', () => {
    expect(com({ PUBLIC_URL: 'https://ceasa.exemplo.gov.br/' })).toBe('https://ceasa.exemplo.gov.br');
    expect(com({ HOST: '127.0.0.1', PORT: '3225' })).toBe('http://127.0.0.1:3225');
    expect(com({ HOST: '0.0.0.0', PORT: '8080' })).toBe('http://localhost:8080');
    expect(com({ QR_HOST: '   ', HOST: '127.0.0.1', PORT: '3225' })).toBe('http://127.0.0.1:3225');
  });
});

describe('GET /api/config', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await build({ publicUrl: 'https://ceasa.exemplo.gov.br' });
  });
  afterAll(() => app.close());

  it('answers the settings without a token, with the QR host filled from PUBLIC_URL whatever the Host header says', async () => {
    const r = await call(app, null, {
      method: 'GET',
      url: '/api/config',
      headers: { host: 'atacante.exemplo.com', 'x-forwarded-host': 'atacante.exemplo.com' },
    });
    expect(r.status).toBe(200);
    expect(r.body.qrHost).toBe('https://ceasa.exemplo.gov.br');
    expect(r.body).toMatchObject({ etiqueta: { larguraMm: 100, alturaMm: 70 }, diasDeMercado: [1, 4] });
    expect(r.body.destinoLote).toEqual(expect.any(String));
  });
});
