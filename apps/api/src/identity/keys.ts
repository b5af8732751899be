import { desc, eq, sql } from 'drizzle-orm';
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
const DIA_MS = 86_400_000;

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

/** A key pair as this server holds it: the stored row, its private JWK decrypted. */
interface Assinante {
  kid: string;
  privateKey: Awaited<ReturnType<typeof importJWK>>;
}

/**
 * The realm's signing keys, kept in the database so restarts keep tokens valid and every server of one database
 * signs with the same key. The newest key signs; it is replaced by a new one every CHAVES_ROTACAO_DIAS
 * (`girar`, at start and then hourly, under an advisory lock so two servers make one key). A replaced key stays
 * in the table, and so in the JWKS and among the keys a token is checked against, until every token it signed has
 * expired (ACCESS_TOKEN_TTL after its successor was made); then it is deleted. A token naming a key id this server
 * has not seen (a key another server made) reads the table again, so a token from any server is accepted.
 */
export async function loadKeys(db: Db, config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'accessTokenTtl' | 'chavesSegredo' | 'chavesRotacaoDias'>) {
  const issuer = issuerDo({ config });
  const audience = audienciaDaApi({ config });
  const vidaMaxima = config.accessTokenTtl;
  let assinante: Assinante | undefined;
  let jwks: { keys: JWK[] } = { keys: [] };
  let privadas: JWK[] = [];
  let conhecidas = createLocalJWKSet(jwks);
  let lidasEm = 0;
  const aoTrocar: ((kid: string) => void)[] = [];

  /** Reads the kept keys: the newest signs, all are published and accepted. */
  const ler = async () => {
    const todas = await db.select().from(chaves).orderBy(desc(chaves.criadaEm));
    jwks = { keys: todas.map((c) => c.publica as JWK) };
    conhecidas = createLocalJWKSet(jwks);
    privadas = todas.map((c) => lerPrivada(c.privada, config.chavesSegredo));
    const nova = todas[0];
    if (nova && nova.kid !== assinante?.kid) {
      const primeira = !assinante;
      assinante = { kid: nova.kid, privateKey: await importJWK(privadas[0], ALG) };
      if (!primeira) for (const f of aoTrocar) f(nova.kid);
    }
  };

  /**
   * Makes a new signing key when the newest is CHAVES_ROTACAO_DIAS old (or there is none), and deletes the keys
   * whose successor was made more than a token's life ago. True when this server now signs with another key.
   */
  const girar = async (agora = new Date()) => {
    const antes = assinante?.kid;
    await db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('ceasa.chaves'))`);
      const [nova] = await tx.select({ criadaEm: chaves.criadaEm }).from(chaves).orderBy(desc(chaves.criadaEm)).limit(1);
      if (!nova || agora.getTime() - nova.criadaEm.getTime() >= config.chavesRotacaoDias * DIA_MS) {
        const { privateKey, publicKey } = await generateKeyPair(ALG, { extractable: true });
        const kid = randomUUID();
        const privada = { ...(await exportJWK(privateKey)), kid, alg: ALG, use: 'sig' };
        const publica = { ...(await exportJWK(publicKey)), kid, alg: ALG, use: 'sig' };
        await tx.insert(chaves).values({ kid, privada: guardarPrivada(privada, config.chavesSegredo), publica, criadaEm: agora });
      }
      const aposentadaEm = new Date(agora.getTime() - (vidaMaxima + TOLERANCIA_S) * 1000);
      await tx.execute(
        sql`DELETE FROM chaves k WHERE EXISTS (SELECT 1 FROM chaves n WHERE n.criada_em > k.criada_em AND n.criada_em < ${aposentadaEm.toISOString()})`,
      );
    });
    await ler();
    return assinante!.kid !== antes;
  };

  await girar();
  // CHAVES_SEGREDO set on a database whose keys were stored plain: they are encrypted now.
  if (config.chavesSegredo)
    for (const c of await db.select().from(chaves))
      if (!privadaCifrada(c.privada))
        await db
          .update(chaves)
          .set({ privada: guardarPrivada(c.privada as JWK, config.chavesSegredo) })
          .where(eq(chaves.kid, c.kid));

  return {
    /** The id of the key this server signs with now. */
    get kid() {
      return assinante!.kid;
    },
    /** The kept private keys (JWK), decrypted, newest first: the built-in provider signs with the first. */
    get privadas() {
      return privadas;
    },
    /** The public part of every kept key (GET …/certs). */
    get jwks() {
      return jwks;
    },
    girar,
    /** Called when this server starts signing with another key (its own rotation or another server's). */
    aoTrocarDeChave: (f: (kid: string) => void) => void aoTrocar.push(f),
    issuer,
    audience,
    /**
     * The web app's access token (client ceasa-web, or `cliente`: the portal's ceasa-portal), valid ACCESS_TOKEN_TTL:
     * the claims come from claimsDeAcesso (entrar.ts).
     */
    async sign(claims: Omit<AccessClaims, 'iat' | 'exp'>, cliente: string = CLIENT_ID) {
      const agora = Math.floor(Date.now() / 1000);
      return new SignJWT({ ...claims, typ: 'Bearer', azp: cliente, client_id: cliente })
        .setProtectedHeader({ alg: ALG, kid: assinante!.kid, typ: 'JWT' })
        .setIssuedAt(agora)
        .setIssuer(issuer)
        .setAudience(audience)
        .setJti(randomUUID())
        .setExpirationTime(agora + vidaMaxima)
        .sign(assinante!.privateKey);
    },
    async verify(token: string): Promise<AccessClaims> {
      const opcoes = { algorithms: [ALG], issuer, audience, requiredClaims: EXIGIDAS, clockTolerance: TOLERANCIA_S };
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(token, conhecidas, opcoes));
      } catch (e) {
        if (!(e instanceof errors.JWKSNoMatchingKey) || Date.now() - lidasEm < RELER_CHAVES_MS) throw e;
        lidasEm = Date.now();
        await ler();
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
