import { beforeEach, describe, expect, it } from 'vitest';
import { CHAVE_ULTIMA_ROTA } from './session';
import { destinoAposLogin } from './destino';

describe('destinoAposLogin (SPEC.md section 2 redirect rules)', () => {
  beforeEach(() => localStorage.clear());
  it('sends users without a profile to /home', () => {
    expect(destinoAposLogin([])).toBe('/home');
  });
  it('sends profiled users to the saved route, or /admin', () => {
    expect(destinoAposLogin(['user-agro'])).toBe('/admin');
    localStorage.setItem(CHAVE_ULTIMA_ROTA, '/municipio');
    expect(destinoAposLogin(['user-admin'])).toBe('/municipio');
  });
});
