import { grupoDosPapeis } from '@ceasa/shared/papeis';
import { CHAVE_ULTIMA_ROTA } from './session';

/** Pages of the signed-out part: never where a sign-in returns to. */
const PUBLICAS = new Set(['/', '/login', '/register', '/reset', '/nova-senha', '/home']);
/** A back-office path: segments of letters, digits, '-', '_', '~' and '.' (none starting with a dot), as the app's routes are. */
const CAMINHO = /^(?:\/[A-Za-z0-9_~-][A-Za-z0-9_.~-]*)+\/?$/;

/**
 * `rota` if it is an internal back-office path, else null (docs/decisions/0079-limites-contra-abuso.md):
 * one leading '/' (never '//' or '/\', which a router reads as another site), only the characters the
 * app's routes use, no '.' or '..' segment, the same origin once resolved against this page, and not a
 * public page.
 */
export function rotaInterna(rota: string | null | undefined): string | null {
  if (!rota || !CAMINHO.test(rota)) return null;
  const origem = window.location.origin;
  let u: URL;
  try {
    u = new URL(rota, origem);
  } catch {
    return null;
  }
  if (u.origin !== origem || u.pathname !== rota) return null;
  const semBarraFinal = rota.length > 1 ? rota.replace(/\/$/, '') : rota;
  if (PUBLICAS.has(semBarraFinal) || semBarraFinal.startsWith('/login')) return null;
  return rota;
}

/** Where a signed-in user lands: the saved back-office route for profiled users, /home otherwise. */
export function destinoAposLogin(roles: string[]): string {
  if (grupoDosPapeis(roles) === null) return '/home';
  return rotaInterna(localStorage.getItem(CHAVE_ULTIMA_ROTA)) ?? '/admin';
}
