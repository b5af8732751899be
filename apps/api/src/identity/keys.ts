import { desc, eq } from 'drizzle-orm';
import { createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { CLIENT_ID, enderecoPublico, type Config } from '../config';
import type { Db } from '../db/client';
import { chaves } from '../db/schema';
import { guardarPrivada, lerPrivada, privadaCifrada } from '../lib/cifra-das-chaves';

export const ALG = 'ES256';
export { CLIENT_ID } from '../config';
export const REALM = 'ceasa';
/** The scope a client must be given for its access tokens to reach the product's API (/api). */
export const ESCOPO_API = 'api';
/** Clock difference tolerated between servers when checking `iat` and `exp`, in seconds. */
const TOLERANCIA_S = 60;

/** The realm's address, from configuration only (PUBLIC_URL, or the address the server was started with). */
export const issuerDo = (ctx: { config: Pick<Config, 'publicUrl' | 'host' | 'port'> }) => `${enderecoPublico(ctx.config)}/realms/${REALM}`;
/** The product's API: the audience (`aud`) of every access token the realm issues. */
export const audienciaDaApi = (ctx: { config: Pick<Config, 'publicUrl' | 'host' | 'port'> }) => `${enderecoPublico(ctx.config)}/api`;

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  name: string;
  sid: string;
  realm_access: { roles: string[] };
  scope?: string;
  azp?: string;
}

/** How often at most an unknown key id makes the keys be read again from the database. */
const RELER_CHAVES_MS = 10_000;

/**
 * Every access token of the realm, the web app's (signed here) and the other clients' (signed by oidc-provider
 * with the same key), must carry `iss` (the realm), `aud` (the API), `iat` and `exp`, and live at most
 * ACCESS_TOKEN_TTL: a token signed with the realm key but lacking any of these, or meant for another issuer or
 * audience, or valid for longer, is refused (docs/decisions/0155).
 */
const EXIGIDAS = ['iss', 'aud', 'exp', 'iat', 'sub'];

/**
 * The realm's signing key: made once, kept in the database, so restarts keep tokens valid and every server
 * of one database signs with the same key (the app loads it under the start-up lock, Database.sozinho).
 * Tokens are verified against every key in the table, read again when a token names a key id this server
 * has not seen (a key another server made), so a token from any server of the database is accepted.
 */
export async function loadKeys(db: Db, config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'accessTokenTtl' | 'chavesSegredo'>) {
  const issuer = issuerDo({ config });
  const audience = audienciaDaApi({ config });
  const vidaMaxima = config.accessTokenTtl;
  let [row] = await db.select().from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const privada = { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
    const publica = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    [row] = await db
      .insert(chaves)
      .values({ kid, privada: guardarPrivada(privada, config.chavesSegredo), publica })
      .onConflictDoNothing()
      .returning();
    if (!row) [row] = await db.select().from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
  }
  const kid = row.kid;
  const privada = lerPrivada(row.privada, config.chavesSegredo);
  // CHAVES_SEGREDO set on a database whose keys were stored plain: they are encrypted now.
  if (config.chavesSegredo)
    for (const c of await db.select().from(chaves))
      if (!privadaCifrada(c.privada))
        await db
          .update(chaves)
          .set({ privada: guardarPrivada(c.privada as JWK, config.chavesSegredo) })
          .where(eq(chaves.kid, c.kid));
  const privateKey = await importJWK(privada, ALG);
  const jwks = { keys: [row.publica as JWK] };
  let conhecidas = createLocalJWKSet(jwks);
  // The first unknown key id reads the table at once; later ones at most every RELER_CHAVES_MS.
  let lidasEm = 0;
  const reler = async () => {
    lidasEm = Date.now();
    const todas = await db.select({ publica: chaves.publica }).from(chaves);
    conhecidas = createLocalJWKSet({ keys: todas.map((c) => c.publica as JWK) });
  };

  return {
    kid,
    /** The private key (JWK) this server signs with, decrypted: the built-in provider signs with it too. */
    privada,
    jwks,
    issuer,
    audience,
    /** The web app's access token (client ceasa-web), valid ACCESS_TOKEN_TTL: the claims come from claimsDeAcesso (entrar.ts). */
    async sign(claims: Omit<AccessClaims, 'iat' | 'exp'>) {
      const agora = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims, typ: 'Bearer', azp: CLIENT_ID, client_id: CLIENT_ID })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuedAt(agora)
        .setIssuer(issuer)
        .setAudience(audience)
        .setJti(randomUUID())
        .setExpirationTime(agora + vidaMaxima)
        .sign(privateKey);
    },
    async verify(token: string): Promise<AccessClaims> {
      const opcoes = { algorithms: [ALG], issuer, audience, requiredClaims: EXIGIDAS, clockTolerance: TOLERANCIA_S };
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, conhecidas, opcoes));
      } catch (e) {
        if (!(e instanceof errors.JWKSNoMatchingKey) || Date.now() - lidasEm < RELER_CHAVES_MS) throw e;
        await reler();
        ({ payload } = await jwtVerify(token, conhecidas, opcoes));
      }
      if (payload.typ !== 'Bearer' || typeof payload.sub !== 'string') throw new Error('token não é de acesso');
      // No longer-lived token than the realm issues (a token minted with a leaked key for a hundred years is refused).
      const agora = Math.floor(Date.now() / 1000);
      if (payload.exp! - payload.iat! > vidaMaxima + TOLERANCIA_S || payload.iat! > agora + TOLERANCIA_S) throw new Error('validade do token longa demais');
      return payload as AccessClaims;
    },
  };
}
export type Keys = Awaited<ReturnType<typeof loadKeys>>;
