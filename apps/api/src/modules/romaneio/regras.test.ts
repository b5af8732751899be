import { describe, expect, it } from 'vitest';
import { FORA_DA_COLHEITA, MOTIVO_OBRIGATORIO, montarChaveNfe, NAO_PRODUTOR, NFE_MSG, type Romaneio, type RomaneioDados } from '@ceasa/shared';
import { camposFixos, correcaoNaPortaria, doLote, emitentesDiferentes, type Fatos, motivoDaCorrecao, primeiraRecusa } from './regras';

/* The gate's rules without a database: plain input and plain facts. */

const CPF = '52998224725';
const SEG = '2026-11-23';
const QUI = '2026-11-26';
const chave = (numero: number, o: { emitente?: string; mes?: number } = {}) =>
  montarChaveNfe({ ano: 2026, mes: o.mes ?? 11, emitente: o.emitente ?? CPF, numero });

const romaneio = (o: Partial<RomaneioDados> = {}): RomaneioDados => ({
  dataEmissao: SEG,
  divida: 10,
  pessoaId: 1,
  motivo: null,
  pedras: [],
  itens: [{ id: null, produtoId: 7, quantidade: 10, boletimItensId: 70 }],
  chavesNfe: [],
  ...o,
});

const fatos = (o: Partial<Fatos> = {}): Fatos => ({
  diasDeMercado: [1, 4],
  calendario: [],
  pessoas: new Map([
    [1, { tipoId: 1, nome: 'João Lavrador', cpfcnpj: CPF }],
    [2, { tipoId: 3, nome: 'Loja', cpfcnpj: '11222333000181' }],
  ]),
  itens: new Map([[70, { id: 70, produtoId: 7, inicioColheita: '2026-11-01', fimColheita: '2026-11-30', produtorId: 1, aplicacoes: null }]]),
  numeros: new Map([
    [5, '12'],
    [6, '13'],
  ]),
  ocupadas: new Set(),
  chavesEmUso: new Map(),
  nfeObrigatoria: false,
  ...o,
});

const recusa = (lote: RomaneioDados[], f = fatos()) => primeiraRecusa(lote.map(doLote), f);

describe("the gate's rules (pure)", () => {
  it('passes a valid batch of two market days', () => {
    expect(recusa([romaneio(), romaneio({ dataEmissao: QUI })])).toBeNull();
  });

  it('refuses a day that is no market day, then repeated dates and two debts, each on its field in the batch', () => {
    expect(recusa([romaneio({ dataEmissao: '2026-11-24' })])?.erros[0].field).toBe('[0].dataEmissao');
    expect(
      recusa(
        [romaneio({ dataEmissao: SEG }), romaneio({ dataEmissao: '2026-11-30' })],
        fatos({ calendario: [{ data: '2026-11-30', nome: 'Feriado', tipo: 'feriado' }] }),
      )?.erros,
    ).toEqual([{ field: '[1].dataEmissao', message: expect.stringContaining('Feriado') as string }]);
    expect(recusa([romaneio(), romaneio({ divida: 11, dataEmissao: QUI }), romaneio()])).toEqual({
      status: 400,
      erros: [
        { field: '[1].divida', message: 'Todos os romaneios do lote devem ter a mesma dívida' },
        { field: '[2].dataEmissao', message: 'A data 23/11/2026 aparece mais de uma vez no lote' },
      ],
    });
  });

  it('refuses a person who is not a producer, an item outside its harvest window, and a stall twice or booked (409)', () => {
    expect(recusa([romaneio({ pessoaId: 2 })])?.erros).toEqual([{ field: '[0].pessoaId', message: NAO_PRODUTOR }]);
    expect(recusa([romaneio({ pessoaId: 3 })])?.erros[0].message).toBe('O produtor deve ser selecionado');
    const dezembro = fatos();
    dezembro.itens.get(70)!.fimColheita = '2026-11-20';
    expect(recusa([romaneio()], dezembro)?.erros).toEqual([{ field: '[0].itens[0].boletimItensId', message: FORA_DA_COLHEITA }]);
    const duas = [
      { pedrasId: 5, ocupacao: null },
      { pedrasId: 5, ocupacao: null },
    ];
    expect(recusa([romaneio({ pedras: duas })])?.erros).toEqual([{ field: '[0].pedras[1].pedrasId', message: 'A pedra 12 aparece mais de uma vez' }]);
    expect(recusa([romaneio({ pedras: [{ pedrasId: 6, ocupacao: null }] })], fatos({ ocupadas: new Set([`6|${SEG}`]) }))).toEqual({
      status: 409,
      erros: [{ field: '[0].pedras[0].pedrasId', message: 'A pedra 13 já está ocupada em 23/11/2026' }],
    });
  });

  it('NF-e: obligatory when configured, once in a batch, a key another romaneio holds is the 409', () => {
    expect(recusa([romaneio()], fatos({ nfeObrigatoria: true }))?.erros).toEqual([{ field: '[0].chavesNfe', message: NFE_MSG.obrigatoria }]);
    expect(recusa([romaneio({ chavesNfe: [chave(1)] })], fatos({ nfeObrigatoria: true }))).toBeNull();
    expect(recusa([romaneio({ chavesNfe: [chave(1)] }), romaneio({ dataEmissao: QUI, chavesNfe: [chave(1)] })])?.erros).toEqual([
      { field: '[1].chavesNfe[0]', message: NFE_MSG.repetida },
    ]);
    expect(recusa([romaneio({ chavesNfe: [chave(2)] })], fatos({ chavesEmUso: new Map([[chave(2), 44]]) }))).toEqual({
      status: 409,
      erros: [{ field: '[0].chavesNfe[0]', message: expect.stringMatching(/já está no romaneio 44$/) as string }],
    });
  });

  it("asks to confirm a key whose issuer is not the producer's document, unless confirmed", () => {
    const outra = chave(3, { emitente: '11222333000181' });
    expect(emitentesDiferentes([romaneio({ chavesNfe: [chave(1), outra] })].map(doLote), fatos())).toEqual([
      { field: '[0].chavesNfe[1]', message: 'A NF-e 3 série 920 foi emitida por 11.222.333/0001-81, não pelo produtor João Lavrador.' },
    ]);
    expect(emitentesDiferentes([romaneio({ chavesNfe: [outra], confirmar: true })].map(doLote), fatos())).toEqual([]);
  });

  it('a correction: fixed fields, its reason, and each new item named by its place in the body', () => {
    const atual = {
      id: 9,
      dataEmissao: SEG,
      divida: 10,
      pessoaId: 1,
      pedras: [],
      itens: [{ id: 100, produtoId: 7, boletimItensId: 70 }],
      chavesNfe: [],
    } as unknown as Romaneio;
    const input = romaneio({
      divida: 12,
      chavesNfe: undefined,
      itens: [
        { id: 100, produtoId: 7, quantidade: 5, boletimItensId: 70 },
        { id: null, produtoId: 7, quantidade: 5, boletimItensId: 71 },
      ],
    });
    expect(camposFixos(input, atual).map((e) => e.field)).toEqual(['divida']);
    expect(motivoDaCorrecao(input, atual)).toEqual([{ field: 'motivo', message: MOTIVO_OBRIGATORIO }]);
    expect(motivoDaCorrecao({ ...input, itens: [input.itens[0]] }, atual)).toEqual([]);
    expect(motivoDaCorrecao({ ...input, itens: [input.itens[0]], chavesNfe: [chave(1)] }, atual)).toEqual([{ field: 'motivo', message: MOTIVO_OBRIGATORIO }]);
    // The new item (body's itens[1]) is the rules' only item: its refusal named itens[1].
    expect(primeiraRecusa([correcaoNaPortaria(input)], fatos())?.erros).toEqual([
      { field: 'itens[1].boletimItensId', message: 'O item do boletim deve estar na lista' },
    ]);
  });
});
