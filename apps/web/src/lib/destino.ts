import { grupoDosPapeis } from '@ceasa/shared/papeis';
import { CHAVE_ULTIMA_ROTA } from './session';

/** Where a signed-in user lands: the saved back-office route for profiled users, /home otherwise. */
export function destinoAposLogin(roles: string[]): string {
  if (grupoDosPapeis(roles) === null) return '/home';
  const salva = localStorage.getItem(CHAVE_ULTIMA_ROTA);
  return salva && salva !== '/' && !salva.startsWith('/login') ? salva : '/admin';
}
