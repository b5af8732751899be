import { createCipheriv, createDecipheriv, randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { JWK } from 'jose';
import type { Tx } from '../db/client';
import { segredos } from '../db/schema';

/** A private key as stored when CHAVES_SEGREDO is set: AES-256-GCM, `base64url(iv ‖ tag ‖ ciphertext)`. */
type Cifrada = { cifrada: string };

export const MSG_SEM_SEGREDO =
  'A chave de assinatura guardada no banco está cifrada e CHAVES_SEGREDO não foi definido: defina o mesmo CHAVES_SEGREDO com que ela foi guardada.';
export const MSG_SEGREDO_ERRADO = 'CHAVES_SEGREDO não abre a chave de assinatura guardada no banco: use o mesmo CHAVES_SEGREDO com que ela foi guardada.';

/**
 * The AES key of a CHAVES_SEGREDO, derived once per process: scrypt blocks for tens of milliseconds, and the keys are
 * read again at every rotation check and whenever a token names a key this server has not seen.
 */
const derivadas = new Map<string, Buffer>();
const chaveDe = (segredo: string) => {
  let k = derivadas.get(segredo);
  if (!k) derivadas.set(segredo, (k = scryptSync(segredo, 'ceasa.chaves', 32)));
  return k;
};
const ehCifrada = (v: unknown): v is Cifrada => typeof v === 'object' && v !== null && typeof (v as Cifrada).cifrada === 'string';

/** What is stored for `privada`: encrypted under CHAVES_SEGREDO when it is set, the JWK itself otherwise. */
export function guardarPrivada(privada: JWK, segredo: string | undefined): JWK | Cifrada {
  if (!segredo) return privada;
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', chaveDe(segredo), iv);
  const corpo = Buffer.concat([c.update(JSON.stringify(privada), 'utf8'), c.final()]);
  return { cifrada: Buffer.concat([iv, c.getAuthTag(), corpo]).toString('base64url') };
}

/** The JWK a stored `privada` holds (a plain one as it is); a pt-BR error when the secret is missing or wrong. */
export function lerPrivada(guardada: unknown, segredo: string | undefined): JWK {
  if (!ehCifrada(guardada)) return guardada as JWK;
  if (!segredo) throw new Error(MSG_SEM_SEGREDO);
  const b = Buffer.from(guardada.cifrada, 'base64url');
  try {
    const d = createDecipheriv('aes-256-gcm', chaveDe(segredo), b.subarray(0, 12));
    d.setAuthTag(b.subarray(12, 28));
    return JSON.parse(Buffer.concat([d.update(b.subarray(28)), d.final()]).toString('utf8')) as JWK;
  } catch {
    throw new Error(MSG_SEGREDO_ERRADO);
  }
}

/** Whether a stored `privada` is encrypted. */
export const privadaCifrada = ehCifrada;

/**
 * The secret kept under `nome` in the table `segredos` (32 bytes), made once by `inicial` and stored as an `oct`
 * JWK, encrypted under CHAVES_SEGREDO when it is set (a plain one is encrypted when the secret is set later). Two
 * servers making it at the same moment keep the first one stored.
 */
export async function segredoGuardado(
  db: Tx,
  nome: string,
  segredo: string | undefined,
  inicial: () => Promise<Buffer | undefined>,
): Promise<Buffer | undefined> {
  const ler = async () => (await db.select().from(segredos).where(eq(segredos.nome, nome)))[0];
  let linha = await ler();
  if (!linha) {
    const valor = await inicial();
    if (!valor) return undefined;
    await db
      .insert(segredos)
      .values({ nome, valor: guardarPrivada({ kty: 'oct', k: valor.toString('base64url') }, segredo) })
      .onConflictDoNothing();
    linha = (await ler())!;
  } else if (segredo && !ehCifrada(linha.valor))
    await db
      .update(segredos)
      .set({ valor: guardarPrivada(linha.valor as JWK, segredo) })
      .where(eq(segredos.nome, nome));
  return Buffer.from(lerPrivada(linha.valor, segredo).k!, 'base64url');
}
