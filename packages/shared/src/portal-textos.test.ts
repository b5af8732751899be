import { describe, expect, it } from 'vitest';
import { MENSAGENS_GOVBR, mensagemGovbr, ROTULOS_NIVEL_GOVBR, ROTULOS_SITUACAO_DA_CHEGADA, ROTULOS_DOS_AVISOS } from './portal-textos';
import { NIVEIS_GOVBR, SITUACOES_DA_CHEGADA, TIPOS_DE_AVISO } from './resources/portal';

describe('portal texts without zod (decision 0300)', () => {
  it("name exactly the schemas' kinds of news, situations and gov.br levels", () => {
    expect(Object.keys(ROTULOS_DOS_AVISOS)).toEqual([...TIPOS_DE_AVISO]);
    expect(Object.keys(ROTULOS_SITUACAO_DA_CHEGADA)).toEqual([...SITUACOES_DA_CHEGADA]);
    expect(Object.keys(ROTULOS_NIVEL_GOVBR)).toEqual([...NIVEIS_GOVBR]);
  });

  it('gives each ?govbr= code its message, and an unknown or inherited one the generic failure', () => {
    expect(mensagemGovbr('nivel')).toBe(MENSAGENS_GOVBR.nivel);
    expect(mensagemGovbr('sem-cadastro')).toBe(MENSAGENS_GOVBR['sem-cadastro']);
    expect(mensagemGovbr('desativado')).toBe(MENSAGENS_GOVBR.desativado);
    expect(mensagemGovbr('xyz')).toBe(MENSAGENS_GOVBR.erro);
    expect(mensagemGovbr('toString')).toBe(MENSAGENS_GOVBR.erro);
  });
});
