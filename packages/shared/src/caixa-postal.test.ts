import { describe, expect, it } from 'vitest';
import { caixaPostal } from './caixa-postal';

describe('caixaPostal', () => {
  it('counts case, +tag and Gmail dots as one mailbox', () => {
    expect(caixaPostal('A.B+x@GMail.com')).toBe('ab@gmail.com');
    expect(caixaPostal('a.b@googlemail.com')).toBe('ab@gmail.com');
    expect(caixaPostal(' Joao+feira@Prefeitura.gov.br ')).toBe('joao@prefeitura.gov.br');
  });
  it('keeps dots outside Gmail and a leading plus', () => {
    expect(caixaPostal('maria.silva@ceasa.gov.br')).toBe('maria.silva@ceasa.gov.br');
    expect(caixaPostal('+x@d.com')).toBe('+x@d.com');
  });
});
