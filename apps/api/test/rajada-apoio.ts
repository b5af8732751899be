/** A burst of sign-ins as an attacker sends it: real parallel HTTP requests to one or more servers. */
import { expect } from 'vitest';
import { MSG_TENTATIVAS } from '../src/identity/throttle';

const TOKEN = '/realms/ceasa/protocol/openid-connect/token';

export async function entrar(base: string, username: string, password: string) {
  const r = await fetch(`${base}${TOKEN}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username, password }).toString(),
  });
  const corpo = (await r.json()) as { message?: string; error_description?: string; access_token?: string };
  return { status: r.status, mensagem: corpo.message ?? corpo.error_description, corpo, retryAfter: r.headers.get('retry-after') };
}

/**
 * Thirty wrong passwords for one account at once, spread over `bases`, with the right one in their middle:
 * at most five passwords are checked (an invalid_grant), every other attempt and the right password get the pt-BR 429,
 * and the right password stays refused after the burst, until the window ends.
 */
export async function rajada(bases: string[], email: string, senha: string) {
  const tentativas = Array.from({ length: 31 }, (_, i) => (i === 15 ? senha : `errada-${i}`));
  const r = await Promise.all(tentativas.map((s, i) => entrar(bases[i % bases.length], email, s)));
  // A checked wrong password: the token endpoint's invalid_grant (400, RFC 6749) or a 401.
  const conferidas = r.filter((x) => x.status === 400 || x.status === 401).length;
  expect(conferidas).toBeGreaterThan(0);
  expect(conferidas).toBeLessThanOrEqual(5);
  expect(r.filter((x) => x.status === 429)).toHaveLength(31 - conferidas);
  for (const x of r.filter((y) => y.status === 429)) {
    expect(x.mensagem).toBe(MSG_TENTATIVAS);
    expect(Number(x.retryAfter)).toBeGreaterThan(0);
  }
  expect(r[15].status).toBe(429);
  for (const base of bases) expect((await entrar(base, email, senha)).status).toBe(429);
}
