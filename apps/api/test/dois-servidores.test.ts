/**
 * Two servers, one database, what applies to one process on either database: notices stay
 * in it, photos left in DATA_DIR move into the database once, tokens signed with any stored key are accepted.
 * The two real server processes on one PostgreSQL database: dois-servidores.pg.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { chaves, sessoes, usuarios } from '../src/db/schema';
import { avisosLocais } from '../src/lib/avisos';
import { fotoStorage } from '../src/db/fotos';
import { build, call } from './helpers';

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

describe('notices between servers (lib/avisos.ts)', () => {
  it('on one process: every listener of the channel hears it at once, until it stops listening', async () => {
    const a = avisosLocais();
    const ouvidos: (string | undefined)[] = [];
    const parar = a.ouvir('precos', (c) => ouvidos.push(c));
    a.ouvir('outro', () => ouvidos.push('errado'));
    await a.avisar('precos', '7');
    await a.avisar('precos');
    parar();
    await a.avisar('precos', 'depois');
    expect(ouvidos).toEqual(['7', undefined]);
    await a.fechar();
  });
});

describe('photos live in the database', () => {
  it('photos a previous version left in DATA_DIR move into the database at start, once', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-fotos-'));
    const dir = path.join(dataDir, 'fotos', 'pessoas');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, '52998224725.png'), PNG);
    writeFileSync(path.join(dir, 'leia-me.txt'), 'não é foto');
    const app = await build({ dataDir });
    try {
      expect(await fotoStorage(app.ctx.db).read('52998224725.png')).toEqual(PNG);
      // The folder is kept as a copy under another name, so the next start does not read it again.
      expect(existsSync(dir)).toBe(false);
      expect(readdirSync(path.join(dataDir, 'fotos'))).toEqual(['pessoas.importadas']);
      expect(readFileSync(path.join(dataDir, 'fotos', 'pessoas.importadas', '52998224725.png'))).toEqual(PNG);
    } finally {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('signing keys', () => {
  it('accepts a token signed with a key another server of the database made, and refuses one no server has', async () => {
    const app = await build();
    try {
      const criar = async () => {
        const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
        const kid = randomUUID();
        return {
          kid,
          privateKey,
          publica: { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' },
          privada: { ...(await exportJWK(privateKey)), kid },
        };
      };
      const assinar = async (k: Awaited<ReturnType<typeof criar>>) => {
        const email = `chave-${randomUUID().slice(0, 8)}@teste.local`;
        const [u] = await app.ctx.db
          .insert(usuarios)
          .values({ nome: 'Chave', email, senhaHash: 'x', roles: ['super-admin'] })
          .returning();
        const [sessao] = await app.ctx.db
          .insert(sessoes)
          .values({ usuarioId: u.id, expiraEm: new Date(Date.now() + 3_600_000) })
          .returning();
        return new SignJWT({ sub: u.id, email, name: u.nome, sid: sessao.id, realm_access: { roles: ['super-admin'] }, typ: 'Bearer', scope: 'api' })
          .setProtectedHeader({ alg: 'ES256', kid: k.kid, typ: 'JWT' })
          .setIssuer(app.ctx.keys.issuer)
          .setAudience(app.ctx.keys.audience)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(k.privateKey);
      };
      const outra = await criar();
      await app.ctx.db.insert(chaves).values({ kid: outra.kid, privada: outra.privada, publica: outra.publica });
      expect((await call(app, await assinar(outra), { method: 'GET', url: '/api/municipio' })).status).toBe(200);
      const estranha = await criar();
      expect((await call(app, await assinar(estranha), { method: 'GET', url: '/api/municipio' })).status).toBe(401);
    } finally {
      await app.close();
    }
  });
});
