import { describe, expect, it } from 'vitest';
import { neutralizarFormula, textoDaCelula, toCsv } from './csv';

describe('neutralizarFormula', () => {
  it("prefixes ' to a text starting with =, +, -, @, tab or carriage return, and only to those", () => {
    for (const v of ["=cmd|' /C calc'!A0", '+1', '-1+1', '@SUM(A1)', '\t=1', '\r=1', '-3.5']) expect(neutralizarFormula(v)).toBe(`'${v}`);
    for (const v of ['Tomate', 'a=b', ' =1', '', "'=1", '3.5']) expect(neutralizarFormula(v)).toBe(v);
  });
});

describe('textoDaCelula', () => {
  it('a number cell is exempt: a negative number stays a number (decision 0150), in either format', () => {
    expect(textoDaCelula(-3.5, 'dados')).toBe('-3.5');
    expect(textoDaCelula(-3.5, 'planilha')).toBe('-3,5');
    expect(textoDaCelula('-3.5', 'dados')).toBe("'-3.5");
  });

  it("'planilha' writes dd/mm/yyyy and a decimal comma; 'dados' keeps ISO dates and a point", () => {
    expect(textoDaCelula('2026-11-27', 'planilha')).toBe('27/11/2026');
    expect(textoDaCelula('2026-11-27', 'dados')).toBe('2026-11-27');
    expect(textoDaCelula(1055.25, 'planilha')).toBe('1055,25');
    expect(textoDaCelula(1055.25, 'dados')).toBe('1055.25');
    expect(textoDaCelula(null)).toBe('');
    expect(textoDaCelula(Number.NaN)).toBe('');
  });
});

describe('toCsv', () => {
  it('neutralises the header too and quotes a cell whose neutralised text holds a separator', () => {
    expect(toCsv(['=A1', 'B'], [['-x;y', 2.5]], 'dados')).toBe('\uFEFF\'=A1;B\r\n"\'-x;y";2.5\r\n');
  });
});
