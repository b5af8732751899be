import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, or, sql } from 'drizzle-orm';
import { lerNivelGovbr, type NivelGovbr } from '@ceasa/shared/resources/portal';
import type { Config } from '../config';
import type { Db, Tx } from '../db/client';
import { identidadesExternas, pessoa, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { segredoGuardado } from '../lib/cifra-das-chaves';
import { criarProvedorExterno, SEM_SENHA, type Claims, type FluxoDeEntrada, type ProvedorExterno } from './externo';
import { encerrarConvitesPendentes, PAPEL_PRODUTOR } from './portal';
import type { UsuarioRow } from './tokens';

/**
 * gov.br, the producers' portal's provider (docs/produto/portal.md, docs/decisions/0297-portal-contas-e-govbr.md):
 * the authorization code flow with PKCE S256 done by the server with openid-client (the same machinery as the
 * staff's external provider, identity/externo.ts); the ID token's `sub` is the CPF and its `reliability_info.level`
 * the account's reliability level.
 */

/** What the portal asks gov.br for: the ID token with the CPF, the e-mail and name, and the reliability level in it. */
export const ESCOPOS_GOVBR = 'openid email profile govbr_confiabilidades govbr_confiabilidades_idtoken';

/** The e-mail's domain of an account made by gov.br without a usable e-mail (none, or another account's). */
export const DOMINIO_SEM_EMAIL = 'govbr.invalid';

/** gov.br as an OpenID Connect provider (discovered on first use), or undefined without GOVBR_ISSUER. */
export function criarGovbr(config: Pick<Config, 'portal'>): ProvedorExterno | undefined {
  const g = config.portal.govbr;
  if (!g) return undefined;
  return criarProvedorExterno({
    issuer: g.issuer,
    clientId: g.clientId,
    clientSecret: g.clientSecret,
    rolesClaim: [],
    audience: g.clientId,
    scopes: ESCOPOS_GOVBR,
  });
}

/** Who signed in at gov.br, from the ID token's claims: the CPF (`sub`'s digits), the level, e-mail and name. */
export interface QuemNoGovbr {
  cpf: string;
  nivel: NivelGovbr;
  email?: string;
  nome?: string;
}

/** The ID token's claims read (null when `sub` is not a CPF). */
export function lerQuemNoGovbr(c: Claims): QuemNoGovbr | null {
  const cpf = typeof c.sub === 'string' ? c.sub.replace(/\D/g, '') : '';
  if (cpf.length !== 11) return null;
  const info = c.reliability_info && typeof c.reliability_info === 'object' ? (c.reliability_info as Claims) : {};
  const email = typeof c.email === 'string' && c.email.includes('@') && c.email.length <= 320 ? c.email.trim().toLowerCase() : undefined;
  const nome = typeof c.name === 'string' && c.name.trim() ? c.name.trim().slice(0, 200) : undefined;
  return { cpf, nivel: lerNivelGovbr(info.level), email, nome };
}

/** The sign-in in progress (state, nonce, PKCE verifier) and when it stops being accepted (ms). */
export interface FluxoGovbr extends FluxoDeEntrada {
  ate: number;
}

/**
 * The flow's cookie, signed (HMAC-SHA256 with a key kept in the table `segredos`, encrypted under CHAVES_SEGREDO),
 * so the callback accepts only a flow this product started, and only for its few minutes.
 */
export function seloDoFluxo(db: Db, config: Pick<Config, 'chavesSegredo'>) {
  let chave: Promise<Buffer> | undefined;
  const obter = () => (chave ??= segredoGuardado(db, 'fluxo-govbr', config.chavesSegredo, async () => randomBytes(32)).then((c) => c!));
  const assinatura = async (dados: string) =>
    createHmac('sha256', await obter())
      .update(dados)
      .digest('base64url');
  return {
    async selar(f: FluxoGovbr): Promise<string> {
      const dados = Buffer.from(JSON.stringify(f)).toString('base64url');
      return `${dados}.${await assinatura(dados)}`;
    },
    async abrir(valor: string | undefined): Promise<FluxoGovbr | null> {
      const [dados, sinal, ...resto] = (valor ?? '').split('.');
      if (!dados || !sinal || resto.length) return null;
      const esperado = Buffer.from(await assinatura(dados));
      const recebido = Buffer.from(sinal);
      if (esperado.length !== recebido.length || !timingSafeEqual(esperado, recebido)) return null;
      try {
        const f = JSON.parse(Buffer.from(dados, 'base64url').toString()) as Partial<FluxoGovbr>;
        const ok = typeof f.state === 'string' && typeof f.nonce === 'string' && typeof f.verifier === 'string' && typeof f.ate === 'number';
        return ok && f.ate! > Date.now() ? (f as FluxoGovbr) : null;
      } catch {
        return null;
      }
    },
  };
}

export type VinculoGovbr = { ok: true; usuario: UsuarioRow; nova: boolean } | { ok: false; motivo: 'sem-cadastro' | 'desativado' };

/** A first sign-in of the same person committed by another request meanwhile: once more, finding its rows. */
class Corrida extends Error {}

/**
 * The portal account of the person whose document is this CPF (the person's `cpfcnpj` without its punctuation, as
 * the unique index reads it): his account if he has one (refused when disabled), else a new one (role produtor, no
 * password, the gov.br e-mail when present and no other account's, else `<cpf>@govbr.invalid`). The binding
 * (issuer, CPF) → account is recorded in `identidades_externas` with the level of this sign-in, and only there: a
 * person whose CPF changed is bound anew. The caller checked the level first.
 */
export async function vincularContaGovbr(db: Db, issuer: string, quem: QuemNoGovbr): Promise<VinculoGovbr> {
  const tentar = () =>
    db.transaction(async (tx): Promise<VinculoGovbr> => {
      const [p] = await tx
        .select({ id: pessoa.id, nome: pessoa.nome })
        .from(pessoa)
        .where(sql`upper(regexp_replace(${pessoa.cpfcnpj}, '[^0-9A-Za-z]', '', 'g')) = ${quem.cpf}`);
      if (!p) return { ok: false, motivo: 'sem-cadastro' };
      let [conta] = await tx.select().from(usuarios).where(eq(usuarios.pessoaId, p.id)).for('update');
      const nova = !conta;
      if (!conta) conta = await criarConta(tx, p, quem);
      if (!conta.ativo) return { ok: false, motivo: 'desativado' };
      await vincular(tx, issuer, quem, conta.id);
      return { ok: true, usuario: conta, nova };
    });
  for (let vez = 1; ; vez++) {
    try {
      return await tentar();
    } catch (e) {
      if (!(e instanceof Corrida) || vez === 4) throw e;
    }
  }
}

async function criarConta(tx: Tx, p: { id: number; nome: string }, quem: QuemNoGovbr): Promise<UsuarioRow> {
  const ocupado = quem.email ? (await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, quem.email))).length > 0 : true;
  const email = !ocupado && quem.email ? quem.email : `${quem.cpf}@${DOMINIO_SEM_EMAIL}`;
  const [conta] = await tx
    .insert(usuarios)
    .values({ nome: p.nome, email, senhaHash: SEM_SENHA, roles: [PAPEL_PRODUTOR], pessoaId: p.id })
    .onConflictDoNothing()
    .returning();
  if (!conta) throw new Corrida();
  // An invitation still pending is of no use now.
  await encerrarConvitesPendentes(tx, p.id);
  await registrarLog(tx, email, 'Usuario', conta.id, 'INSERT', {
    id: conta.id,
    nome: conta.nome,
    email,
    ativo: conta.ativo,
    roles: conta.roles,
    pessoaId: p.id,
    origem: 'gov.br',
  });
  return conta;
}

/** (issuer, CPF) → the account, alone: an older binding of the CPF or of the account to another CPF goes. */
async function vincular(tx: Tx, issuer: string, quem: QuemNoGovbr, usuarioId: string) {
  const doSujeito = and(eq(identidadesExternas.issuer, issuer), eq(identidadesExternas.sub, quem.cpf));
  const [atual] = await tx.select().from(identidadesExternas).where(doSujeito).for('update');
  if (atual?.usuarioId === usuarioId) {
    await tx.update(identidadesExternas).set({ nivel: quem.nivel }).where(doSujeito);
    return;
  }
  await tx
    .delete(identidadesExternas)
    .where(and(eq(identidadesExternas.issuer, issuer), or(eq(identidadesExternas.sub, quem.cpf), eq(identidadesExternas.usuarioId, usuarioId))));
  const [v] = await tx.insert(identidadesExternas).values({ issuer, sub: quem.cpf, usuarioId, nivel: quem.nivel }).onConflictDoNothing().returning();
  if (!v) throw new Corrida();
}
