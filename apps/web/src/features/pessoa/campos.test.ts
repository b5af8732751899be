import { describe, expect, it } from 'vitest';
import { mascaraCpfCnpj, mascaraTelefone } from './campos';

describe('máscaras que se adaptam ao tamanho', () => {
  it('CPF até 11 dígitos, CNPJ de 12 a 14, o que passar disso é cortado', () => {
    expect(mascaraCpfCnpj('')).toBe('');
    expect(mascaraCpfCnpj('123')).toBe('123');
    expect(mascaraCpfCnpj('1234')).toBe('123.4');
    expect(mascaraCpfCnpj('1234567890')).toBe('123.456.789-0');
    expect(mascaraCpfCnpj('12345678901')).toBe('123.456.789-01');
    expect(mascaraCpfCnpj('123.456.789-012')).toBe('12.345.678/9012');
    expect(mascaraCpfCnpj('12345678000190')).toBe('12.345.678/0001-90');
    expect(mascaraCpfCnpj('12.345.678/0001-9099')).toBe('12.345.678/0001-90');
  });
  it('celular com 10 ou 11 dígitos', () => {
    expect(mascaraTelefone(null)).toBe('');
    expect(mascaraTelefone('9')).toBe('(9');
    expect(mascaraTelefone('989')).toBe('(98) 9');
    expect(mascaraTelefone('9832214455')).toBe('(98) 3221-4455');
    expect(mascaraTelefone('98987654321')).toBe('(98) 98765-4321');
    expect(mascaraTelefone('(98) 98765-43219')).toBe('(98) 98765-4321');
  });
});
