import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import * as client from 'openid-client';
import { ROLES } from '@ceasa/shared/papeis';
import { enderecoPublico, type OidcExterno } from '../config';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { usuarios } from '../db/schema';
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
   * audience (OIDC_AUDIENCE, default OIDC_CLIENT_ID) and its expiry. An ID token is not an access token
   * (Keycloak marks its kind in `typ`; RFC 9068 tokens in the header's `typ`): it is refused.
   */
  async function verificarAcesso(token: string): Promise<JWTPayload> {
    const meta = (await configuracao()).serverMetadata();
    if (!meta.jwks_uri) throw new Error('o provedor não publica jwks_uri');
    jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: TEMPO_LIMITE_S * 1000 });
    const { payload } = await jwtVerify(token, jwks, { issuer: meta.issuer, audience: oidc.audience });
    const tipoCabecalho = String(decodeProtectedHeader(token).typ ?? '').toLowerCase();
    const deAcesso = tipoCabecalho === 'at+jwt' || tipoCabecalho === 'application/at+jwt' || payload.typ === 'Bearer';
    if (!deAcesso) throw new Error('token não é de acesso');
    return payload;
  }

  return { oidc, configuracao, papeis, verificarAcesso };
}
export type ProvedorExterno = ReturnType<typeof criarProvedorExterno>;

export type Identificacao = { ok: true; email: string; nome: string; emailVerificado: boolean } | { ok: false; motivo: 'sem-email' };

/** The e-mail (lower case), name and whether the provider vouches for the e-mail (`email_verified: true`) the claims give. */
export function identificar(...fontes: (Claims | undefined)[]): Identificacao {
  const c: Claims = Object.assign({}, ...fontes.filter(Boolean).reverse());
  const email = typeof c.email === 'string' ? c.email.trim().toLowerCase() : '';
  if (!email || email.length > 320 || !email.includes('@')) return { ok: false, motivo: 'sem-email' };
  const partes = [c.given_name, c.family_name].filter((p) => typeof p === 'string' && p.trim());
  const nome = [c.name, partes.join(' '), c.preferred_username, email].find((n) => typeof n === 'string' && n.trim()) as string;
  // Only a provider that vouches for the e-mail (email_verified true) may reach an account that has a password here.
  const emailVerificado = c.email_verified === true || c.email_verified === 'true';
  return { ok: true, email, nome: nome.trim().slice(0, 200), emailVerificado };
}

export type Sincronizacao = { ok: true; usuario: UsuarioRow; mudouPapeis: boolean } | { ok: false; motivo: 'email-nao-verificado' };

/**
 * The product's user with this e-mail, created on the first sign-in (no password, decision 0119), with the
 * roles of the provider's claim where it carries one (decision 0120). An account that has a password here
 * (registered or made at /usuarios) is reached only with an e-mail the provider vouches for. Returns the
 * row and whether the roles changed (the caller drops the cached session checks).
 */
export async function sincronizarUsuario(
  db: Db,
  quem: { email: string; nome: string; emailVerificado: boolean },
  roles: string[] | undefined,
): Promise<Sincronizacao> {
  const { email, nome } = quem;
  return db.transaction(async (tx): Promise<Sincronizacao> => {
    const [criado] = await tx
      .insert(usuarios)
      .values({ nome, email, senhaHash: SEM_SENHA, roles: roles ?? [] })
      .onConflictDoNothing({ target: usuarios.email })
      .returning();
    if (criado) {
      await registrarLog(tx, email, 'Usuario', criado.id, 'INSERT', {
        id: criado.id,
        nome,
        email,
        ativo: criado.ativo,
        roles: criado.roles,
        origem: 'provedor externo',
      });
      return { ok: true, usuario: criado, mudouPapeis: false };
    }
    const [atual] = await tx.select().from(usuarios).where(eq(usuarios.email, email)).for('update');
    if (!quem.emailVerificado && atual.senhaHash !== SEM_SENHA) return { ok: false, motivo: 'email-nao-verificado' };
    const mudouPapeis = roles !== undefined && [...roles].sort().join() !== [...atual.roles].sort().join();
    if (!mudouPapeis) return { ok: true, usuario: atual, mudouPapeis };
    const [usuario] = await tx.update(usuarios).set({ roles }).where(eq(usuarios.id, atual.id)).returning();
    await registrarLog(tx, email, 'Usuario', atual.id, 'UPDATE', { id: atual.id, email, roles, origem: 'provedor externo' });
    return { ok: true, usuario, mudouPapeis };
  });
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
export const posSaida = (ctx: Pick<AppContext, 'config'>) => `${enderecoPublico(ctx.config)}/`;

/** The provider's end-session address for this ID token (RP-initiated logout), or null when it has none or is unreachable. */
export async function enderecoDeSaida(ctx: Pick<AppContext, 'config'>, provedor: ProvedorExterno, idToken: string): Promise<string | null> {
  try {
    const cfg = await provedor.configuracao();
    if (!cfg.serverMetadata().end_session_endpoint) return null;
    return client.buildEndSessionUrl(cfg, { id_token_hint: idToken, post_logout_redirect_uri: posSaida(ctx), client_id: provedor.oidc.clientId }).toString();
  } catch {
    return null;
  }
}
