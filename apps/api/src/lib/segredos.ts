import { createHash, randomBytes } from 'node:crypto';

/*
 * The server's one way to make an unguessable token and to keep only its hash: reset and confirmation links,
 * refresh tokens, the local backup's token, the cookie keys. What is stored is the hash, never the token.
 */

/** An opaque secret for a link or a token: 256 random bits, URL-safe. */
export const tokenAleatorio = () => randomBytes(32).toString('base64url');

/** SHA-256 of a text, in hex: what is stored of a token. */
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
