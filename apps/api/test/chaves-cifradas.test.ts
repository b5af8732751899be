/**
 * CHAVES_SEGREDO: the realm's private signing key is stored encrypted (AES-256-GCM) under it; a database whose key
 * was stored plain has it encrypted at the next start with the secret; a missing or wrong secret stops the start
 * with a pt-BR line.
 */
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { chaves } from '../src/db/schema';
import { MSG_SEGREDO_ERRADO, MSG_SEM_SEGREDO } from '../src/lib/cifra-das-chaves';
import { build, call, tokenFor } from './helpers';

const SEGREDO = 'um segredo de teste com bastante texto';

describe('signing key stored encrypted (CHAVES_SEGREDO)', () => {
  it('stores no private part in plain text; tokens and the JWKS work; another server needs the same secret', async () => {
    const app = await build({ chavesSegredo: SEGREDO });
    try {
      const linhas = await app.ctx.db.select().from(chaves);
      expect(linhas).toHaveLength(1);
      const privada = linhas[0].privada as Record<string, unknown>;
      expect(Object.keys(privada)).toEqual(['cifrada']);
      expect(JSON.stringify(privada)).not.toContain(String(app.ctx.keys.privadas[0].d));
      const token = await tokenFor(app, ['super-admin']);
      expect((await call(app, token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      const certs = await call(app, null, { method: 'GET', url: '/realms/ceasa/protocol/openid-connect/certs' });
      expect(certs.status).toBe(200);
      expect(certs.body.keys.map((k: { kid: string }) => k.kid)).toContain(app.ctx.keys.kid);
      expect(JSON.stringify(certs.body)).not.toContain('"d"');

      const base = { database: app.ctx.database, logger: false, web: false } as const;
      await expect(buildApp({ ...base, config: { chavesSegredo: undefined } })).rejects.toThrow(MSG_SEM_SEGREDO);
      await expect(buildApp({ ...base, config: { chavesSegredo: 'outro segredo qualquer' } })).rejects.toThrow(MSG_SEGREDO_ERRADO);
      const outro = await buildApp({ ...base, config: { chavesSegredo: SEGREDO } });
      try {
        expect(outro.ctx.keys.kid).toBe(app.ctx.keys.kid);
        expect((await call(outro, token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      } finally {
        await outro.close();
      }
    } finally {
      await app.close();
    }
  });

  it('a key stored plain is encrypted at the next start with the secret, and its tokens stay valid', async () => {
    const app = await build();
    try {
      const token = await tokenFor(app, ['super-admin']);
      expect(Object.keys((await app.ctx.db.select().from(chaves))[0].privada as object)).toContain('d');
      const outro = await buildApp({ database: app.ctx.database, logger: false, web: false, config: { chavesSegredo: SEGREDO } });
      try {
        expect(Object.keys((await app.ctx.db.select().from(chaves))[0].privada as object)).toEqual(['cifrada']);
        expect((await call(outro, token, { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      } finally {
        await outro.close();
      }
    } finally {
      await app.close();
    }
  });
});
