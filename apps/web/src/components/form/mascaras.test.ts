import { describe, expect, it } from 'vitest';
import { ehDataIso, mascaraCep, mascaraCpfCnpj, mascaraData, mascaraTelefone, paraIso } from './mascaras';

describe('máscaras', () => {
  it('CPF até 11 dígitos, CNPJ de 12 a 14, o que passar disso é cortado', () => {
    const f = mascaraCpfCnpj.formatar;
    expect(f('')).toBe('');
    expect(f('123')).toBe('123');
    expect(f('1234')).toBe('123.4');
    expect(f('1234567890')).toBe('123.456.789-0');
    expect(f('12345678901')).toBe('123.456.789-01');
    expect(f('123.456.789-012')).toBe('12.345.678/9012');
    expect(f('12345678000190')).toBe('12.345.678/0001-90');
    expect(f('12.345.678/0001-9099')).toBe('12.345.678/0001-90');
  });
  it('CNPJ alfanumérico: as letras ficam onde foram digitadas, na caixa em que foram digitadas', () => {
    const f = mascaraCpfCnpj.formatar;
    expect(f('12abc34501de35')).toBe('12.abc.345/01de-35');
    expect(f('12.ABC.345/01DE-35')).toBe('12.ABC.345/01DE-35');
    expect(f('ab513819c0d119')).toBe('ab.513.819/c0d1-19');
    expect(mascaraCpfCnpj.caracteres!('12.abc.345/01de-35')).toBe('12abc34501de35');
  });
  it('celular com 10 ou 11 dígitos', () => {
    const f = mascaraTelefone.formatar;
    expect(f(null)).toBe('');
    expect(f('9')).toBe('(9');
    expect(f('989')).toBe('(98) 9');
    expect(f('9832214455')).toBe('(98) 3221-4455');
    expect(f('98987654321')).toBe('(98) 98765-4321');
    expect(f('(98) 98765-43219')).toBe('(98) 98765-4321');
  });
  it('data dd/mm/aaaa e CEP 99999-999, até onde os dígitos vão', () => {
    expect(mascaraData.formatar('2')).toBe('2');
    expect(mascaraData.formatar('201')).toBe('20/1');
    expect(mascaraData.formatar('20112026')).toBe('20/11/2026');
    expect(mascaraData.formatar('20/11/20269')).toBe('20/11/2026');
    expect(mascaraCep.formatar('65900')).toBe('65900');
    expect(mascaraCep.formatar('659000')).toBe('65900-0');
    expect(mascaraCep.formatar('65900-0001')).toBe('65900-000');
  });
  it('paraIso aceita só dias que existem', () => {
    expect(paraIso('21/11/2026')).toBe('2026-11-21');
    expect(paraIso('29/02/2024')).toBe('2024-02-29');
    expect(paraIso('29/02/2026')).toBeNull();
    expect(paraIso('31/02/2026')).toBeNull();
    expect(paraIso('21/11/26')).toBeNull();
    expect(paraIso(null)).toBeNull();
    expect(ehDataIso('2026-11-21')).toBe(true);
    expect(ehDataIso('21/11/2026')).toBe(false);
  });
});
