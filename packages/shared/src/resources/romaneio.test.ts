import { describe, expect, it } from 'vitest';
import { ehDiaDeMercado, mensagemDiaDeMercado, nomesDosDiasDeMercado } from './feriado';
import { dataEmissaoNosDias } from './romaneio';

describe('market days of the romaneio issue date (CEASA_DIAS_MERCADO)', () => {
  it('names the configured days in pt-BR, in week order, with "ou" before the last', () => {
    expect(mensagemDiaDeMercado([1, 4])).toBe('A data de emissão deve ser um dia de mercado (segunda-feira ou quinta-feira).');
    expect(nomesDosDiasDeMercado([4, 1, 1])).toBe('segunda-feira ou quinta-feira');
    expect(nomesDosDiasDeMercado([5, 3, 1])).toBe('segunda-feira, quarta-feira ou sexta-feira');
    expect(nomesDosDiasDeMercado([0])).toBe('domingo');
    expect(nomesDosDiasDeMercado([6, 2])).toBe('terça-feira ou sábado');
  });

  it("reads a yyyy-mm-dd date's calendar weekday (23 November 2026 is a Monday)", () => {
    expect(ehDiaDeMercado('2026-11-23', [1, 4])).toBe(true);
    expect(ehDiaDeMercado('2026-11-24', [1, 4])).toBe(false);
    expect(ehDiaDeMercado('2026-11-24', [2])).toBe(true);
    expect(ehDiaDeMercado('2026-11-29', [0])).toBe(true);
    expect(ehDiaDeMercado('23/11/2026', [1])).toBe(false);
  });

  it('the issue-date schema: required and real first, then the market day', () => {
    const msg = (v: unknown) =>
      dataEmissaoNosDias([1, 4])
        .safeParse(v)
        .error?.issues.map((i) => i.message);
    expect(msg('2026-11-26')).toBeUndefined();
    expect(msg('2026-11-25')).toEqual([mensagemDiaDeMercado([1, 4])]);
    expect(msg('')).toEqual(['A Data da emissao é obrigatória']);
    expect(msg('2026-02-30')).toEqual(['A Data da emissao é inválida']);
  });
});
