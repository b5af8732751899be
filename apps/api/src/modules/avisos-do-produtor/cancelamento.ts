import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { TIPOS_DE_AVISO, type TipoDeAviso } from '@ceasa/shared';
import type { Tx } from '../../db/client';
import { segredoGuardado } from '../../lib/cifra-das-chaves';

/**
 * The one-click unsubscribe of one kind of a producer's news (RFC 8058; decision 0299, as the quotation's in 0261):
 * `<pessoaId>.<tipo>.<HMAC-SHA256 of both>` under a key made once and kept in `segredos` (a secret: never in a
 * backup, encrypted under CHAVES_SEGREDO when set). Nothing of it is stored: every e-mail of that kind carries the
 * same link, computed again; a forged signature, another person or another kind stops nothing. After a restore the
 * key is new: older links stop working (the page says so) and the next e-mail carries a working one.
 */
const chave = async (db: Tx, segredo: string | undefined) => (await segredoGuardado(db, 'portal-avisos', segredo, async () => randomBytes(32)))!;

const assinar = (k: Buffer, pessoaId: number, tipo: TipoDeAviso) => createHmac('sha256', k).update(`portal-aviso:${pessoaId}:${tipo}`).digest('base64url');

export async function tokenDoCancelamento(db: Tx, segredo: string | undefined, pessoaId: number, tipo: TipoDeAviso) {
  return `${pessoaId}.${tipo}.${assinar(await chave(db, segredo), pessoaId, tipo)}`;
}

const FORMA = new RegExp(`^([1-9][0-9]{0,9})\\.(${TIPOS_DE_AVISO.join('|')})\\.([A-Za-z0-9_-]{43})$`);

/** The person and kind a token names, when its signature holds; null otherwise. */
export async function lerCancelamento(db: Tx, segredo: string | undefined, token: string): Promise<{ pessoaId: number; tipo: TipoDeAviso } | null> {
  const m = FORMA.exec(token);
  if (!m) return null;
  const pessoaId = Number(m[1]);
  const tipo = m[2] as TipoDeAviso;
  const esperado = Buffer.from(assinar(await chave(db, segredo), pessoaId, tipo));
  const dado = Buffer.from(m[3]);
  return esperado.length === dado.length && timingSafeEqual(esperado, dado) ? { pessoaId, tipo } : null;
}
