import { describe, expect, it } from 'vitest';
import { municipioRecurso, pedraRecurso, pessoaRecurso, RECURSOS, ROTAS, rotulosDoNome, tituloDoFormulario, vafRecurso } from './index';

describe('declararRecurso', () => {
  it('lists every route name once, in the menu order, by the declarations alone', () => {
    expect(RECURSOS.map((r) => r.rota)).toEqual(ROTAS);
  });

  it('derives paths, API routes and texts from the route name and the name', () => {
    expect(municipioRecurso.menu).toEqual({ rotulo: 'Município', icone: 'pi pi-map-marker' });
    expect(municipioRecurso.caminhos).toEqual({ lista: '/municipio', novo: '/municipiocreate', editar: '/municipio/edit/:id' });
    expect(municipioRecurso.api.base).toBe('municipio');
    expect(municipioRecurso.api.busca).toBe('searchMunicipio');
    expect(municipioRecurso.rotulos).toEqual({
      titulo: 'Municípios',
      plural: 'municípios',
      vazio: 'Nenhum município encontrado',
      erroObter: 'Erro ao obter municipio',
      erroRemover: 'Erro ao remover o municipio',
      entidade: 'municipio',
      naoEncontrado: 'Município não encontrado',
    });
    expect(tituloDoFormulario(municipioRecurso, false)).toBe('Novo Município');
    expect(tituloDoFormulario(municipioRecurso, true)).toBe('Editar Município');
  });

  it('words a feminine name as such and lets a declaration override what differs', () => {
    expect(rotulosDoNome({ singular: 'Rota', plural: 'Rotas', genero: 'f' })).toMatchObject({
      vazio: 'Nenhuma rota encontrada',
      erroRemover: 'Erro ao remover a rota',
      naoEncontrado: 'Rota não encontrada',
    });
    expect(tituloDoFormulario(pessoaRecurso, false)).toBe('Nova Pessoa');
    expect(pessoaRecurso.caminhos).toEqual({ lista: '/pessoa', novo: '/pessoacreate', editar: '/pessoa/:id' });
    expect(pessoaRecurso.rotulos.erroRemover).toBe('Erro ao remover pessoa');
    expect(pedraRecurso.api.base).toBe('pedras');
    expect(pedraRecurso.api.busca).toBeUndefined();
    expect(pedraRecurso.menu.rotulo).toBe('Pedras');
  });

  it('gives a screen without an API only its list path', () => {
    expect(vafRecurso.caminhos).toEqual({ lista: '/vaf' });
    expect('api' in vafRecurso).toBe(false);
  });
});
