import { describe, expect, it } from 'vitest';
import { casaComTodas, filtrarOpcoes, lerQuantidade } from './busca';

const op = (label: string) => ({ label, value: label });

describe('the gate form search', () => {
  it('finds by every word, in any order, without case or accents', () => {
    expect(casaComTodas('lucas dias', 'Lucas Dias')).toBe(true);
    expect(casaComTodas('lucas dias', 'Lucas Alves Alves')).toBe(false);
    expect(casaComTodas('dias lu', 'Lúcia Dias')).toBe(true);
    expect(casaComTodas('LUCIA', 'Lúcia Dias')).toBe(true);
    expect(casaComTodas('sebastiao vieira', 'Sebastião Santos Ramos')).toBe(false);
    expect(casaComTodas('alves alves', 'Lucas Alves')).toBe(false);
  });
  it('lists the whole name typed first, then names starting with it, then the rest', () => {
    const l = [op('Lucas Alves Alves'), op('Alves Lucas'), op('Lucas Alves'), op('Lucas Dias'), op('Lúcia Dias')];
    expect(filtrarOpcoes(l, 'lucas alves').map((o) => o.label)).toEqual(['Lucas Alves', 'Lucas Alves Alves', 'Alves Lucas']);
    expect(filtrarOpcoes(l, 'dias').map((o) => o.label)).toEqual(['Lucas Dias', 'Lúcia Dias']);
    expect(filtrarOpcoes(l, '')).toHaveLength(5);
  });
  it('reads a quantity as typed in pt-BR', () => {
    expect(lerQuantidade('60')).toBe(60);
    expect(lerQuantidade('120,5')).toBe(120.5);
    expect(lerQuantidade('1.234,56')).toBe(1234.56);
    expect(lerQuantidade('20.000')).toBe(20000);
    expect(lerQuantidade('2.5')).toBe(2.5);
    expect(lerQuantidade('')).toBeNull();
    expect(lerQuantidade('1,2,3')).toBeNaN();
  });
});
