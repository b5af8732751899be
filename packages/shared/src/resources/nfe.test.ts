import { describe, expect, it } from 'vitest';
import { romaneioInput } from './romaneio';
import {
  chaveNfe,
  digitoChaveNfe,
  emitenteDaChave,
  formatChaveNfe,
  mesDaChaveDepois,
  mesmoDocumento,
  montarChaveNfe,
  NFE_MSG,
  notaDaChave,
  problemaDaChave,
} from './nfe';

/** A real-shaped key: Maranhão (21), November 2026, a producer's CPF, model 55, series 920, invoice 1234. */
const CPF = '52998224725';
const chave = montarChaveNfe({ cUF: '21', ano: 2026, mes: 11, emitente: CPF, serie: 920, numero: 1234 });

describe('NF-e access key', () => {
  it('computes the module-11 check digit (remainders 0 and 1 give 0) as the published example', () => {
    // The example of the NF-e integration manual (Anexo I): 5206043300991100250655012000000780026730161 + digit 5.
    expect(digitoChaveNfe('5206043300991100250655012000000780026730161')).toBe(5);
    expect(chave).toHaveLength(44);
    expect(problemaDaChave(chave)).toBeNull();
  });

  it('refuses a wrong check digit, a non-Brazilian state code, another model and a non-44-digit key, each with its message', () => {
    const errado = chave.slice(0, 43) + String((Number(chave[43]) + 1) % 10);
    expect(problemaDaChave(errado)).toBe(NFE_MSG.digito);
    expect(problemaDaChave(montarChaveNfe({ cUF: '20', ano: 2026, mes: 11, emitente: CPF, numero: 1 }))).toBe(NFE_MSG.uf('20'));
    expect(problemaDaChave(montarChaveNfe({ cUF: '99', ano: 2026, mes: 11, emitente: CPF, numero: 1 }))).toBe(NFE_MSG.uf('99'));
    expect(problemaDaChave(montarChaveNfe({ modelo: '65', ano: 2026, mes: 11, emitente: CPF, numero: 1 }))).toBe(NFE_MSG.modelo('65'));
    expect(problemaDaChave('123')).toBe(NFE_MSG.formato);
    expect(problemaDaChave(`${chave.slice(0, 43)}X`)).toBe(NFE_MSG.letras);
    expect(problemaDaChave(`${chave.slice(0, 43)}.`)).toBe(NFE_MSG.formato);
  });

  it('reads the issuer (CPF as 000 + 11 digits, or the CNPJ), the invoice number and series, and takes the DANFE spacing', () => {
    expect(emitenteDaChave(chave)).toBe(CPF);
    expect(mesmoDocumento(emitenteDaChave(chave), '529.982.247-25')).toBe(true);
    expect(mesmoDocumento(emitenteDaChave(chave), '11144477735')).toBe(false);
    const cnpj = montarChaveNfe({ ano: 2026, mes: 11, emitente: '11222333000181', numero: 7 });
    expect(emitenteDaChave(cnpj)).toBe('11222333000181');
    expect(mesmoDocumento(emitenteDaChave(cnpj), '11.222.333/0001-81')).toBe(true);
    expect(notaDaChave(chave)).toBe('NF-e 1234 série 920');
    expect(chaveNfe.parse(formatChaveNfe(chave))).toBe(chave);
  });

  it("refuses a key of a month after the romaneio's date on chavesNfe[n], and a key twice", () => {
    const dezembro = montarChaveNfe({ ano: 2026, mes: 12, emitente: CPF, numero: 2 });
    expect(mesDaChaveDepois(dezembro, '2026-11-30')).toBe('Chave de acesso de 12/2026, posterior à data do romaneio (30/11/2026)');
    expect(mesDaChaveDepois(chave, '2026-11-01')).toBeNull();
    const base = { dataEmissao: '2026-11-26', divida: 1, pessoaId: 1, itens: [{ produtoId: 1, quantidade: 1, boletimItensId: 1 }] };
    const r = romaneioInput.safeParse({ ...base, chavesNfe: [chave, dezembro, chave] });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['chavesNfe.1', 'Chave de acesso de 12/2026, posterior à data do romaneio (26/11/2026)'],
      ['chavesNfe.2', NFE_MSG.repetida],
    ]);
    expect(romaneioInput.parse({ ...base, chavesNfe: [formatChaveNfe(chave)] }).chavesNfe).toEqual([chave]);
  });
});

describe('NF-e access key with an alphanumeric CNPJ (NT 2025.001)', () => {
  // The Receita's example of an alphanumeric CNPJ: 12.ABC.345/01DE-35.
  const CNPJ = '12ABC34501DE35';
  /** This file's own reading of the NT: each character's ASCII code minus 48, weights 2..9 from the right, module 11. */
  const dvDaNota = (base: string) => {
    const pesos = [...base].reverse().map((ch, i) => (ch.charCodeAt(0) - 48) * ((i % 8) + 2));
    const resto = pesos.reduce((a, b) => a + b, 0) % 11;
    return resto < 2 ? 0 : 11 - resto;
  };
  const base = `352607${CNPJ}55920000001234187654321`;
  const alfa = `${base}${dvDaNota(base)}`;

  it('letters count as ASCII − 48 in the check digit, and such a key is valid', () => {
    expect(base).toHaveLength(43);
    // 'A' is 17, 'B' 18, 'C' 19, 'D' 20, 'E' 21: worked by hand for a short run, weights 2, 3, 4 from the right.
    expect(digitoChaveNfe('ABC')).toBe((() => { const r = (19 * 2 + 18 * 3 + 17 * 4) % 11; return r < 2 ? 0 : 11 - r; })()); // prettier-ignore
    expect(digitoChaveNfe(base)).toBe(dvDaNota(base));
    expect(montarChaveNfe({ cUF: '35', ano: 2026, mes: 7, emitente: '12.ABC.345/01DE-35', numero: 1234, cNF: 87654321 })).toBe(alfa);
    expect(problemaDaChave(alfa)).toBeNull();
    const errado = alfa.slice(0, 43) + String((Number(alfa[43]) + 1) % 10);
    expect(problemaDaChave(errado)).toBe(NFE_MSG.digito);
  });

  it('upper-cases a key typed in lower case; letters outside positions 7–20 are refused', () => {
    expect(chaveNfe.parse(alfa.toLowerCase())).toBe(alfa);
    expect(chaveNfe.parse(formatChaveNfe(alfa))).toBe(alfa);
    expect(formatChaveNfe(alfa).split(' ')).toHaveLength(11);
    expect(problemaDaChave(`3A${alfa.slice(2)}`)).toBe(NFE_MSG.letras);
    expect(problemaDaChave(`${alfa.slice(0, 30)}Z${alfa.slice(31)}`)).toBe(NFE_MSG.letras);
  });

  it('reads the alphanumeric issuer and compares it with the CNPJ however it is written', () => {
    expect(emitenteDaChave(alfa)).toBe(CNPJ);
    expect(mesmoDocumento(emitenteDaChave(alfa), '12.abc.345/01de-35')).toBe(true);
    expect(mesmoDocumento(emitenteDaChave(alfa), '12.ABC.345/01DE-36')).toBe(false);
    expect(notaDaChave(alfa)).toBe('NF-e 1234 série 920');
  });
});
