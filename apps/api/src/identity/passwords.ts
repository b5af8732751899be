import { hash, verify } from '@node-rs/argon2';

/** Argon2id (the library's default algorithm) with its default cost. */
export const hashSenha = (senha: string) => hash(senha);

let hashFalso: Promise<string> | undefined;

/**
 * Checks a password against a stored hash. Without an account, a dummy hash is verified anyway so
 * an unknown e-mail takes as long as a wrong password.
 */
export async function verificarSenha(senhaHash: string | null | undefined, senha: string): Promise<boolean> {
  if (!senhaHash) {
    hashFalso ??= hash('conta-inexistente');
    await verify(await hashFalso, senha).catch(() => false);
    return false;
  }
  try {
    return await verify(senhaHash, senha);
  } catch {
    return false; // not an Argon2 hash (e.g. an account without a usable password)
  }
}
