import { describe, expect, it } from 'vitest';
import { ROTAS } from '@ceasa/shared';
import { menu, resources } from './resources';

const paginas = (rota: string) => resources.find((r) => r.recurso.rota === rota)!.pages;
const caminhos = (rota: string) => paginas(rota).map((p) => [p.path, p.acao]);
const LAZY = Symbol.for('react.lazy');

describe('resources', () => {
  it('finds every feature’s screens by itself, one per route name, in the menu order', () => {
    expect(resources.map((r) => r.recurso.rota)).toEqual(ROTAS);
    expect(menu.find((m) => m.rota === 'municipio')).toEqual({ rota: 'municipio', caminho: '/municipio', rotulo: 'Município', icone: 'pi pi-map-marker' });
  });

  it('gives a declared resource with screen fields and no feature its generated list and form (the municipality)', () => {
    expect(caminhos('municipio')).toEqual([
      ['/municipio', 'visualizar'],
      ['/municipiocreate', 'criar'],
      ['/municipio/edit/:id', 'editar'],
    ]);
  });

  it('takes the pages a feature folder writes by their file names, the rest generated, every one loaded when first shown', () => {
    // produto-grupo-list-page.tsx and a generated form; the logs' list generated, its detail at the edit path.
    expect(caminhos('produtoGrupo')).toEqual([
      ['/produtoGrupo', 'visualizar'],
      ['/produtoGrupocreate', 'criar'],
      ['/produtoGrupo/edit/:id', 'editar'],
    ]);
    expect(caminhos('logs')).toEqual([
      ['/logs', 'visualizar'],
      ['/logs/edit/:id', 'visualizar'],
    ]);
    for (const r of resources) for (const p of r.pages) expect((p.element as { $$typeof?: symbol }).$$typeof, `${p.path}`).toBe(LAZY);
  });
});
