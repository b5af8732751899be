import { and, eq, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client';
import { codigosDeRecuperacao, segundosFatores } from '../db/schema';
import { normalizarCodigoDeRecuperacao, novosCodigosDeRecuperacao, passoDoCodigo } from './totp';
import { sha256 } from '../lib/segredos';

export const MSG_CODIGO_NECESSARIO = 'Informe o código do aplicativo autenticador (ou um código de recuperação).';
export const MSG_CODIGO_INVALIDO = 'Código inválido ou já usado. Confira o relógio do celular e tente o código seguinte.';
export const MSG_CADASTRE_O_FATOR = 'Seu perfil exige a verificação em duas etapas: cadastre o aplicativo autenticador antes de continuar.';
export const MSG_FATOR_JA_ATIVO = 'A verificação em duas etapas já está ativa nesta conta.';
export const MSG_SEM_CADASTRO_PENDENTE = 'Comece o cadastro do aplicativo autenticador antes de confirmar o código.';

/** Whether the roles `roles` must have a second factor under MFA_OBRIGATORIO. */
export const fatorObrigatorio = (roles: readonly string[], obrigatorio: readonly string[]) => roles.some((r) => obrigatorio.includes(r));

/** The person's confirmed authenticator, or undefined. */
export async function fatorAtivo(db: Db | Tx, usuarioId: string) {
  const [f] = await db
    .select()
    .from(segundosFatores)
    .where(and(eq(segundosFatores.usuarioId, usuarioId), isNotNull(segundosFatores.ativoEm)));
  return f;
}

/**
 * Checks a sign-in's code: a TOTP code of the confirmed authenticator (its time step later than the last one
 * accepted, claimed atomically, so the same code never passes twice, even on two servers) or an unused
 * recovery code (marked used in the same statement). Answers what it was, or null.
 */
export async function conferirCodigo(db: Db, usuarioId: string, codigo: string): Promise<'totp' | 'recuperacao' | null> {
  const c = codigo.trim();
  const fator = await fatorAtivo(db, usuarioId);
  if (!fator) return null;
  const passo = passoDoCodigo(fator.segredo, c.replace(/\s/g, ''), Date.now(), fator.ultimoPasso);
  if (passo !== null) {
    const r = await db
      .update(segundosFatores)
      .set({ ultimoPasso: passo })
      .where(and(eq(segundosFatores.usuarioId, usuarioId), or(isNull(segundosFatores.ultimoPasso), lt(segundosFatores.ultimoPasso, passo))))
      .returning({ u: segundosFatores.usuarioId });
    return r.length ? 'totp' : null;
  }
  const norm = normalizarCodigoDeRecuperacao(c);
  if (!/^[a-z0-9]{8}$/.test(norm)) return null;
  const r = await db
    .update(codigosDeRecuperacao)
    .set({ usadoEm: sql`now()` })
    .where(and(eq(codigosDeRecuperacao.usuarioId, usuarioId), eq(codigosDeRecuperacao.hash, sha256(norm)), isNull(codigosDeRecuperacao.usadoEm)))
    .returning({ id: codigosDeRecuperacao.id });
  return r.length ? 'recuperacao' : null;
}

/** Ten new recovery codes for the person (the old ones go): answered once, only their hashes kept. */
export async function trocarCodigosDeRecuperacao(tx: Tx, usuarioId: string): Promise<string[]> {
  const codigos = novosCodigosDeRecuperacao();
  await tx.delete(codigosDeRecuperacao).where(eq(codigosDeRecuperacao.usuarioId, usuarioId));
  await tx.insert(codigosDeRecuperacao).values(codigos.map((c) => ({ usuarioId, hash: sha256(normalizarCodigoDeRecuperacao(c)) })));
  return codigos;
}

/** Removes the person's factor and recovery codes (a super-admin's reset). */
export async function removerFator(tx: Tx, usuarioId: string) {
  await tx.delete(codigosDeRecuperacao).where(eq(codigosDeRecuperacao.usuarioId, usuarioId));
  const r = await tx.delete(segundosFatores).where(eq(segundosFatores.usuarioId, usuarioId)).returning({ u: segundosFatores.usuarioId });
  return r.length > 0;
}

/** How many unused recovery codes the person has left. */
export async function codigosRestantes(db: Db, usuarioId: string): Promise<number> {
  const r = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(codigosDeRecuperacao)
    .where(and(eq(codigosDeRecuperacao.usuarioId, usuarioId), isNull(codigosDeRecuperacao.usadoEm)));
  return r[0]?.n ?? 0;
}
