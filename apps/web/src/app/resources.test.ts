import { describe, expect, it } from 'vitest';
import { ROTAS } from '@ceasa/shared';
import { menu, resources } from './resources';

describe('resources', () => {
  it('finds every feature’s screens by itself, one per route name, in the menu order', () => {
    expect(resources.map((r) => r.recurso.rota)).toEqual(ROTAS);
    expect(menu.find((m) => m.rota === 'municipio')).toEqual({ rota: 'municipio', caminho: '/municipio', rotulo: 'Município', icone: 'pi pi-map-marker' });
  });

  it('gives a declared resource with screen fields and no feature its generated list and form (the municipality)', () => {
    const municipio = resources.find((r) => r.recurso.rota === 'municipio')!;
    expect(municipio.pages.map((p) => [p.path, p.acao])).toEqual([
      ['/municipio', 'visualizar'],
      ['/municipiocreate', 'criar'],
      ['/municipio/edit/:id', 'editar'],
    ]);
  });
});
