import { describe, expect, it } from 'vitest';
import { porProduto, segundaDaSemana } from './oferta-previsao';

describe('supply outlook helpers', () => {
  it('the Monday of the week of a day (Monday itself, Sunday going back six days, across a month)', () => {
    expect(segundaDaSemana('2026-03-02')).toBe('2026-03-02');
    expect(segundaDaSemana('2026-03-08')).toBe('2026-03-02');
    expect(segundaDaSemana('2026-03-04')).toBe('2026-03-02');
    expect(segundaDaSemana('2026-03-01')).toBe('2026-02-23');
  });

  it('groups the answer by product, the largest expected volume first (the chart takes the first five)', () => {
    const l = (produtoId: number, produtoNome: string, semana: string, previstoKg: number) => ({
      produtoId,
      produtoNome,
      semana,
      previstoKg,
      chegadoAnoAnteriorKg: 0,
    });
    const p = porProduto([
      l(1, 'Abóbora', '2026-03-02', 10),
      l(1, 'Abóbora', '2026-03-09', 5),
      l(2, 'Batata', '2026-03-02', 100),
      l(3, 'Alho', '2026-03-02', 15),
    ]);
    expect(p.map((x) => [x.produtoNome, x.total, x.semanas.length])).toEqual([
      ['Batata', 100, 1],
      ['Abóbora', 15, 2],
      ['Alho', 15, 1],
    ]);
  });
});
