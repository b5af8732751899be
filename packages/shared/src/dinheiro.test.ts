import { describe, expect, it } from 'vitest';
import { arredondar, casasDecimais, dividirDinheiro, emCentavos, mediaDinheiro, somarDinheiro } from './dinheiro';
import { casasDemais, lerNumeroBR, NUMERO_INVALIDO } from './format';

describe('dinheiro: exact decimals, half-up to the cent', () => {
  it('divides a price by a weight as people do: half a cent goes up', () => {
    // In binary floats 32.98 / 4 is 8.244999… and 74.10 / 20 is 3.7049999…: both rounded down.
    expect(Math.round((32.98 / 4) * 100) / 100).toBe(8.24);
    expect(dividirDinheiro(32.98, 4)).toBe(8.25);
    expect(dividirDinheiro(74.1, 20)).toBe(3.71);
    expect(dividirDinheiro('74.10', '20.00')).toBe(3.71);
    expect(dividirDinheiro(10, 3)).toBe(3.33);
    expect(dividirDinheiro(20, 3)).toBe(6.67);
    expect(dividirDinheiro(1.01, 2)).toBe(0.51);
    expect(dividirDinheiro(0.05, 2.5)).toBe(0.02);
    expect(dividirDinheiro(12.5, 0.25)).toBe(50);
    expect(dividirDinheiro(12.5, 0)).toBeNull();
  });

  it('adds prices in cents, exactly (a report total), their text too', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(somarDinheiro([0.1, 0.2])).toBe(0.3);
    expect(somarDinheiro(['1540.5', 10, 0.07])).toBe(1550.57);
    expect(somarDinheiro(Array.from({ length: 1000 }, () => 0.01))).toBe(10);
    expect(somarDinheiro([])).toBe(0);
  });

  it('averages prices in cents, half-up once', () => {
    expect(mediaDinheiro([1.01, 1.02])).toBe(1.02);
    expect(mediaDinheiro([0.01, 0.02, 0.02, 0.02])).toBe(0.02);
    expect(mediaDinheiro([170, 172, 176])).toBe(172.67);
    expect(mediaDinheiro([])).toBeNull();
  });

  it('rounds a computed figure as the decimal it stands for', () => {
    expect(arredondar(32.98 / 4)).toBe(8.25);
    expect(arredondar(74.1 / 20)).toBe(3.71);
    expect(arredondar(-8.245)).toBe(-8.25);
    expect(arredondar(100.0449999)).toBe(100.04);
    expect(arredondar(1.25, 1)).toBe(1.3);
    expect(arredondar(1e-7)).toBe(0);
    expect(emCentavos(32.98)).toBe(3298);
  });

  it('counts decimal places of a number as written', () => {
    expect([12, 12.5, 12.55, 12.555, 1e-7, 0.1 + 0.2].map(casasDecimais)).toEqual([0, 1, 2, 3, 7, 17]);
  });

  it('a number field refuses extra places in text and in JSON numbers alike', () => {
    expect(lerNumeroBR('12,555', 2)).toEqual({ erro: casasDemais(2) });
    expect(lerNumeroBR(12.555, 2)).toEqual({ erro: casasDemais(2) });
    expect(lerNumeroBR(12.55, 2)).toEqual({ valor: 12.55 });
    for (const t of ['12.50', 'abc', '1,2,3']) expect(lerNumeroBR(t, 2), t).toEqual({ erro: NUMERO_INVALIDO });
  });
});
