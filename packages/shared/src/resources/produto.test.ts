import { describe, expect, it } from 'vitest';
import { opcoesDeProduto, paraNumeroBR, produtoInput } from './produto';
import { precoInput } from './precos';
import { vafInput } from './vaf';
import { NUMERO_INVALIDO } from '../format';

describe('opcoesDeProduto (product dropdowns)', () => {
  it("drops 'abacate - nao usar' in any case or accents", () => {
    const r = opcoesDeProduto([
      { id: 1, nome: 'abacate - nao usar', embalagem: 'CX' },
      { id: 2, nome: 'ABACATE - NÃO USAR ', embalagem: 'CX' },
      { id: 3, nome: 'Abacate', embalagem: 'CX' },
    ]);
    expect(r.map((p) => p.id)).toEqual([3]);
  });

  it('keeps the first of names that differ only by case or surrounding spaces, in order', () => {
    const r = opcoesDeProduto([
      { id: 1, nome: 'Tomate', embalagem: 'CX 20kg' },
      { id: 2, nome: 'Alface', embalagem: 'UN' },
      { id: 3, nome: 'TOMATE', embalagem: 'CX 10kg' },
      { id: 4, nome: ' tomate ', embalagem: 'CX' },
      { id: 5, nome: 'Tomate Cereja', embalagem: 'CX' },
      { id: 6, nome: 'Maçã', embalagem: 'CX' },
      { id: 7, nome: 'Maca', embalagem: 'CX' },
    ]);
    expect(r.map((p) => p.id)).toEqual([1, 2, 5, 6, 7]);
    expect(r[0]).toEqual({ id: 1, nome: 'Tomate', embalagem: 'CX 20kg' });
  });

  it('drops nameless entries and does not change its input', () => {
    const lista = [
      { id: 1, nome: '' },
      { id: 2, nome: null },
      { id: 3, nome: 'Couve' },
    ];
    expect(opcoesDeProduto(lista).map((p) => p.id)).toEqual([3]);
    expect(lista).toHaveLength(3);
    expect(opcoesDeProduto([])).toEqual([]);
  });
});

describe('paraNumeroBR', () => {
  it('reads numbers and pt-BR text', () => {
    expect(paraNumeroBR(12.5)).toBe(12.5);
    expect(paraNumeroBR('12,50')).toBe(12.5);
    expect(paraNumeroBR('R$ 1.234,56')).toBe(1234.56);
    expect(paraNumeroBR('12.50')).toBeNull();
    expect(paraNumeroBR('1.055')).toBe(1055);
    expect(paraNumeroBR('1.055,00')).toBe(1055);
    expect(paraNumeroBR('abc')).toBeNull();
    expect(paraNumeroBR('')).toBeNull();
    expect(paraNumeroBR(Number.NaN)).toBeNull();
    expect(paraNumeroBR(null)).toBeNull();
  });
});

describe('schemas', () => {
  it('produto: weight defaults to 1 when missing, is required when cleared', () => {
    const base = { nome: 'Tomate', embalagem: 'CX', produtoGrupoId: 1, status: 'ATIVO' };
    expect(produtoInput.parse(base).pesoEmKg).toBe(1);
    expect(produtoInput.parse({ ...base, pesoEmKg: '2,5' }).pesoEmKg).toBe(2.5);
    expect(produtoInput.safeParse({ ...base, pesoEmKg: null }).error?.issues[0].message).toBe('O peso da embalagem e obrigatorio');
    expect(produtoInput.safeParse({ ...base, pesoEmKg: 0 }).error?.issues[0].message).toBe('O peso da embalagem deve ser maior ou igual a 1');
    expect(produtoInput.safeParse({ ...base, pesoEmKg: '2,555' }).error?.issues[0].message).toBe('Use no máximo 2 casas decimais');
    expect(produtoInput.safeParse({ ...base, pesoEmKg: 2.555 }).error?.issues[0].message).toBe('Use no máximo 2 casas decimais');
    expect(produtoInput.safeParse({ ...base, pesoEmKg: '2.5' }).error?.issues[0].message).toBe(NUMERO_INVALIDO);
  });

  it('preço: money from number or text, at most 2 decimal places (never rounded), at most 10 characters, above zero', () => {
    const base = { produtoId: 1, data: '2024-06-03' };
    expect(precoInput.parse({ ...base, valor: '12,5' }).valor).toBe(12.5);
    expect(precoInput.parse({ ...base, valor: 10.05 }).valor).toBe(10.05);
    expect(precoInput.parse({ ...base, valor: '9999999,99' }).valor).toBe(9999999.99);
    const msg = (valor: unknown) => precoInput.safeParse({ ...base, valor }).error?.issues[0].message;
    expect(msg(10.005)).toBe('Use no máximo 2 casas decimais');
    expect(msg('12,555')).toBe('Use no máximo 2 casas decimais');
    expect(msg('45,555')).toBe('Use no máximo 2 casas decimais');
    for (const lixo of ['12.50', 'abc', '1,2,3']) expect(msg(lixo), lixo).toBe(NUMERO_INVALIDO);
    expect(msg('99999999,99')).toBe('O valor dete ter no máximo 10 caracteres');
    expect(msg(undefined)).toBe('O valor é obrigatório!');
    expect(msg(0)).toBe('O valor deve ser maior que zero');
  });

  it('vaf: both dates, first not after the second', () => {
    expect(vafInput.safeParse({ dataInicial: '2024-01-01', dataFinal: '2024-01-01' }).success).toBe(true);
    expect(vafInput.safeParse({ dataInicial: '2024-02-01', dataFinal: '2024-01-01' }).error?.issues[0].message).toBe(
      'A data inicial não pode ser posterior à data final',
    );
  });
});
