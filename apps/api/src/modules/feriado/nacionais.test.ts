import { describe, expect, it } from 'vitest';
import { feriadosNacionais, pascoa } from './nacionais.routes';

/**
 * The national holidays as the date-holidays library (3.37.0, country BR, public and bank days) listed them for
 * 2026-2030, written here before that 32 MB dependency was replaced by a few lines (Easter by Meeus/Butcher).
 */
const ESPERADOS: Record<number, [string, string][]> = {
  2026: [
    ['2026-01-01', 'Ano Novo'],
    ['2026-02-16', 'Carnaval'],
    ['2026-02-17', 'Carnaval'],
    ['2026-04-03', 'Sexta-Feira Santa'],
    ['2026-04-21', 'Dia de Tiradentes'],
    ['2026-05-01', 'Dia do Trabalhador'],
    ['2026-06-04', 'Corpus Christi'],
    ['2026-09-07', 'Dia da Independência'],
    ['2026-10-04', 'Dia de Eleição'],
    ['2026-10-12', 'Nossa Senhora Aparecida'],
    ['2026-10-25', 'Dia de Eleição'],
    ['2026-11-02', 'Dia de Finados'],
    ['2026-11-15', 'Proclamação da República'],
    ['2026-11-20', 'Dia da Consciência Negra'],
    ['2026-12-25', 'Natal'],
  ],
  2027: [
    ['2027-01-01', 'Ano Novo'],
    ['2027-02-08', 'Carnaval'],
    ['2027-02-09', 'Carnaval'],
    ['2027-03-26', 'Sexta-Feira Santa'],
    ['2027-04-21', 'Dia de Tiradentes'],
    ['2027-05-01', 'Dia do Trabalhador'],
    ['2027-05-27', 'Corpus Christi'],
    ['2027-09-07', 'Dia da Independência'],
    ['2027-10-12', 'Nossa Senhora Aparecida'],
    ['2027-11-02', 'Dia de Finados'],
    ['2027-11-15', 'Proclamação da República'],
    ['2027-11-20', 'Dia da Consciência Negra'],
    ['2027-12-25', 'Natal'],
  ],
  2028: [
    ['2028-01-01', 'Ano Novo'],
    ['2028-02-28', 'Carnaval'],
    ['2028-02-29', 'Carnaval'],
    ['2028-04-14', 'Sexta-Feira Santa'],
    ['2028-04-21', 'Dia de Tiradentes'],
    ['2028-05-01', 'Dia do Trabalhador'],
    ['2028-06-15', 'Corpus Christi'],
    ['2028-09-07', 'Dia da Independência'],
    ['2028-10-01', 'Dia de Eleição'],
    ['2028-10-12', 'Nossa Senhora Aparecida'],
    ['2028-10-29', 'Dia de Eleição'],
    ['2028-11-02', 'Dia de Finados'],
    ['2028-11-15', 'Proclamação da República'],
    ['2028-11-20', 'Dia da Consciência Negra'],
    ['2028-12-25', 'Natal'],
  ],
  2029: [
    ['2029-01-01', 'Ano Novo'],
    ['2029-02-12', 'Carnaval'],
    ['2029-02-13', 'Carnaval'],
    ['2029-03-30', 'Sexta-Feira Santa'],
    ['2029-04-21', 'Dia de Tiradentes'],
    ['2029-05-01', 'Dia do Trabalhador'],
    ['2029-05-31', 'Corpus Christi'],
    ['2029-09-07', 'Dia da Independência'],
    ['2029-10-12', 'Nossa Senhora Aparecida'],
    ['2029-11-02', 'Dia de Finados'],
    ['2029-11-15', 'Proclamação da República'],
    ['2029-11-20', 'Dia da Consciência Negra'],
    ['2029-12-25', 'Natal'],
  ],
  2030: [
    ['2030-01-01', 'Ano Novo'],
    ['2030-03-04', 'Carnaval'],
    ['2030-03-05', 'Carnaval'],
    ['2030-04-19', 'Sexta-Feira Santa'],
    ['2030-04-21', 'Dia de Tiradentes'],
    ['2030-05-01', 'Dia do Trabalhador'],
    ['2030-06-20', 'Corpus Christi'],
    ['2030-09-07', 'Dia da Independência'],
    ['2030-10-06', 'Dia de Eleição'],
    ['2030-10-12', 'Nossa Senhora Aparecida'],
    ['2030-10-27', 'Dia de Eleição'],
    ['2030-11-02', 'Dia de Finados'],
    ['2030-11-15', 'Proclamação da República'],
    ['2030-11-20', 'Dia da Consciência Negra'],
    ['2030-12-25', 'Natal'],
  ],
};

describe('feriados nacionais', () => {
  it('gives the same 2026-2030 dates and names as the library did', () => {
    for (const [ano, lista] of Object.entries(ESPERADOS))
      expect(
        feriadosNacionais(Number(ano)).map((f) => [f.data, f.nome]),
        ano,
      ).toEqual(lista);
  });

  it('computes Easter by the Meeus/Butcher algorithm (known dates)', () => {
    expect(pascoa(2024)).toEqual([3, 31]);
    expect(pascoa(2025)).toEqual([4, 20]);
    expect(pascoa(2038)).toEqual([4, 25]);
    expect(pascoa(2285)).toEqual([3, 22]);
  });
});
