import { desc } from 'drizzle-orm';
import { createLocalJWKSet, errors, exportJWK, generateKeyPair, importJWK, jwtVerify, SignJWT, type JWK, type JWTPayload } from 'jose';
import { randomUUID } from 'node:crypto';
import { CLIENT_ID } from '../config';
import type { Db } from '../db/client';
import { chaves } from '../db/schema';

export const ALG = 'ES256';
export { CLIENT_ID } from '../config';
export const REALM = 'ceasa';

export interface AccessClaims extends JWTPayload {
  sub: string;
  email: string;
  name: string;
  sid: string;
  realm_access: { roles: string[] };
}

/** How often at most an unknown key id makes the keys be read again from the database. */
const RELER_CHAVES_MS = 10_000;

/**
 * The realm's signing key: made once, kept in the database, so restarts keep tokens valid and every server
 * of one database signs with the same key (the app loads it under the start-up lock, Database.sozinho).
 * Tokens are verified against every key in the table, read again when a token names a key id this server
 * has not seen (a key another server made), so a token from any server of the database is accepted.
 */
export async function loadKeys(db: Db) {
  let [row] = await db.select().from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
  if (!row) {
    const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
    const kid = randomUUID();
    const privada = { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
    const publica = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
    [row] = await db.insert(chaves).values({ kid, privada, publica }).onConflictDoNothing().returning();
    if (!row) [row] = await db.select().from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
  }
  const kid = row.kid;
  const privateKey = await importJWK(row.privada as JWK, ALG);
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
    jwks,
    async sign(claims: Omit<AccessClaims, 'iat' | 'exp'>, ttlSeconds: number, issuer: string) {
      return new SignJWT({ ...claims, typ: 'Bearer', azp: CLIENT_ID })
        .setProtectedHeader({ alg: ALG, kid, typ: 'JWT' })
        .setIssuedAt()
        .setIssuer(issuer)
        .setJti(randomUUID())
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(privateKey);
    },
    async verify(token: string): Promise<AccessClaims> {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, conhecidas, { algorithms: [ALG] }));
      } catch (e) {
        if (!(e instanceof errors.JWKSNoMatchingKey) || Date.now() - lidasEm < RELER_CHAVES_MS) throw e;
        await reler();
        ({ payload } = await jwtVerify(token, conhecidas, { algorithms: [ALG] }));
      }
      if (payload.typ !== 'Bearer' || typeof payload.sub !== 'string') throw new Error('token não é de acesso');
      return payload as AccessClaims;
    },
  };
}
export type Keys = Awaited<ReturnType<typeof loadKeys>>;
