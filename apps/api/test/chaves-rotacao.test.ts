/**
 * CHAVES_ROTACAO_DIAS: the realm's signing key is replaced by a new one when it is that many days old; the old key
 * stays published and accepted until the tokens it signed have expired, then it is deleted; another server of the
 * database follows the new key; the built-in provider signs ID tokens with it; the subscriptions' unsubscribe links
 * survive the rotation.
 */
import { sql } from 'drizzle-orm';
import { decodeProtectedHeader } from 'jose';
import * as oidc from 'openid-client';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { chaves } from '../src/db/schema';
import { assinaturasRepository } from '../src/modules/assinaturas/assinaturas.repository';
import { build, call, portaLivre, tokenFor } from './helpers';
import { entrarPeloNavegador, pedidoComPkce } from './oidc-apoio';

const DIA = 86_400_000;
const certs = async (app: Awaited<ReturnType<typeof build>>) =>
  ((await call(app, null, { method: 'GET', url: '/realms/ceasa/protocol/openid-connect/certs' })).body.keys as { kid: string; d?: string }[]).map((k) => k.kid);
const municipio = (app: Awaited<ReturnType<typeof build>>, token: string) => call(app, token, { method: 'GET', url: '/api/municipio' }).then((r) => r.status);

describe('signing key rotation (CHAVES_ROTACAO_DIAS)', () => {
  it('a key CHAVES_ROTACAO_DIAS old is replaced; the old one is accepted until its tokens expire, then deleted', async () => {
    const app = await build({ chavesRotacaoDias: 30, accessTokenTtl: 300 });
    try {
      const primeira = app.ctx.keys.kid;
      const antigo = await tokenFor(app, ['super-admin']);
      expect(decodeProtectedHeader(antigo).kid).toBe(primeira);
      // Younger than 30 days: nothing changes.
      expect(await app.ctx.keys.girar(new Date(Date.now() + 29 * DIA))).toBe(false);
      expect(await certs(app)).toEqual([primeira]);

      const trocaEm = new Date(Date.now() + 30 * DIA + 1000);
      expect(await app.ctx.keys.girar(trocaEm)).toBe(true);
      const segunda = app.ctx.keys.kid;
      expect(segunda).not.toBe(primeira);
      const novo = await tokenFor(app, ['super-admin']);
      expect(decodeProtectedHeader(novo).kid).toBe(segunda);
      // Both published (newest first) and both accepted while a token of the old one may still be alive.
      expect(await certs(app)).toEqual([segunda, primeira]);
      expect(await municipio(app, antigo)).toBe(200);
      expect(await municipio(app, novo)).toBe(200);
      // A token's life (ACCESS_TOKEN_TTL) and the clock tolerance after the new key: the old one is gone.
      expect(await app.ctx.keys.girar(new Date(trocaEm.getTime() + 359_000))).toBe(false);
      expect(await certs(app)).toEqual([segunda, primeira]);
      expect(await app.ctx.keys.girar(new Date(trocaEm.getTime() + 361_000))).toBe(false);
      expect(await certs(app)).toEqual([segunda]);
      expect(await app.ctx.db.select({ kid: chaves.kid }).from(chaves)).toEqual([{ kid: segunda }]);
      // (The API remembers a verified token until it expires: the key itself no longer verifies it.)
      await expect(app.ctx.keys.verify(antigo)).rejects.toThrow();
      expect(await municipio(app, novo)).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('two servers of one database make one key between them, and a server follows the key another one made', async () => {
    const a = await build({ chavesRotacaoDias: 10 });
    const b = await buildApp({ database: a.ctx.database, logger: false, web: false, config: { chavesRotacaoDias: 10 } });
    try {
      expect(b.ctx.keys.kid).toBe(a.ctx.keys.kid);
      const quando = new Date(Date.now() + 11 * DIA);
      const [trocouA, trocouB] = await Promise.all([a.ctx.keys.girar(quando), b.ctx.keys.girar(quando)]);
      expect([trocouA, trocouB]).toEqual([true, true]);
      expect(a.ctx.keys.kid).toBe(b.ctx.keys.kid);
      expect(await a.ctx.db.select({ kid: chaves.kid }).from(chaves)).toHaveLength(2);

      // A third rotation made by A alone: B accepts A's new tokens at once and starts signing with that key.
      const mais = new Date(quando.getTime() + 11 * DIA);
      expect(await a.ctx.keys.girar(mais)).toBe(true);
      const token = await tokenFor(a, ['super-admin']);
      expect(b.ctx.keys.kid).not.toBe(a.ctx.keys.kid);
      expect(await municipio(b, token)).toBe(200);
      expect(b.ctx.keys.kid).toBe(a.ctx.keys.kid);
    } finally {
      await b.close();
      await a.close();
    }
  });

  it("the built-in provider signs ID tokens with the new key, and a subscriber's unsubscribe link still works", async () => {
    const porta = await portaLivre();
    const issuer = `http://127.0.0.1:${porta}/realms/ceasa`;
    const cliente = 'http://127.0.0.1:9/cb';
    const app = await build({
      host: '127.0.0.1',
      port: porta,
      chavesRotacaoDias: 5,
      oidcClients: [{ client_id: 'painel', redirect_uris: [cliente], post_logout_redirect_uris: [] }],
    });
    await app.listen({ host: '127.0.0.1', port: porta });
    try {
      await app.ctx.db.execute(sql`INSERT INTO assinaturas (email, confirmacao_hash, confirmada_em) VALUES ('ana@teste.local', 'h-rotacao', now())`);
      const repo = assinaturasRepository(app.ctx.db);
      const [{ tokenCancelamento }] = await repo.assinantes();

      expect(await app.ctx.keys.girar(new Date(Date.now() + 6 * DIA))).toBe(true);
      const config = await oidc.discovery(new URL(issuer), 'painel', undefined, oidc.None(), { execute: [oidc.allowInsecureRequests] });
      const { url, verifier } = await pedidoComPkce(config, cliente, 'openid');
      const { retorno } = await entrarPeloNavegador(url, 'admin@teste.local', 'admin-senha');
      const tokens = await oidc.authorizationCodeGrant(config, retorno!, { pkceCodeVerifier: verifier, expectedState: oidc.skipStateCheck });
      expect(decodeProtectedHeader(tokens.id_token!).kid).toBe(app.ctx.keys.kid);

      expect((await repo.assinantes())[0].tokenCancelamento).toBe(tokenCancelamento);
      expect(await repo.cancelar(tokenCancelamento)).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('CHAVES_ROTACAO_DIAS must be a whole number of days from 1 to 3650', () => {
    expect(loadConfig({ CHAVES_ROTACAO_DIAS: '' }).chavesRotacaoDias).toBe(90);
    expect(loadConfig({ CHAVES_ROTACAO_DIAS: '30' }).chavesRotacaoDias).toBe(30);
    for (const v of ['0', '1,5', 'noventa'])
      expect(() => loadConfig({ CHAVES_ROTACAO_DIAS: v })).toThrow(`CHAVES_ROTACAO_DIAS inválido (${v}): use um número inteiro de 1 a 3650`);
  });
});
