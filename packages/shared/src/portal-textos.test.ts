import { describe, expect, it } from 'vitest';
import { CODIGOS_GOVBR, MENSAGENS_GOVBR, mensagemGovbr, NOME_DO_NIVEL, ROTULOS_DOS_AVISOS, ROTULOS_SITUACAO_DA_CHEGADA } from './portal-textos';
import { NIVEIS_GOVBR, SITUACOES_DA_CHEGADA, TIPOS_DE_AVISO } from './resources/portal';

describe('portal texts without zod (decision 0300)', () => {
  it("name exactly the schemas' kinds of news, situations and gov.br levels", () => {
    expect(Object.keys(ROTULOS_DOS_AVISOS)).toEqual([...TIPOS_DE_AVISO]);
    expect(Object.keys(ROTULOS_SITUACAO_DA_CHEGADA)).toEqual([...SITUACOES_DA_CHEGADA]);
    expect(Object.keys(NOME_DO_NIVEL)).toEqual([...NIVEIS_GOVBR]);
    expect(Object.keys(MENSAGENS_GOVBR)).toEqual([...CODIGOS_GOVBR]);
  });

  it('gives each ?govbr= code its message, the level one with his level and the one asked; an unknown code the generic failure', () => {
    expect(mensagemGovbr('nivel', 'bronze', 'prata')).toBe(MENSAGENS_GOVBR.nivel('bronze', 'prata'));
    expect(mensagemGovbr('nivel', 'bronze', 'prata')).toContain('Sua conta gov.br é nível bronze, e o portal do produtor pede o nível prata ou maior.');
    expect(mensagemGovbr('nivel', 'prata', 'ouro')).toContain('é nível prata, e o portal do produtor pede o nível ouro ou maior.');
    // A level the address does not say (or says wrong) reads as the weakest.
    expect(mensagemGovbr('nivel', null, 'prata')).toContain('é nível bronze');
    expect(mensagemGovbr('sem-cadastro')).toBe(MENSAGENS_GOVBR['sem-cadastro']);
    expect(mensagemGovbr('desativado')).toBe(MENSAGENS_GOVBR.desativado);
    expect(mensagemGovbr('xyz')).toBe(MENSAGENS_GOVBR.erro);
    expect(mensagemGovbr('toString')).toBe(MENSAGENS_GOVBR.erro);
  });
});
