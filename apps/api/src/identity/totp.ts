import { createHmac, randomBytes, randomInt } from 'node:crypto';

/**
 * Time-based one-time passwords (RFC 6238 over RFC 4226's HOTP) as authenticator apps compute them: HMAC-SHA1,
 * 6 digits, a 30-second step. Written with node:crypto alone (a few lines, no dependency).
 */
export const PASSO_SEGUNDOS = 30;
export const DIGITOS = 6;
/** Steps accepted on each side of the current one (a phone's clock a little off, a code typed near the turn). */
export const JANELA = 1;

const ALFABETO = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 without padding: how authenticator apps take the secret. */
export function base32(bytes: Buffer): string {
  let bits = 0;
  let valor = 0;
  let saida = '';
  for (const b of bytes) {
    valor = (valor << 8) | b;
    bits += 8;
    while (bits >= 5) {
      saida += ALFABETO[(valor >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) saida += ALFABETO[(valor << (5 - bits)) & 31];
  return saida;
}

export function deBase32(texto: string): Buffer {
  const limpo = texto.toUpperCase().replace(/[\s=-]/g, '');
  const bytes: number[] = [];
  let bits = 0;
  let valor = 0;
  for (const c of limpo) {
    const i = ALFABETO.indexOf(c);
    if (i < 0) throw new Error('base32 inválido');
    valor = (valor << 5) | i;
    bits += 5;
    if (bits >= 8) {
      bytes.push((valor >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** A new secret: 20 random bytes (160 bits, RFC 4226's recommendation), in base32. */
export const novoSegredo = () => base32(randomBytes(20));

/** The time step of an instant (milliseconds since the epoch). */
export const passoDe = (ms: number) => Math.floor(ms / 1000 / PASSO_SEGUNDOS);

/** The code of `segredo` (base32) at time step `passo`. */
export function codigoNoPasso(segredo: string, passo: number): string {
  const contador = Buffer.alloc(8);
  contador.writeBigUInt64BE(BigInt(passo));
  const h = createHmac('sha1', deBase32(segredo)).update(contador).digest();
  const o = h[h.length - 1] & 15;
  const n = (h.readUInt32BE(o) & 0x7fffffff) % 10 ** DIGITOS;
  return String(n).padStart(DIGITOS, '0');
}

/**
 * The time step whose code `codigo` is, within the window around `agoraMs`, and later than `ultimoPasso` (a code
 * already accepted, or an earlier one, is refused); null otherwise.
 */
export function passoDoCodigo(segredo: string, codigo: string, agoraMs: number, ultimoPasso: number | null): number | null {
  if (!new RegExp(`^\\d{${DIGITOS}}$`).test(codigo)) return null;
  const agora = passoDe(agoraMs);
  for (let d = -JANELA; d <= JANELA; d++) {
    const p = agora + d;
    if (ultimoPasso !== null && p <= ultimoPasso) continue;
    if (codigoNoPasso(segredo, p) === codigo) return p;
  }
  return null;
}

/** The `otpauth://` URI an authenticator app reads from the QR code. */
export function uriOtpauth(segredo: string, emissor: string, conta: string): string {
  const rotulo = encodeURIComponent(`${emissor}:${conta}`);
  const q = new URLSearchParams({ secret: segredo, issuer: emissor, algorithm: 'SHA1', digits: String(DIGITOS), period: String(PASSO_SEGUNDOS) });
  return `otpauth://totp/${rotulo}?${q.toString()}`;
}

/** Ten recovery codes like `k7m2-q9xp`: 8 characters of an alphabet without look-alikes (about 41 bits each). */
const ALFABETO_RECUPERACAO = 'abcdefghjkmnpqrstuvwxyz23456789';
export function novosCodigosDeRecuperacao(n = 10): string[] {
  const um = () => Array.from({ length: 8 }, () => ALFABETO_RECUPERACAO[randomInt(ALFABETO_RECUPERACAO.length)]).join('');
  return Array.from({ length: n }, () => {
    const c = um();
    return `${c.slice(0, 4)}-${c.slice(4)}`;
  });
}

/** A recovery code as typed (any case, with or without the hyphen or spaces), in the form its hash was made of. */
export const normalizarCodigoDeRecuperacao = (c: string) => c.toLowerCase().replace(/[\s-]/g, '');
