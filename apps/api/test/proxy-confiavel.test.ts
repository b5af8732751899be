import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, MSG_TRUST_PROXY_TUDO } from '../src/config';
import { build, call, iniciarServidor, portaLivre } from './helpers';

/** TRUST_PROXY names the proxies whose X-Forwarded-For is believed; one that trusts every hop stops the start. */
describe('TRUST_PROXY', () => {
  it('takes addresses and CIDR blocks only; true, a hop count or a block of every address is refused in pt-BR', () => {
    expect(loadConfig({ TRUST_PROXY: '10.0.0.2' }).trustProxy).toEqual(['10.0.0.2']);
    expect(loadConfig({ TRUST_PROXY: ' 10.0.0.2, 10.1.0.0/16 ,::1' }).trustProxy).toEqual(['10.0.0.2', '10.1.0.0/16', '::1']);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const tudo of ['true', '1', '0.0.0.0/0', '::/0', '10.0.0.2,true']) expect(() => loadConfig({ TRUST_PROXY: tudo }), tudo).toThrow(MSG_TRUST_PROXY_TUDO);
    for (const ruim of ['proxy.interno', '10.0.0.2/33', '10.0.0/8', '10.0.0.2/x'])
      expect(() => loadConfig({ TRUST_PROXY: ruim }), ruim).toThrow(/^TRUST_PROXY inválido .*: use endereços IP ou blocos CIDR/);
  });

  it('believes X-Forwarded-For only from the named proxy', async () => {
    const app = await build({ trustProxy: ['10.0.0.2'] });
    const endereco = async (remoteAddress: string) => {
      const r = await call(app, null, {
        method: 'POST',
        url: '/api/auth/sessao/login',
        headers: { 'x-ceasa-csrf': '1', origin: `http://localhost:${app.ctx.config.port}`, 'x-forwarded-for': '127.0.0.1, 1.2.3.4' },
        payload: { email: 'admin@teste.local', senha: 'admin-senha' },
        remoteAddress,
      });
      expect(r.status).toBe(200);
      const s = await call(app, r.body.access_token, { method: 'GET', url: '/api/auth/sessoes' });
      return (s.body as { endereco: string; atual: boolean }[]).find((x) => x.atual)!.endereco;
    };
    expect(await endereco('10.0.0.2')).toBe('1.2.3.4');
    // Anyone else writing the header is who he is.
    expect(await endereco('10.0.0.9')).toBe('10.0.0.9');
    await app.close();
  });

  it('a start with TRUST_PROXY=true is refused with a line saying what to write', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-proxy-'));
    try {
      await expect(
        iniciarServidor(await portaLivre(), { DATABASE_URL: '', DATA_DIR: dataDir, TRUST_PROXY: 'true', ADMIN_PASSWORD: 'admin-senha-1', LOG_LEVEL: 'warn' }),
      ).rejects.toThrow(`Não foi possível iniciar o CEASA Regional.\n${MSG_TRUST_PROXY_TUDO}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
