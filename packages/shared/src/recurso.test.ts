import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  data,
  declararRecurso,
  estacionamentoRecurso,
  feriadoInput,
  formaDoCampo,
  idOpcional,
  municipioInput,
  municipioRecurso,
  pedraRecurso,
  pessoaRecurso,
  pluralDe,
  produtoGrupoRecurso,
  RECURSOS,
  referencia,
  registroDaEntrada,
  ROTAS,
  rotasRecurso,
  rotulosDoNome,
  texto,
  textoOpcional,
  tituloDoFormulario,
  vafRecurso,
  versaoEntrada,
} from './index';

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

  it('makes a one-word plural ending in a vowel, and asks any other name for its own', () => {
    expect(pluralDe('bairro', 'Bairro')).toBe('Bairros');
    expect(pluralDe('municipio', 'Município')).toBe('Municípios');
    expect(() => pluralDe('produtoGrupo', 'Grupo de Produto')).toThrow("produtoGrupo: declare o plural de 'Grupo de Produto'");
    expect(() => pluralDe('x' as never, 'Balcão')).toThrow(/declare o plural/);
    expect(() => pluralDe('x' as never, 'Papel')).toThrow(/declare o plural/);
  });
});

describe('registroDaEntrada', () => {
  it('answers the input’s fields as saved, with id and versao: texts, dates, references, enums, nullable where left out', () => {
    const entrada = z.object({
      id: idOpcional,
      versao: versaoEntrada,
      nome: texto('O nome é obrigatório'),
      obs: textoOpcional(),
      dia: data('A data é obrigatória'),
      municipioId: referencia('Município é obrigatório'),
      tipo: z.enum(['feriado', 'extra']).default('feriado'),
      peso: z.number().optional(),
    });
    const registro = registroDaEntrada(entrada) as unknown as z.ZodObject;
    expect(Object.keys(registro.shape)).toEqual(['id', 'versao', 'nome', 'obs', 'dia', 'municipioId', 'tipo', 'peso']);
    const um = { id: 1, versao: 2, nome: 'Centro', obs: null, dia: '2026-11-27', municipioId: 3, tipo: 'extra', peso: null };
    expect(registro.parse(um)).toEqual(um);
    expect(registro.safeParse({ ...um, nome: null }).success).toBe(false);
    expect(registro.safeParse({ ...um, tipo: 'outro' }).success).toBe(false);
    expect(registro.safeParse({ ...um, municipioId: 1.5 }).success).toBe(false);
    expect(() => registroDaEntrada(z.object({ itens: z.array(z.string()) }))).toThrow(/declare registro/);
  });

  it('is the record of a declaration that gives none (the route and the product group: the same as written by hand)', () => {
    const rota = rotasRecurso.api.registro as unknown as z.ZodObject;
    expect(z.toJSONSchema(rota)).toEqual(z.toJSONSchema(z.object({ id: z.number().int(), versao: z.number().int().optional(), nome: z.string() })));
    expect(Object.keys((produtoGrupoRecurso.api.registro as unknown as z.ZodObject).shape)).toEqual(['id', 'versao', 'nome', 'unPadrao']);
  });

  it('reads what a field holds through its wrappers', () => {
    expect(formaDoCampo(municipioInput, 'codigoIbge')).toEqual({ tipo: 'texto', nulo: true });
    expect(formaDoCampo(feriadoInput, 'data')).toEqual({ tipo: 'data', nulo: false });
    expect(formaDoCampo(feriadoInput, 'tipo')).toEqual({ tipo: 'opcao', nulo: false, valores: ['feriado', 'extra'] });
    expect(formaDoCampo(feriadoInput, 'nada')).toBeUndefined();
  });
});

describe('campos', () => {
  it('are fields of the input that a generated screen shows, an enum with a label for each value', () => {
    expect(Object.keys(municipioRecurso.campos!)).toEqual(['nome', 'sigla', 'codigoIbge']);
    const base = { rota: 'feriado', nome: { singular: 'Feriado', genero: 'm' }, icone: 'pi pi-calendar' } as const;
    expect(() => declararRecurso({ ...base, api: { entrada: feriadoInput }, campos: { cor: { rotulo: 'Cor' } } })).toThrow(
      'feriado: o campo cor não é um campo de texto, data, número ou opção da entrada',
    );
    expect(() => declararRecurso({ ...base, api: { entrada: feriadoInput }, campos: { tipo: { rotulo: 'Tipo', opcoes: { feriado: 'Feriado' } } } })).toThrow(
      'feriado: o campo tipo precisa do rótulo de cada opção',
    );
    expect(() => declararRecurso({ ...base, api: { entrada: z.array(z.string()) } })).toThrow(
      'feriado: declare api.registro (sem uma entrada de onde fazê-lo)',
    );
  });

  it("total a report only by a money field: a list's total is added in cents", () => {
    const base = { rota: 'feriado', nome: { singular: 'Feriado', genero: 'm' }, icone: 'pi pi-calendar', api: { entrada: feriadoInput } } as const;
    expect(() => declararRecurso({ ...base, campos: { nome: { rotulo: 'Nome' } }, lista: { relatorio: { total: 'nome' } } })).toThrow(
      'feriado: o total do relatório (nome) não é um campo em dinheiro',
    );
    expect(() => declararRecurso({ ...base, campos: { nome: { rotulo: 'Nome' } }, lista: { relatorio: { total: 'valor' } } })).toThrow(
      /não é um campo em dinheiro/,
    );
    expect(estacionamentoRecurso.lista?.relatorio?.total).toBe('valor');
  });
});
