import { localeOption, localeOptions } from 'primereact/api';
import { describe, expect, it } from 'vitest';
import { LOCALE_PT } from './locale-pt';

/** Texts that read the same in both languages. */
const IGUAIS = new Set(['am', 'pm', 'fileSizeTypes', 'firstDayOfWeek', 'showMonthAfterYear', 'aria.slideNumber', 'aria.slide', 'aria.pageLabel']);

function chaves(o: Record<string, unknown>, prefixo = ''): [string, unknown][] {
  return Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' && !Array.isArray(v) ? chaves(v as Record<string, unknown>, `${prefixo}${k}.`) : [[`${prefixo}${k}`, v]],
  );
}

describe('locale pt-BR do PrimeReact', () => {
  it('traduz todas as chaves do inglês, inclusive as de aria', () => {
    const en = new Map(chaves(localeOptions('en') as Record<string, unknown>));
    const pt = new Map(chaves(localeOptions('pt') as Record<string, unknown>));
    const faltando = [...en.keys()].filter((k) => !pt.has(k) || pt.get(k) === undefined);
    expect(faltando).toEqual([]);
    const emIngles = [...en.entries()].filter(([k, v]) => !IGUAIS.has(k) && JSON.stringify(pt.get(k)) === JSON.stringify(v)).map(([k]) => k);
    expect(emIngles).toEqual([]);
    expect(Object.keys(LOCALE_PT.aria).length).toBe(Object.keys((localeOptions('en') as { aria: object }).aria).length);
  });
  it("o botão do calendário diz 'Escolher data'", () => {
    expect(localeOption('chooseDate', 'pt')).toBe('Escolher data');
    expect(localeOption('dateFormat', 'pt')).toBe('dd/mm/yy');
  });
});
