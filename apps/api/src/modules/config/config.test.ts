import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { build, call } from '../../../test/helpers';
import { avisoSemPublicUrl, baseDoQr, loadConfig, qrHostConfigurado } from '../../config';

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

describe('labels that work on a phone: whether the QR host was configured', () => {
  const flag = async (config: Parameters<typeof build>[0]) => {
    const app = await build(config);
    try {
      const r = await call(app, null, { method: 'GET', url: '/api/config' });
      expect(r.status).toBe(200);
      return { configurado: r.body.qrHostConfigurado, qrHost: r.body.qrHost };
    } finally {
      await app.close();
    }
  };
  const semEndereco = { publicUrl: undefined, host: '0.0.0.0', port: 3000 };

  it('GET /api/config says qrHostConfigurado false with neither PUBLIC_URL nor QR_HOST, true with either', async () => {
    const base = loadConfig({});
    expect(await flag({ ...semEndereco, settings: { ...base.settings, qrHost: undefined } })).toEqual({ configurado: false, qrHost: 'http://localhost:3000' });
    expect(await flag({ ...semEndereco, settings: { ...base.settings, qrHost: 'qr.ceasa.exemplo.gov.br' } })).toEqual({
      configurado: true,
      qrHost: 'https://qr.ceasa.exemplo.gov.br',
    });
    expect(qrHostConfigurado(loadConfig({ PUBLIC_URL: 'https://ceasa.exemplo.gov.br' }))).toBe(true);
    expect(qrHostConfigurado(loadConfig({ QR_HOST: '  ' }))).toBe(false);
  });

  it('the start-up warning about a missing PUBLIC_URL names the labels (unless QR_HOST is set); none with PUBLIC_URL', () => {
    const aviso = (env: Record<string, string>) => avisoSemPublicUrl(loadConfig({ HOST: '0.0.0.0', PORT: '3000', ...env }));
    expect(aviso({})).toBe(
      'PUBLIC_URL não definido: os links dos e-mails (redefinição de senha) apontam para http://localhost:3000. ' +
        'Os QR codes das etiquetas impressas abrem http://localhost:3000/lote/..., que só funciona neste computador (não no celular de quem compra). ' +
        'Defina PUBLIC_URL com o endereço que os usuários acessam (por exemplo https://ceasa.prefeitura.gov.br), ou QR_HOST só para as etiquetas.',
    );
    expect(aviso({ QR_HOST: 'qr.ceasa.exemplo.gov.br' })).toBe(
      'PUBLIC_URL não definido: os links dos e-mails (redefinição de senha) apontam para http://localhost:3000. ' +
        'Defina PUBLIC_URL com o endereço que os usuários acessam (por exemplo https://ceasa.prefeitura.gov.br).',
    );
    expect(aviso({ PUBLIC_URL: 'https://ceasa.exemplo.gov.br' })).toBeNull();
  });
});

describe('COTACAO_PUBLICACAO', () => {
  it('is automatica when unset or empty, manual when asked, and any other value stops the start with a message', () => {
    expect(loadConfig({}).cotacaoPublicacao).toBe('automatica');
    expect(loadConfig({ COTACAO_PUBLICACAO: '' }).cotacaoPublicacao).toBe('automatica');
    expect(loadConfig({ COTACAO_PUBLICACAO: 'automatica' }).cotacaoPublicacao).toBe('automatica');
    expect(loadConfig({ COTACAO_PUBLICACAO: ' Manual ' }).cotacaoPublicacao).toBe('manual');
    expect(() => loadConfig({ COTACAO_PUBLICACAO: 'sim' })).toThrow('COTACAO_PUBLICACAO inválido (sim): use automatica ou manual');
  });
});
