import type { PermissoesPorRota } from '@ceasa/shared';

/**
 * What browser storage keeps of a signed-in user (docs/produto/dados.md, 'User session'): nothing token-like.
 * The refresh token lives in an HttpOnly cookie the page cannot read, the access token in memory only
 * (api-client.ts), so a script injected into a page could not steal either for later use.
 */
export interface Sessao {
  uid: string;
  nome: string;
  email: string;
  avatarUrl: string | null;
  perfilUser: string[];
  permissoes: PermissoesPorRota;
}

const CHAVE = 'ceasa.sessao';
export const CHAVE_ULTIMA_ROTA = 'ceasa.ultimaRota';

type Ouvinte = (s: Sessao | null) => void;
const ouvintes = new Set<Ouvinte>();

let atual: Sessao | null = (() => {
  try {
    const raw = localStorage.getItem(CHAVE);
    const s = raw ? (JSON.parse(raw) as Sessao & { tokenInfo?: unknown }) : null;
    // A session stored by an older version still holds tokens: drop it (the user signs in again).
    if (s && 'tokenInfo' in s) {
      localStorage.removeItem(CHAVE);
      return null;
    }
    return s;
  } catch {
    return null;
  }
})();

export const sessao = {
  get: () => atual,
  set(s: Sessao | null) {
    atual = s;
    if (s) localStorage.setItem(CHAVE, JSON.stringify(s));
    else localStorage.removeItem(CHAVE);
    for (const o of ouvintes) o(s);
  },
  subscribe(o: Ouvinte) {
    ouvintes.add(o);
    return () => ouvintes.delete(o);
  },
};

/** Payload of a JWT, unverified (the server verifies; the client only reads exp). */
export function decodeJwt(token: string): Record<string, unknown> {
  try {
    const b = token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/');
    return JSON.parse(decodeURIComponent(escape(atob(b))));
  } catch {
    return {};
  }
}

/** Sign-out: everything the app kept in this browser's storage (`ceasa.*`: session, last screen, list filters) goes. */
export function limparArmazenamento() {
  for (const area of [localStorage, sessionStorage]) for (const k of Object.keys(area)) if (k.startsWith('ceasa.')) area.removeItem(k);
}
