import { beforeEach, describe, expect, it } from 'vitest';
import { CHAVE_ULTIMA_ROTA } from './session';
import { destinoAposLogin, rotaInterna } from './destino';

describe('destinoAposLogin (docs/produto/telas.md redirect rules)', () => {
  beforeEach(() => localStorage.clear());
  it('sends users without a profile to /home', () => {
    expect(destinoAposLogin([])).toBe('/home');
  });
  it('sends profiled users to the saved route, or /admin', () => {
    expect(destinoAposLogin(['user-agro'])).toBe('/admin');
    localStorage.setItem(CHAVE_ULTIMA_ROTA, '/municipio');
    expect(destinoAposLogin(['user-admin'])).toBe('/municipio');
  });
  it('never sends a signed-in user to another site: an unsafe saved route lands on /admin', () => {
    for (const salva of ['//evil.example/x', '/\\evil.example/x', 'https://evil.example/x', '/%2F%2Fevil.example']) {
      localStorage.setItem(CHAVE_ULTIMA_ROTA, salva);
      expect(destinoAposLogin(['super-admin']), salva).toBe('/admin');
    }
  });
});

describe('rotaInterna (the saved last route)', () => {
  it('keeps the back-office paths of the app', () => {
    for (const rota of ['/admin', '/pessoa', '/pessoa/edit/12', '/caderno/edit/7', '/romaneio/novo', '/grupoPermissoes', '/municipio/'])
      expect(rotaInterna(rota)).toBe(rota);
  });

  it('refuses anything that could leave the site or is not a plain path', () => {
    for (const rota of [
      null,
      undefined,
      '',
      '//evil.example/x',
      '//evil.example',
      '/\\evil.example/x',
      '/\\/evil.example',
      '\\\\evil.example',
      '///evil.example',
      'evil.example',
      'https://evil.example/x',
      'javascript:alert(1)',
      '/pessoa//evil.example',
      '/../evil.example',
      '/./admin',
      '/admin/..',
      '/admin?x=//evil.example',
      '/admin#//evil.example',
      '/%2F%2Fevil.example',
      '/admin\tx',
      '/admin\nx',
      ' /admin',
    ])
      expect(rotaInterna(rota), JSON.stringify(rota)).toBeNull();
  });

  it('refuses the public pages (a sign-in never returns to them)', () => {
    for (const rota of ['/', '/login', '/login/', '/register', '/reset', '/nova-senha', '/home', '/home/']) expect(rotaInterna(rota), rota).toBeNull();
  });
});
