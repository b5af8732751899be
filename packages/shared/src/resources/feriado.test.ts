import { describe, expect, it } from 'vitest';
import { diaDeMercadoAnterior, ehDiaDeMercado, mensagemDiaDeMercado, motivoSemMercado, proximoDiaDeMercado, type DiaDoCalendario } from './feriado';
import { dataEmissaoNosDias } from './romaneio';

// 30/11/2026 is a Monday, 19/12/2026 a Saturday, 03/12/2026 a Thursday.
const calendario: DiaDoCalendario[] = [
  { data: '2026-11-30', nome: 'Dia do Evangélico', tipo: 'feriado' },
  { data: '2026-12-19', nome: 'Sábado antes do Natal', tipo: 'extra' },
  { data: '2026-12-01', nome: 'Feriado numa terça', tipo: 'feriado' },
];

describe('the market-day rule (weekdays, holidays, extra days)', () => {
  it('a holiday on a market weekday closes it, naming it; on another weekday the weekday message stays', () => {
    expect(motivoSemMercado('2026-11-30', [1, 4], calendario)).toBe('30/11/2026 é feriado: Dia do Evangélico.');
    expect(ehDiaDeMercado('2026-11-30', [1, 4], calendario)).toBe(false);
    expect(ehDiaDeMercado('2026-11-30', [1, 4])).toBe(true);
    expect(motivoSemMercado('2026-12-01', [1, 4], calendario)).toBe(mensagemDiaDeMercado([1, 4]));
    expect(motivoSemMercado('2026-12-03', [1, 4], calendario)).toBeNull();
  });

  it('an extra market day opens a date that is not a market weekday', () => {
    expect(motivoSemMercado('2026-12-19', [1, 4], calendario)).toBeNull();
    expect(motivoSemMercado('2026-12-26', [1, 4], calendario)).toBe(mensagemDiaDeMercado([1, 4]));
    expect(dataEmissaoNosDias([1, 4], calendario).safeParse('2026-12-19').success).toBe(true);
    expect(
      dataEmissaoNosDias([1, 4], calendario)
        .safeParse('2026-11-30')
        .error?.issues.map((i) => i.message),
    ).toEqual(['30/11/2026 é feriado: Dia do Evangélico.']);
  });

  it('the next and the previous market day skip holidays and take extra days', () => {
    expect(proximoDiaDeMercado('2026-11-28', [1, 4], calendario)).toBe('2026-12-03');
    expect(proximoDiaDeMercado('2026-11-28', [1, 4])).toBe('2026-11-30');
    expect(proximoDiaDeMercado('2026-12-18', [1, 4], calendario)).toBe('2026-12-19');
    expect(proximoDiaDeMercado('2026-12-03', [1, 4], calendario)).toBe('2026-12-03');
    expect(diaDeMercadoAnterior('2026-12-03', [1, 4], calendario)).toBe('2026-11-26');
    expect(diaDeMercadoAnterior('2026-12-21', [1, 4], calendario)).toBe('2026-12-19');
  });
});
