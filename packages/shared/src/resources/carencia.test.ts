import { describe, expect, it } from 'vitest';
import { cpfcnpjPublico } from '../format';
import { carenciaNaoCumprida, carenciaRespeitada, primeiroDiaPermitido, textoCarencia } from './carencia';
import { somarDias } from '../tempo';

describe('withdrawal period (carência)', () => {
  it('the first allowed day is the application date plus its days, across months and leap years', () => {
    expect(primeiroDiaPermitido({ nomeProduto: 'X', data: '2027-03-02', periodoCarencia: 7 })).toBe('2027-03-09');
    expect(somarDias('2028-02-25', 5)).toBe('2028-03-01');
    expect(somarDias('2026-12-30', 3)).toBe('2027-01-02');
    expect(primeiroDiaPermitido({ nomeProduto: null, data: null, periodoCarencia: null })).toBeNull();
  });

  it('refuses a date before the first allowed day with its pt-BR message, the one released last when several run', () => {
    const aplicacoes = [
      { nomeProduto: 'Inseticida X', data: '2027-03-02', periodoCarencia: 7 },
      { nomeProduto: 'Fungicida Y', data: '2027-03-01', periodoCarencia: 14 },
      { nomeProduto: 'Antigo', data: '2026-01-01', periodoCarencia: 30 },
    ];
    expect(carenciaNaoCumprida(aplicacoes.slice(0, 1), '2027-03-08')).toBe(
      'Carência não cumprida: Inseticida X aplicado em 02/03/2027 só permite comercializar a partir de 09/03/2027.',
    );
    expect(carenciaNaoCumprida(aplicacoes.slice(0, 1), '2027-03-09')).toBeNull();
    expect(carenciaNaoCumprida(aplicacoes, '2027-03-08')).toBe(
      'Carência não cumprida: Fungicida Y aplicado em 01/03/2027 só permite comercializar a partir de 15/03/2027.',
    );
    expect(carenciaNaoCumprida(null, '2027-03-08')).toBeNull();
  });

  it('carenciaRespeitada: null without a notebook, true when all ended, false when one had not', () => {
    const a = [{ nomeProduto: 'X', data: '2027-03-02', periodoCarencia: 7 }];
    expect(carenciaRespeitada(null, '2027-03-08')).toBeNull();
    expect(carenciaRespeitada([], '2027-03-08')).toBe(true);
    expect(carenciaRespeitada(a, '2027-03-09')).toBe(true);
    expect(carenciaRespeitada(a, '2027-03-08')).toBe(false);
    expect([true, false, null].map((v) => textoCarencia(v))).toEqual(['Carência respeitada', 'Carência não respeitada', 'Sem caderno de campo']);
  });
});

describe('cpfcnpjPublico (LGPD)', () => {
  it('masks a CPF to its middle six digits and keeps a CNPJ whole', () => {
    expect(cpfcnpjPublico('12345678901')).toBe('***.456.789-**');
    expect(cpfcnpjPublico('123.456.789-01')).toBe('***.456.789-**');
    expect(cpfcnpjPublico('12345678000195')).toBe('12.345.678/0001-95');
    // Already masked: unchanged.
    expect(cpfcnpjPublico('***.456.789-**')).toBe('***.456.789-**');
  });
});
