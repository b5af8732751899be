import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { colunas, condition, nomes, ordemDoCampo, type ListField } from './list';

const dialect = new PgDialect();
const texto = (q: SQL) => dialect.sqlToQuery(q);

/** What a field gives a list: its expression, its sort key and its conditions for a few values. */
const consultas = (f: ListField) => [
  f.filter,
  texto(f.expr),
  texto(ordemDoCampo(f)),
  ...['ab', '12', 'true', '2024-01-02'].map((v) => texto(condition(f, v) ?? sql``)),
];

describe('colunas', () => {
  it("names each key's column in snake_case on the alias, filtered as its kind says", () => {
    const c = colunas('c', { id: 'contains', pessoaId: 'id', valorKgMinimo: 'contains', dataEmissao: 'date', ativo: 'bool' });
    expect(Object.keys(c)).toEqual(['id', 'pessoaId', 'valorKgMinimo', 'dataEmissao', 'ativo']);
    expect(Object.values(c).map((f) => texto(f.expr).sql)).toEqual(['c.id', 'c.pessoa_id', 'c.valor_kg_minimo', 'c.data_emissao', 'c.ativo']);
    expect(Object.values(c).map((f) => f.filter)).toEqual(['contains', 'id', 'contains', 'date', 'bool']);
  });

  it('gives the same SQL as the field written out', () => {
    const c = colunas('pr', { nome: 'text', pesoEmKg: 'contains', produtoGrupoId: 'id' });
    expect(consultas(c.nome)).toEqual(consultas({ expr: sql`pr.nome`, filter: 'text' }));
    expect(consultas(c.pesoEmKg)).toEqual(consultas({ expr: sql`pr.peso_em_kg`, filter: 'contains' }));
    expect(consultas(c.produtoGrupoId)).toEqual(consultas({ expr: sql`pr.produto_grupo_id`, filter: 'id' }));
  });

  it('refuses an alias or a key that is not a plain SQL name', () => {
    expect(() => colunas('c; DROP TABLE x', { id: 'id' })).toThrow('coluna inválida numa lista');
    expect(() => colunas('C', { id: 'id' })).toThrow('coluna inválida numa lista');
    expect(() => colunas('c', { 'id--': 'id' })).toThrow('coluna inválida numa lista');
    expect(() => colunas('c', { 'nome)': 'text' })).toThrow('coluna inválida numa lista');
  });

  it('takes only the filter kinds a list knows', () => {
    // @ts-expect-error 'contem' is not a FilterKind
    colunas('c', { id: 'contem' });
  });
});

describe('nomes', () => {
  it('is the name of each joined table, filtered and sorted as text', () => {
    const n = nomes({ produtorNome: 'pr', propriedadeNome: 'pp' });
    expect(consultas(n.produtorNome)).toEqual(consultas({ expr: sql`pr.nome`, filter: 'text' }));
    expect(consultas(n.propriedadeNome)).toEqual(consultas({ expr: sql`pp.nome`, filter: 'text' }));
    expect(() => nomes({ x: 'p.x' })).toThrow('coluna inválida numa lista');
  });
});
