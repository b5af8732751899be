import * as oidc from 'openid-client';
import { expect } from 'vitest';

/**
 * An authorization request with PKCE (S256) as openid-client builds it: the URL, and the verifier the code
 * exchange needs (`extra`: state, nonce…).
 */
export async function pedidoComPkce(config: oidc.Configuration, redirect_uri: string, scope: string, extra: Record<string, string> = {}) {
  const verifier = oidc.randomPKCECodeVerifier();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri,
    scope,
    code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    ...extra,
  });
  return { url, verifier };
}

/** A browser's cookies, as little as a test needs: name=value, sent to every path of the one server. */
export class Cookies {
  private valores = new Map<string, string>();
  guardar(res: Response) {
    for (const c of res.headers.getSetCookie()) {
      const [par] = c.split(';');
      const i = par.indexOf('=');
      const nome = par.slice(0, i).trim();
      const valor = par.slice(i + 1).trim();
      if (/expires=Thu, 01 Jan 1970/i.test(c) || valor === '') this.valores.delete(nome);
      else this.valores.set(nome, valor);
    }
  }
  cookie() {
    return [...this.valores].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/** GET without following redirects, keeping cookies. */
export async function ir(url: string | URL, cookies: Cookies, init: RequestInit = {}) {
  const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: cookies.cookie() } });
  cookies.guardar(res);
  return res;
}

/**
 * What a browser does between the authorization URL and the client's redirect URI: follows the provider
 * to the product's sign-in page (`/login?interacao=<uid>`), posts the e-mail and password as that page
 * does, and follows the answer back to the redirect URI. Returns that URL (with the code) or the refusal.
 */
export async function entrarPeloNavegador(autorizacao: URL, email: string, senha: string, cookies = new Cookies(), via?: string) {
  const origem = autorizacao.origin;
  // `via`: the other server of the same database, as a load balancer may choose, for every step after the first.
  const por = (u: URL | string) => (via ? new URL(new URL(u, origem).pathname + new URL(u, origem).search, via) : u);
  const a = await ir(autorizacao, cookies);
  expect(a.status).toBe(303);
  const paraInteracao = new URL(a.headers.get('location')!, origem);
  // Already signed in (the provider's session cookie): straight back to the client.
  if (!paraInteracao.pathname.startsWith('/realms/ceasa/interacao/')) return { cookies, retorno: paraInteracao };
  const b = await ir(por(paraInteracao), cookies);
  expect(b.status).toBe(303);
  const pagina = new URL(b.headers.get('location')!);
  expect(pagina.pathname).toBe('/login');
  const uid = pagina.searchParams.get('interacao')!;
  const post = await ir(por(`${origem}/realms/ceasa/interacao/${uid}/login`), cookies, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-ceasa-csrf': '1', origin: origem },
    body: JSON.stringify({ email, senha }),
  });
  const corpo = (await post.json()) as { redirectTo?: string; message?: string };
  if (post.status !== 200) return { cookies, recusa: { status: post.status, message: corpo.message } };
  let proximo = new URL(corpo.redirectTo!);
  // oidc-provider's resume endpoint, then the redirect URI.
  for (let i = 0; i < 5 && proximo.origin === origem; i++) {
    const r = await ir(por(proximo), cookies);
    expect([302, 303]).toContain(r.status);
    proximo = new URL(r.headers.get('location')!, origem);
  }
  return { cookies, retorno: proximo };
}
