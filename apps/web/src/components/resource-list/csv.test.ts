import { describe, expect, it } from 'vitest';
import { toCsv } from './csv';

describe('toCsv', () => {
  it('quotes separators, quotes and line breaks, with a BOM for spreadsheets', () => {
    const csv = toCsv(
      ['Nome', 'Obs'],
      [
        ['Açaí; polpa', 'diz "oi"'],
        ['Linha', 'a\nb'],
      ],
    );
    expect(csv.startsWith('\uFEFF')).toBe(true);
    expect(csv.slice(1).split('\r\n')).toEqual(['Nome;Obs', '"Açaí; polpa";"diz ""oi"""', 'Linha;"a\nb"', '']);
  });
});
