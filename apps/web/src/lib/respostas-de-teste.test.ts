import { municipioRegistro, produtoComercializado } from '@ceasa/shared';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { linhas, pagina, registro } from './respostas-de-teste';

const SAO_LUIS = { id: 7, nome: 'São Luís', sigla: 'MA', codigoIbge: '2111300' };

describe('fake answers checked against the shared schemas', () => {
  it('a record the server could send is returned as the schema reads it (unknown fields dropped)', () => {
    expect(registro(municipioRegistro, { ...SAO_LUIS, apelido: 'Ilha' } as z.input<typeof municipioRegistro>)).toEqual(SAO_LUIS);
  });

  it('a record the server could not send fails where it is written, naming the field', () => {
    // Written before municipalities had their IBGE code: the answer now always carries it (null when unknown).
    const antigo = { id: 7, nome: 'São Luís', sigla: 'MA' };
    expect(() => registro(municipioRegistro, antigo as z.input<typeof municipioRegistro>)).toThrow(/codigoIbge/);
    expect(() => linhas(municipioRegistro, [SAO_LUIS, { ...SAO_LUIS, id: '8' } as never])).toThrow(/id/);
  });

  it('a page has the list contract: total and pages from the rows, or as given', () => {
    expect(pagina(municipioRegistro, [SAO_LUIS])).toEqual({ content: [SAO_LUIS], totalElements: 1, totalPages: 1, number: 0, size: 20 });
    expect(pagina(municipioRegistro, [SAO_LUIS], { totalElements: 10_000, totalExato: false })).toMatchObject({ totalPages: 500, totalExato: false });
    expect(pagina(produtoComercializado, [], { size: 15 })).toEqual({ content: [], totalElements: 0, totalPages: 0, number: 0, size: 15 });
    expect(() => pagina(municipioRegistro, [{ ...SAO_LUIS, nome: null } as never])).toThrow(/content/);
  });
});
