import type { PermissoesPorRota } from '@ceasa/shared';

/** What browser storage keeps of a signed-in user (SPEC.md section 3, 'User session'). */
export interface Sessao {
  uid: string;
  nome: string;
  email: string;
  avatarUrl: string | null;
  perfilUser: string[];
  tokenInfo: { access_token: string; refresh_token: string; expiresAt: number };
  permissoes: PermissoesPorRota;
}

const CHAVE = 'ceasa.sessao';
export const CHAVE_ULTIMA_ROTA = 'ceasa.ultimaRota';

type Ouvinte = (s: Sessao | null) => void;
const ouvintes = new Set<Ouvinte>();

let atual: Sessao | null = (() => {
  try {
    const raw = localStorage.getItem(CHAVE);
    return raw ? (JSON.parse(raw) as Sessao) : null;
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
