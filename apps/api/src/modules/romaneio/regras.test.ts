import { describe, expect, it } from 'vitest';
import {
  type BoletimItemProduto,
  CHEGADA_MSG,
  chegadaDeOutroDia,
  chegadaForaDaJanela,
  chegadaJaRecebida,
  embalagensDaChegada,
  FORA_DA_COLHEITA,
  itemDaChegada,
  MOTIVO_OBRIGATORIO,
  montarChaveNfe,
  NAO_PRODUTOR,
  NFE_MSG,
  PRODUTO_SEM_BOLETIM,
  type Romaneio,
  type RomaneioDados,
} from '@ceasa/shared';
import {
  camposFixos,
  chegadaNaPortaria,
  correcaoNaPortaria,
  doLote,
  ETAPAS_DA_CHEGADA,
  janelaDaChegada,
  PERGUNTAS_DA_CHEGADA,
  type Fatos,
  motivoDaCorrecao,
  type NaPortaria,
  perguntasEmAberto,
  primeiraRecusa,
  type Questao,
  saldoBoletim,
} from './regras';

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
    [1, { tipoId: 1, nome: 'João Lavrador', cpfcnpj: CPF, carteiraValidaAte: null }],
    [2, { tipoId: 3, nome: 'Loja', cpfcnpj: '11222333000181', carteiraValidaAte: null }],
  ]),
  carteira: 'avisar',
  suspensoes: new Map(),
  noDia: [],
  contribuinte: null,
  itens: new Map([
    [
      70,
      {
        id: 70,
        produtoId: 7,
        inicioColheita: '2026-11-01',
        fimColheita: '2026-11-30',
        produtorId: 1,
        aplicacoes: null,
        produtoNome: 'Tomate',
        pesoEmKg: 20,
        saldo: 1000,
      },
    ],
  ]),
  numeros: new Map([
    [5, '12'],
    [6, '13'],
  ]),
  ocupadas: new Set(),
  chavesEmUso: new Map(),
  nfeObrigatoria: false,
  chegadas: new Map(),
  ...o,
});

/** Romaneio 9 as saved: one item (id 100) of bulletin item 70, product 7, with this quantity. */
const romaneioSalvo = (quantidade: number) =>
  ({
    id: 9,
    dataEmissao: SEG,
    divida: 10,
    pessoaId: 1,
    pedras: [],
    chavesNfe: [],
    itens: [{ id: 100, produtoId: 7, boletimItensId: 70, quantidade }],
  }) as unknown as Romaneio;
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
    // The new item (body's itens[1]) is the only one checked as new: its refusal named itens[1].
    expect(primeiraRecusa([correcaoNaPortaria(input, atual)], fatos())?.erros).toEqual([
      { field: 'itens[1].boletimItensId', message: 'O item do boletim deve estar na lista' },
    ]);
  });

  it('refuses a producer suspended on the date and, with exigir, one whose card ended: after the producer, before the items', () => {
    const suspenso = fatos({ suspensoes: new Map([[1, [{ inicio: '2026-11-20', fim: '2026-11-24' }]]]) });
    const mensagem = 'Produtor suspenso até 24/11/2026 por resultado de análise de resíduos.';
    expect(recusa([romaneio()], suspenso)).toEqual({ status: 400, erros: [{ field: '[0].pessoaId', message: mensagem }] });
    // After the suspension's last day: accepted.
    expect(recusa([romaneio({ dataEmissao: QUI })], suspenso)).toBeNull();
    const vencida = (carteira: 'avisar' | 'exigir') =>
      fatos({ carteira, pessoas: new Map([[1, { tipoId: 1, nome: 'João Lavrador', cpfcnpj: CPF, carteiraValidaAte: '2026-11-22' }]]) });
    const venceu = 'A carteira de produtor venceu em 22/11/2026: renove-a no cadastro do produtor.';
    expect(recusa([romaneio()], vencida('exigir'))?.erros).toEqual([{ field: '[0].pessoaId', message: venceu }]);
    expect(recusa([romaneio()], vencida('avisar'))).toBeNull();
    // Before the item rules: a suspended producer's item outside its window is refused for the suspension.
    const fora = fatos({ suspensoes: suspenso.suspensoes });
    fora.itens.get(70)!.fimColheita = '2026-11-20';
    expect(recusa([romaneio()], fora)?.erros[0].message).toBe(mensagem);
  });

  it('a correction is refused for a suspended producer when it adds an item or raises a quantity, not when it only takes away', () => {
    const suspenso = fatos({ suspensoes: new Map([[1, [{ inicio: '2026-11-20', fim: '2026-12-20' }]]]) });
    const atual = {
      id: 9,
      dataEmissao: SEG,
      divida: 10,
      pessoaId: 1,
      pedras: [],
      chavesNfe: [],
      itens: [{ id: 100, produtoId: 7, boletimItensId: 70, quantidade: 10 }],
    };
    const salvo = atual as unknown as Romaneio;
    const corrigir = (itens: RomaneioDados['itens']) => primeiraRecusa([correcaoNaPortaria(romaneio({ itens, chavesNfe: undefined }), salvo)], suspenso);
    const mantido = { id: 100, produtoId: 7, boletimItensId: 70 };
    expect(
      corrigir([
        { ...mantido, quantidade: 10 },
        { id: null, produtoId: 7, quantidade: 1, boletimItensId: 70 },
      ])?.erros[0].field,
    ).toBe('pessoaId');
    expect(corrigir([{ ...mantido, quantidade: 11 }])?.erros[0].field).toBe('pessoaId');
    expect(corrigir([{ ...mantido, quantidade: 4 }])).toBeNull();
  });

  describe('the questions', () => {
    const outra = chave(3, { emitente: '11222333000181' });
    const perguntas = (lote: NaPortaria[], f = fatos()) => perguntasEmAberto(lote, f);
    const naoNovo = (f: Fatos): Fatos => ({ ...f, noDia: [{ id: 12, pessoaId: 1, dataEmissao: SEG }] });

    it('asks nothing of a plain romaneio', () => {
      expect(perguntas([doLote(romaneio(), 0)])).toEqual([]);
    });

    it("emitenteNfe: a key whose issuer is not the producer's document, with the key and issuer", () => {
      expect(perguntas([doLote(romaneio({ chavesNfe: [chave(1), outra] }), 0)])).toEqual([
        {
          codigo: 'emitenteNfe',
          mensagem: 'A NF-e 3 série 920 foi emitida por 11.222.333/0001-81, não pelo produtor João Lavrador.',
          field: '[0].chavesNfe[1]',
          chave: outra,
          emitente: '11222333000181',
          produtor: 'João Lavrador',
        },
      ]);
    });

    it("saldoBoletim: the batch's kg of a bulletin item over its balance, counted over every date", () => {
      // 30 + 25 packages of 20 kg = 1,100 kg over a balance of 1,000 kg, on the first item's quantity.
      const lote = [
        romaneio({ itens: [{ id: null, produtoId: 7, quantidade: 30, boletimItensId: 70 }] }),
        romaneio({ dataEmissao: QUI, itens: [{ id: null, produtoId: 7, quantidade: 25, boletimItensId: 70 }] }),
      ];
      expect(perguntas(lote.map(doLote))).toEqual([
        {
          codigo: 'saldoBoletim',
          mensagem: 'Tomate: 1.100 kg passam do saldo do boletim (1.000 kg).',
          field: '[0].itens[0].quantidade',
          boletimItensId: 70,
          produto: 'Tomate',
          kg: 1100,
          saldo: 1000,
        },
      ]);
      // Exactly the balance asks nothing; a balance below zero reads 0 kg.
      expect(perguntas([doLote(romaneio({ itens: [{ id: null, produtoId: 7, quantidade: 50, boletimItensId: 70 }] }), 0)])).toEqual([]);
      const negativo = fatos();
      negativo.itens.get(70)!.saldo = -40;
      expect(perguntas([doLote(romaneio(), 0)], negativo)[0]).toMatchObject({
        mensagem: 'Tomate: 200 kg passam do saldo do boletim (0 kg).',
        kg: 200,
        saldo: 0,
      });
      // Confirmed only when every romaneio that takes from the item confirms it.
      const confirmados = lote.map((r, k) => doLote({ ...r, confirmar: k === 0 ? ['saldoBoletim'] : ['romaneioNoDia'] }, k));
      expect(perguntas(confirmados).map((p) => p.codigo)).toEqual(['saldoBoletim']);
      expect(perguntas(lote.map((r, k) => doLote({ ...r, confirmar: ['saldoBoletim'] }, k)))).toEqual([]);
    });

    it("saldoBoletim on a correction: its own kg are its balance's, and only a raised item's kg asks", () => {
      // Saved: 40 packages (800 kg) of item 70, whose balance, those 800 kg already out, is 100 kg.
      const f = fatos();
      f.itens.get(70)!.saldo = 100;
      const salvo = romaneioSalvo(40);
      const com = (quantidade: number) =>
        saldoBoletim([correcaoNaPortaria(romaneio({ itens: [{ id: 100, produtoId: 7, quantidade, boletimItensId: 70 }], chavesNfe: undefined }), salvo)], f);
      expect(com(45)).toEqual([]);
      expect(com(46).map((q: Questao) => q.pergunta)).toEqual([
        expect.objectContaining({ mensagem: 'Tomate: 920 kg passam do saldo do boletim (900 kg).', field: 'itens[0].quantidade' }),
      ]);
      // Already over its balance (confirmed when saved), a correction that does not raise it asks nothing again.
      f.itens.get(70)!.saldo = -100;
      expect(com(40)).toEqual([]);
      expect(com(39)).toEqual([]);
    });

    it('romaneioNoDia: another romaneio of the producer on the date, with its code', () => {
      expect(perguntas([doLote(romaneio(), 0), doLote(romaneio({ dataEmissao: QUI }), 1)], naoNovo(fatos()))).toEqual([
        {
          codigo: 'romaneioNoDia',
          mensagem: 'Já existe romaneio de João Lavrador em 23/11/2026 (código 12).',
          field: '[0].dataEmissao',
          romaneioId: 12,
          dataEmissao: SEG,
          produtor: 'João Lavrador',
        },
      ]);
      // On a correction only when it adds something (its own romaneio is never among the facts: lerFatos leaves it out).
      const salvo = romaneioSalvo(10);
      const corrige = (quantidade: number) =>
        perguntas([correcaoNaPortaria(romaneio({ itens: [{ id: 100, produtoId: 7, quantidade, boletimItensId: 70 }] }), salvo)], naoNovo(fatos()));
      expect(corrige(5)).toEqual([]);
      expect(corrige(11).map((p) => [p.codigo, p.field])).toEqual([['romaneioNoDia', 'dataEmissao']]);
    });

    it("contribuinte: the debt's taxpayer another name (case, accents and punctuation aside)", () => {
      expect(perguntas([doLote(romaneio(), 0)], fatos({ contribuinte: { divida: 10, nome: 'JOAO  LAVRADOR.' } }))).toEqual([]);
      expect(
        perguntas([doLote(romaneio(), 0), doLote(romaneio({ dataEmissao: QUI }), 1)], fatos({ contribuinte: { divida: 10, nome: 'Maria Souza' } })),
      ).toEqual([
        {
          codigo: 'contribuinte',
          mensagem: 'O contribuinte da dívida 10 é Maria Souza, não o produtor João Lavrador.',
          field: '[0].divida',
          divida: 10,
          contribuinte: 'Maria Souza',
          produtor: 'João Lavrador',
        },
      ]);
    });

    it('carteira: a card ending within 30 days, or past it with avisar, once per message', () => {
      const com = (validaAte: string, carteira: 'avisar' | 'exigir' = 'avisar') =>
        fatos({ carteira, pessoas: new Map([[1, { tipoId: 1, nome: 'João Lavrador', cpfcnpj: CPF, carteiraValidaAte: validaAte }]]) });
      expect(perguntas([doLote(romaneio(), 0)], com('2026-12-24'))).toEqual([]);
      expect(perguntas([doLote(romaneio(), 0)], com('2026-11-24', 'exigir'))).toEqual([
        {
          codigo: 'carteira',
          mensagem: 'A carteira de produtor vence em 24/11/2026 (amanhã).',
          field: '[0].pessoaId',
          dataEmissao: SEG,
          carteiraValidaAte: '2026-11-24',
        },
      ]);
      const venceu = perguntas([doLote(romaneio({ dataEmissao: '2026-11-30' }), 0), doLote(romaneio({ dataEmissao: '2026-12-03' }), 1)], com('2026-11-24'));
      expect(venceu.map((p) => p.mensagem)).toEqual(['A carteira de produtor venceu em 24/11/2026: renove-a no cadastro do produtor.']);
    });

    it('every question in the shared order; true confirms all, a list only its codes', () => {
      const f = naoNovo(fatos({ contribuinte: { divida: 10, nome: 'Maria' } }));
      const r = romaneio({ chavesNfe: [outra], itens: [{ id: null, produtoId: 7, quantidade: 60, boletimItensId: 70 }] });
      expect(perguntas([doLote(r, 0)], f).map((p) => p.codigo)).toEqual(['emitenteNfe', 'saldoBoletim', 'romaneioNoDia', 'contribuinte']);
      expect(perguntas([doLote({ ...r, confirmar: true }, 0)], f)).toEqual([]);
      expect(perguntas([doLote({ ...r, confirmar: ['saldoBoletim', 'contribuinte'] }, 0)], f).map((p) => p.codigo)).toEqual(['emitenteNfe', 'romaneioNoDia']);
      expect(perguntas([doLote({ ...r, confirmar: false }, 0)], f)).toHaveLength(4);
    });
  });
});

describe('announced loads (decision 0298)', () => {
  const item = (o: Partial<BoletimItemProduto>): BoletimItemProduto => ({
    id: 70,
    boletimId: 1,
    produtoId: 7,
    produtoNome: 'Tomate',
    produtoEmbalagem: 'CX 20kg',
    produtoPesoEmKg: 20,
    inicioColheita: '2026-11-01',
    fimColheita: '2026-11-30',
    saldoQtde: 1000,
    aplicacoes: null,
    ...o,
  });
  const carga = (o: Partial<Parameters<typeof chegadaNaPortaria>[0]> = {}) => ({
    data: SEG,
    itens: [{ produtoId: 7, quantidade: 500 }],
    chavesNfe: [],
    observacao: null,
    ...o,
  });

  it('a day from today to today + the days ahead', () => {
    expect(janelaDaChegada('2026-11-23', '2026-11-23', 7)).toEqual([]);
    expect(janelaDaChegada('2026-11-30', '2026-11-23', 7)).toEqual([]);
    const fora = [{ field: 'data', message: chegadaForaDaJanela('2026-11-23', '2026-11-30') }];
    expect(janelaDaChegada('2026-11-22', '2026-11-23', 7)).toEqual(fora);
    expect(janelaDaChegada('2026-12-01', '2026-11-23', 7)).toEqual(fora);
    expect(chegadaForaDaJanela('2026-11-23', '2026-11-23')).toBe('A chegada só pode ser anunciada para hoje (23/11/2026).');
  });

  it('picks the bulletin item harvestable that day and past its withdrawal period with the largest balance', () => {
    const emCarencia = item({ id: 71, saldoQtde: 5000, aplicacoes: [{ nomeProduto: 'X', data: '2026-11-20', periodoCarencia: 10 }] });
    const pequeno = item({ id: 72, saldoQtde: 100 });
    const grande = item({ id: 73, saldoQtde: 900 });
    const passado = item({ id: 74, inicioColheita: '2026-10-01', fimColheita: '2026-10-31', saldoQtde: 9000 });
    expect(itemDaChegada([emCarencia, pequeno, grande, passado], 7, SEG)?.id).toBe(73);
    // None free: the harvestable one (its withdrawal period then refuses it); none harvestable: any of the product.
    expect(itemDaChegada([emCarencia, passado], 7, SEG)?.id).toBe(71);
    expect(itemDaChegada([passado], 7, SEG)?.id).toBe(74);
    expect(itemDaChegada([passado], 8, SEG)).toBeUndefined();
    // The gate turns the kg into packages: 510 kg of 20 kg boxes are 25,5 boxes; 100 kg of 3 kg ones 33,33.
    expect([embalagensDaChegada(510, 20), embalagensDaChegada(100, 3), embalagensDaChegada(7, undefined)]).toEqual([25.5, 33.33, 7]);
  });

  it('is a romaneio of the producer on its day, in packages, its fields named as the load names them', () => {
    const { r, campo } = chegadaNaPortaria(
      carga({
        itens: [
          { produtoId: 7, quantidade: 500 },
          { produtoId: 9, quantidade: 3 },
        ],
      }),
      1,
      [item({})],
    );
    expect(r).toMatchObject({ dataEmissao: SEG, pessoaId: 1, pedras: [], chavesNfe: [] });
    expect(r.itens).toEqual([
      { id: null, produtoId: 7, quantidade: 25, boletimItensId: 70 },
      { id: null, produtoId: 9, quantidade: 3, boletimItensId: 0 },
    ]);
    expect([campo('dataEmissao'), campo('pessoaId'), campo('itens', 1, 'boletimItensId'), campo('itens', 0, 'quantidade'), campo('chavesNfe', 2)]).toEqual([
      'data',
      'data',
      'itens[1].produtoId',
      'itens[0].quantidade',
      'chavesNfe[2]',
    ]);
  });

  it('meets the gate’s refusals in order and asks its balance in kg', () => {
    const f = fatos();
    const semBoletim = chegadaNaPortaria(carga({ itens: [{ produtoId: 9, quantidade: 3 }] }), 1, []);
    expect(primeiraRecusa([semBoletim], f, ETAPAS_DA_CHEGADA)).toEqual({ status: 400, erros: [{ field: 'itens[0].produtoId', message: PRODUTO_SEM_BOLETIM }] });
    const loja = chegadaNaPortaria(carga(), 2, [item({})]);
    expect(primeiraRecusa([loja], f, ETAPAS_DA_CHEGADA)).toEqual({ status: 400, erros: [{ field: 'data', message: NAO_PRODUTOR }] });
    const fora = chegadaNaPortaria(carga({ data: '2026-12-03' }), 1, [item({})]);
    expect(primeiraRecusa([fora], fatos({ diasDeMercado: [4] }), ETAPAS_DA_CHEGADA)).toEqual({
      status: 400,
      erros: [{ field: 'itens[0].produtoId', message: FORA_DA_COLHEITA }],
    });
    const muito = chegadaNaPortaria(carga({ itens: [{ produtoId: 7, quantidade: 1200 }] }), 1, [item({})]);
    expect(primeiraRecusa([muito], f, ETAPAS_DA_CHEGADA)).toBeNull();
    expect(perguntasEmAberto([muito], f, PERGUNTAS_DA_CHEGADA)).toEqual([
      {
        codigo: 'saldoBoletim',
        mensagem: 'Tomate: 1.200 kg passam do saldo do boletim (1.000 kg).',
        field: 'itens[0].quantidade',
        boletimItensId: 70,
        produto: 'Tomate',
        kg: 1200,
        saldo: 1000,
      },
    ]);
  });

  it('a romaneio receives a load of its producer and day, not yet received', () => {
    const f = fatos({ chegadas: new Map([[5, { pessoaId: 1, data: SEG, romaneioId: null }]]) });
    expect(primeiraRecusa([doLote(romaneio({ chegadaId: 5 }), 0)], f)).toBeNull();
    expect(primeiraRecusa([doLote(romaneio({ chegadaId: 6 }), 0)], f)?.erros).toEqual([{ field: '[0].chegadaId', message: CHEGADA_MSG.naoExiste }]);
    expect(primeiraRecusa([doLote(romaneio({ chegadaId: 5, dataEmissao: QUI }), 0)], f)?.erros).toEqual([
      { field: '[0].chegadaId', message: chegadaDeOutroDia(SEG) },
    ]);
    const outro = fatos({ chegadas: new Map([[5, { pessoaId: 2, data: SEG, romaneioId: null }]]) });
    expect(primeiraRecusa([doLote(romaneio({ chegadaId: 5 }), 0)], outro)?.erros).toEqual([{ field: '[0].chegadaId', message: CHEGADA_MSG.outroProdutor }]);
    const recebida = fatos({ chegadas: new Map([[5, { pessoaId: 1, data: SEG, romaneioId: 44 }]]) });
    expect(primeiraRecusa([doLote(romaneio({ chegadaId: 5 }), 0)], recebida)).toEqual({
      status: 409,
      erros: [{ field: '[0].chegadaId', message: chegadaJaRecebida(44) }],
    });
    expect(camposFixos({ ...romaneio({ chegadaId: 5 }) }, { ...romaneioSalvo(10), chegadaId: 4 }).map((e) => e.field)).toEqual(['chegadaId']);
    expect(camposFixos({ ...romaneio({ chegadaId: 4 }) }, { ...romaneioSalvo(10), chegadaId: 4 })).toEqual([]);
  });
});
