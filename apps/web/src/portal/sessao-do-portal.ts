import { useSyncExternalStore } from 'react';
import { ApiError, entrarNaSessao, entrarPeloCookie, sairDaSessao, usarSessao } from '../lib/api-client';

/*
 * The producer's session in the portal (docs/produto/portal.md, 'Sessions'): its own endpoints and cookie
 * (/api/portal/sessao/*), the access token in memory only (api-client.ts), a refresh through the cookie when the
 * page loads and before the token expires (use-renovacao.ts). Nothing is kept in browser storage.
 */

export type SituacaoDaSessao = 'iniciando' | 'fora' | 'dentro';
export interface EstadoDaSessao {
  situacao: SituacaoDaSessao;
  /** Why he is out (the session ended, the server could not be reached), for the sign-in to say. */
  aviso?: string;
}

export const SESSAO_TERMINOU = 'Sua sessão terminou. Entre novamente.';
export const SEM_CONEXAO = 'Não foi possível falar com o servidor. Verifique a conexão e tente de novo.';

let estado: EstadoDaSessao = { situacao: 'iniciando' };
const ouvintes = new Set<() => void>();
function mudar(e: EstadoDaSessao) {
  estado = e;
  ouvintes.forEach((o) => o());
}

/** The session's state; re-renders when it changes. */
export function useSessaoDoPortal(): EstadoDaSessao {
  return useSyncExternalStore(
    (o) => {
      ouvintes.add(o);
      return () => ouvintes.delete(o);
    },
    () => estado,
    () => estado,
  );
}

/**
 * On the page's load: every call of the one API client goes through the portal's session, and the cookie (if the
 * browser has one: a sign-in earlier, or gov.br's return) gives the first access token.
 */
export async function iniciarSessaoDoPortal(): Promise<void> {
  usarSessao({
    base: '/api/portal/sessao',
    aberta: () => estado.situacao === 'dentro',
    encerrada: () => mudar({ situacao: 'fora', aviso: SESSAO_TERMINOU }),
    trava: 'ceasa-portal-refresh',
  });
  try {
    await entrarPeloCookie();
    mudar({ situacao: 'dentro' });
  } catch (e) {
    // No cookie, or an ended session: the sign-in, saying nothing. The server not answering: the sign-in says so.
    mudar({ situacao: 'fora', aviso: e instanceof ApiError ? undefined : SEM_CONEXAO });
  }
}

/** E-mail and password (a portal account only: the server refuses staff accounts with its own message). */
export async function entrarNoPortal(email: string, senha: string): Promise<void> {
  await entrarNaSessao(email, senha);
  mudar({ situacao: 'dentro' });
}

/**
 * Ends the session; after a gov.br sign-in the server answers where gov.br ends its own, and the browser goes there
 * (it comes back to /portal). Returns whether the page stays (signed out here).
 */
export async function sairDoPortal(ir: (endereco: string) => void = (e) => window.location.assign(e)): Promise<boolean> {
  const encerrarEm = await sairDaSessao();
  mudar({ situacao: 'fora' });
  if (encerrarEm) {
    ir(encerrarEm);
    return false;
  }
  return true;
}

/** For tests: the state a page starts from. */
export function definirSessaoDoPortal(e: EstadoDaSessao) {
  mudar(e);
}
