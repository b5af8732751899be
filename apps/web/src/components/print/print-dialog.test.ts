import { describe, expect, it } from 'vitest';
import { textoMostrando, textoTotal, totalDoPaginador } from './print-dialog';

describe('the list footer and report line', () => {
  it('give an exact total as the number and past the API count cap "mais de 10.000"', () => {
    expect(textoMostrando({ totalElements: 4, number: 0, size: 20 }, 4, 'preços')).toBe('Mostrando de 1 a 4 de 4 preços');
    expect(textoMostrando({ totalElements: 156450, number: 2, size: 20 }, 20, 'preços')).toBe('Mostrando de 41 a 60 de 156450 preços');
    expect(textoMostrando({ totalElements: 10000, totalExato: false, number: 0, size: 20 }, 20, 'preços')).toBe('Mostrando de 1 a 20 de mais de 10.000 preços');
    expect(textoMostrando({ totalElements: 10000, totalExato: false, number: 499, size: 20 }, 20, 'municípios')).toBe(
      'Mostrando de 9981 a 10000 de mais de 10.000 municípios',
    );
    expect(textoMostrando(undefined, 0, 'preços')).toBe('Mostrando de 0 a 0 de 0 preços');
    expect(textoTotal({ totalElements: 10000 }, 20)).toBe('10000');
  });
});

describe('totalDoPaginador', () => {
  const pagina = (number: number, linhas: number, extra: { totalElements: number; totalExato?: false }) => ({
    number,
    size: 15,
    content: Array.from({ length: linhas }),
    ...extra,
  });

  it('is the exact total below the count cap', () => {
    expect(totalDoPaginador(pagina(2, 15, { totalElements: 600 }))).toBe(600);
    expect(totalDoPaginador(undefined)).toBe(0);
  });

  it('past the cap, goes one row past a full page so the next page can be asked for, and stops at a short one', () => {
    expect(totalDoPaginador(pagina(0, 15, { totalElements: 1000, totalExato: false }))).toBe(1000);
    expect(totalDoPaginador(pagina(66, 15, { totalElements: 1000, totalExato: false }))).toBe(1006);
    expect(totalDoPaginador(pagina(99, 15, { totalElements: 1000, totalExato: false }))).toBe(1501);
    expect(totalDoPaginador(pagina(100, 5, { totalElements: 1000, totalExato: false }))).toBe(1505);
  });
});
