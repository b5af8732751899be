import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { ROLES } from '@ceasa/shared/papeis';
import { enderecoPublico, type Config, type OidcExterno } from '../config';
import type { Db } from '../db/client';
import { identidadesExternas, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import type { UsuarioRow } from './tokens';

/** An account made by an external sign-in has no usable password (not an Argon2 hash: verificarSenha says no). */
export const SEM_SENHA = '!externo';

/** How long a request to the provider may take (discovery, token, userinfo). */
const TEMPO_LIMITE_S = 10;

export class ProvedorIndisponivel extends Error {}

/** The claims of the provider that say who signed in (ID token, userinfo or access token). */
export type Claims = Record<string, unknown>;

/**
 * The municipality's OpenID Connect provider (docs/decisions/0118-modo-de-identidade-externo.md), discovered
 * on first use and again after a failure (a provider down at start-up does not keep the product from starting;
 * the sign-in says it is unavailable until it answers).
 */
export function criarProvedorExterno(oidc: OidcExterno) {
  let descoberta: Promise<client.Configuration> | null = null;
  let jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  function configuracao(): Promise<client.Configuration> {
    descoberta ??= client
      .discovery(
        new URL(oidc.issuer),
        oidc.clientId,
        oidc.clientSecret,
        oidc.clientSecret ? client.ClientSecretBasic(oidc.clientSecret) : client.None(),
        // An http issuer only where the operator configured one (a test or a local provider).
        { execute: oidc.issuer.startsWith('http:') ? [client.allowInsecureRequests] : [], timeout: TEMPO_LIMITE_S },
      )
      .catch((e: unknown) => {
        descoberta = null;
        throw new ProvedorIndisponivel(`Provedor de identidade ${oidc.issuer} indisponível: ${e instanceof Error ? e.message : String(e)}`);
      });
    return descoberta;
  }

  /** The product's roles in `claims` at OIDC_ROLES_CLAIM; undefined when the claim is absent (the roles set at /usuarios stay). */
  function papeis(...fontes: (Claims | undefined)[]): string[] | undefined {
    for (const c of fontes) {
      let v: unknown = c;
      for (const parte of oidc.rolesClaim) v = v && typeof v === 'object' ? (v as Claims)[parte] : undefined;
      if (Array.isArray(v)) return ROLES.filter((r) => v.includes(r));
      if (typeof v === 'string') return ROLES.filter((r) => v.split(/[\s,]+/).includes(r));
    }
    return undefined;
  }

  /**
   * The provider's access token, verified: its signature against the provider's JWKS, its issuer, its
   * audience (OIDC_AUDIENCE, default OIDC_CLIENT_ID), its client (`azp`, else `client_id`, else `aud`, must name
   * OIDC_CLIENT_ID) and its expiry. An ID token is not an access token
   * (Keycloak marks its kind in `typ`; RFC 9068 tokens in the header's `typ`): it is refused.
   */
  async function verificarAcesso(token: string): Promise<JWTPayload> {
    const meta = (await configuracao()).serverMetadata();
    if (!meta.jwks_uri) throw new Error('o provedor não publica jwks_uri');
    jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: TEMPO_LIMITE_S * 1000 });
    const { payload } = await jwtVerify(token, jwks, { issuer: meta.issuer, audience: oidc.audience, requiredClaims: ['exp'] });
    const tipoCabecalho = String(decodeProtectedHeader(token).typ ?? '').toLowerCase();
    const deAcesso = tipoCabecalho === 'at+jwt' || tipoCabecalho === 'application/at+jwt' || payload.typ === 'Bearer';
    if (!deAcesso) throw new Error('token não é de acesso');
    // Issued to this product's client only: `azp` (Keycloak) or `client_id` (RFC 9068) names OIDC_CLIENT_ID, or,
    // without either, `aud` does. A token the provider gave another of its clients (same audience) is refused.
    const cliente = [payload.azp, payload.client_id].find((v) => typeof v === 'string');
    const audiencias = [payload.aud ?? []].flat();
    if (cliente !== undefined ? cliente !== oidc.clientId : !audiencias.includes(oidc.clientId)) throw new Error('token emitido para outro cliente');
    return payload;
  }

  return { oidc, configuracao, papeis, verificarAcesso };
}
export type ProvedorExterno = ReturnType<typeof criarProvedorExterno>;

/** What a sign-in at a provider keeps until its callback: the state, the nonce and the PKCE verifier. */
export interface FluxoDeEntrada {
  state: string;
  nonce: string;
  verifier: string;
}

/** A sign-in's authorization request (code flow, PKCE S256, a fresh state and nonce) and the flow its callback checks. */
export async function pedidoDeAutorizacao(cfg: client.Configuration, redirectUri: string, scope: string) {
  const fluxo: FluxoDeEntrada = { state: client.randomState(), nonce: client.randomNonce(), verifier: client.randomPKCECodeVerifier() };
  const url = client.buildAuthorizationUrl(cfg, {
    redirect_uri: redirectUri,
    response_type: 'code',
    scope,
    state: fluxo.state,
    nonce: fluxo.nonce,
    code_challenge: await client.calculatePKCECodeChallenge(fluxo.verifier),
    code_challenge_method: 'S256',
  });
  return { fluxo, url };
}

/** The callback's code traded at the token endpoint; the ID token checked by openid-client (signature, issuer, audience, nonce). */
export const trocarCodigo = (cfg: client.Configuration, retorno: URL, fluxo: FluxoDeEntrada) =>
  client.authorizationCodeGrant(cfg, retorno, {
    pkceCodeVerifier: fluxo.verifier,
    expectedState: fluxo.state,
    expectedNonce: fluxo.nonce,
    idTokenExpected: true,
  });

export type Identificacao = { ok: true; sub: string; email: string; nome: string; emailVerificado: boolean } | { ok: false; motivo: 'sem-email' | 'sem-sub' };

/**
 * Who signed in: the provider's subject (`sub`), the e-mail (trimmed, lower case), the name, and whether the
 * provider vouches for the e-mail (`email_verified` the boolean true; the string "true" is not a boolean).
 */
export function identificar(...fontes: (Claims | undefined)[]): Identificacao {
  const c: Claims = Object.assign({}, ...fontes.filter(Boolean).reverse());
  const sub = typeof c.sub === 'string' ? c.sub : '';
  if (!sub || sub.length > 255) return { ok: false, motivo: 'sem-sub' };
  const email = typeof c.email === 'string' ? c.email.trim().toLowerCase() : '';
  if (!email || email.length > 320 || !email.includes('@')) return { ok: false, motivo: 'sem-email' };
  const partes = [c.given_name, c.family_name].filter((p) => typeof p === 'string' && p.trim());
  const nome = [c.name, partes.join(' '), c.preferred_username, email].find((n) => typeof n === 'string' && n.trim()) as string;
  return { ok: true, sub, email, nome: nome.trim().slice(0, 200), emailVerificado: c.email_verified === true };
}

export type Sincronizacao = { ok: true; usuario: UsuarioRow; mudouPapeis: boolean } | { ok: false; motivo: 'email-nao-verificado' | 'email-em-uso' };

/**
 * The product's account of the provider's subject (docs/decisions/0156):
 * - bound by the pair (issuer, `sub`) in `identidades_externas` (unique in the database);
 * - on the subject's first sign-in, an account with the same e-mail (trimmed, case-insensitive) is linked only
 *   when the provider says `email_verified: true`, and only if no other subject of this issuer holds it;
 *   otherwise a new account is made (no password, decision 0119);
 * - afterwards the e-mail is never used to find the account: a change of e-mail at the provider updates the
 *   bound account (when no other account has the new address) and never moves it;
 * - the roles of the claim (decision 0120) are applied only from a token at least as new (`iat`) as the newest
 *   one applied, so an older, still valid token never brings back roles the provider removed.
 * Returns the row and whether the roles changed (the caller drops the cached session checks).
 */
export async function sincronizarUsuario(
  db: Db,
  issuer: string,
  quem: { sub: string; email: string; nome: string; emailVerificado: boolean },
  roles: string[] | undefined,
  iat: unknown,
): Promise<Sincronizacao> {
  const { sub, email, nome } = quem;
  const emitido = typeof iat === 'number' && Number.isFinite(iat) ? Math.floor(iat) : 0;
  // A first sign-in of the same subject (or e-mail) committed by another request meanwhile: once more, now
  // finding its rows (two parallel calls with a new token, two tabs returning from the provider).
  // Thrown, so the transaction rolls back (an account made in it goes too).
  class Corrida extends Error {}
  const tentar = () =>
    db.transaction(async (tx): Promise<Sincronizacao> => {
      const doSujeito = and(eq(identidadesExternas.issuer, issuer), eq(identidadesExternas.sub, sub));
      let [vinculo] = await tx.select().from(identidadesExternas).where(doSujeito).for('update');
      let usuario: UsuarioRow | undefined;
      if (vinculo) {
        [usuario] = await tx.select().from(usuarios).where(eq(usuarios.id, vinculo.usuarioId)).for('update');
        if (email !== usuario.email) {
          const [ocupado] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
          if (!ocupado) {
            [usuario] = await tx.update(usuarios).set({ email }).where(eq(usuarios.id, usuario.id)).returning();
            await registrarLog(tx, email, 'Usuario', usuario.id, 'UPDATE', { id: usuario.id, email, origem: 'provedor externo' });
          }
        }
      } else {
        const [existente] = await tx.select().from(usuarios).where(eq(usuarios.email, email)).for('update');
        if (existente) {
          if (!quem.emailVerificado) return { ok: false, motivo: 'email-nao-verificado' };
          const [outro] = await tx
            .select({ sub: identidadesExternas.sub })
            .from(identidadesExternas)
            .where(and(eq(identidadesExternas.issuer, issuer), eq(identidadesExternas.usuarioId, existente.id)));
          // Our own subject's binding, committed by a parallel call after this one looked for it: once more.
          if (outro?.sub === sub) throw new Corrida();
          if (outro) return { ok: false, motivo: 'email-em-uso' };
          usuario = existente;
        } else {
          [usuario] = await tx
            .insert(usuarios)
            .values({ nome, email, senhaHash: SEM_SENHA, roles: roles ?? [] })
            .onConflictDoNothing({ target: usuarios.email })
            .returning();
          if (!usuario) throw new Corrida();
          await registrarLog(tx, email, 'Usuario', usuario.id, 'INSERT', {
            id: usuario.id,
            nome,
            email,
            ativo: usuario.ativo,
            roles: usuario.roles,
            origem: 'provedor externo',
          });
        }
        [vinculo] = await tx.insert(identidadesExternas).values({ issuer, sub, usuarioId: usuario.id }).onConflictDoNothing().returning();
        if (!vinculo) throw new Corrida();
      }
      const novo = vinculo.papeisIat === null || emitido >= vinculo.papeisIat;
      if (roles === undefined || !novo) return { ok: true, usuario, mudouPapeis: false };
      await tx.update(identidadesExternas).set({ papeisIat: emitido }).where(doSujeito);
      const mudouPapeis = [...roles].sort().join() !== [...usuario.roles].sort().join();
      if (!mudouPapeis) return { ok: true, usuario, mudouPapeis };
      const [atualizado] = await tx.update(usuarios).set({ roles }).where(eq(usuarios.id, usuario.id)).returning();
      await registrarLog(tx, atualizado.email, 'Usuario', usuario.id, 'UPDATE', { id: usuario.id, email: atualizado.email, roles, origem: 'provedor externo' });
      return { ok: true, usuario: atualizado, mudouPapeis };
    });
  // Each retry finds the rows another request committed; a few, since several parallel first calls may each lose once.
  for (let vez = 1; ; vez++) {
    try {
      return await tentar();
    } catch (e) {
      if (!(e instanceof Corrida)) throw e;
      if (vez === 4) return { ok: false, motivo: 'email-em-uso' };
    }
  }
}

export const MSG_PROVEDOR_DESLIGADO =
  'O provedor de identidade próprio deste sistema está desligado: a entrada é pelo provedor de identidade do município (OIDC_ISSUER).';

/** External identity mode: the built-in provider's paths (/realms/...) answer a pt-BR 404, so no client mistakes them for a live provider. */
export function registrarIdentidadeDesligada(app: FastifyInstance) {
  app.all('/realms/*', { schema: { hide: true } }, async (_req, reply) =>
    reply
      .code(404)
      .header('cache-control', 'no-store')
      .send({ error: 'not_found', error_description: MSG_PROVEDOR_DESLIGADO, message: MSG_PROVEDOR_DESLIGADO }),
  );
}

/** Where the provider sends the browser after its sign-out (registered there as a post-logout redirect URI). */
export const posSaida = (ctx: { config: Config }) => `${enderecoPublico(ctx.config)}/`;

/**
 * The provider's end-session address for this ID token (RP-initiated logout), back to `depois` (default posSaida),
 * or null when it has none or is unreachable.
 */
export async function enderecoDeSaida(ctx: { config: Config }, provedor: ProvedorExterno, idToken: string, depois = posSaida(ctx)): Promise<string | null> {
  try {
    const cfg = await provedor.configuracao();
    if (!cfg.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(cfg, { id_token_hint: idToken, post_logout_redirect_uri: depois, client_id: provedor.oidc.clientId }).toString();
  } catch {
    return null;
  }
}
