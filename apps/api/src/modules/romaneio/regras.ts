import {
  acimaDoSaldo,
  type AplicacaoCarencia,
  caminhoDoCampo,
  confirma,
  contribuinteDiferente,
  type ModoCarteira,
  mesmoNome,
  type PerguntaDoRomaneio,
  romaneioNoDia,
  situacaoDaCarteira,
  suspensaoNaData,
  carenciaNaoCumprida,
  colheitaContem,
  type DiaDoCalendario,
  FORA_DA_COLHEITA,
  formatDate,
  MOTIVO_OBRIGATORIO,
  motivoSemMercado,
  NAO_PRODUTOR,
  NFE_MSG,
  PESSOA_TIPO,
  type Romaneio,
  type RomaneioDados,
  emitenteDaChave,
  mesmoDocumento,
  nfeEmitenteDiferente,
  nfeEmOutroRomaneio,
  type BoletimItemProduto,
  type ChegadaDados,
  CHEGADA_MSG,
  chegadaDeOutroDia,
  chegadaForaDaJanela,
  chegadaJaRecebida,
  PRODUTO_SEM_BOLETIM,
  itemDaChegada,
  somarDias,
} from '@ceasa/shared';

/*
 * The gate's rules, every one of them (docs/decisions/0294-regras-da-portaria-no-servidor.md): pure functions over
 * the typed input and the facts the service read from the database. No database here: each rule is unit-tested
 * with plain values (regras.test.ts). POST romaneio and its correction (PUT) run them all.
 *
 * Two severities. A refusal (`Regra`, in a stage of ETAPAS): the save is refused with the stage's status (a stage's
 * errors are answered together, before the next stage is looked at). A question (`Questao`, in PERGUNTAS, looked
 * at only once every stage passed): the save answers 409 naming it, unless the romaneio's `confirmar` lists its
 * code (or is true). To add a rule: write it below, put it in its stage or in PERGUNTAS (a question's code goes to
 * the shared CONFIRMACOES_DO_ROMANEIO), and, when it needs a fact the database holds, add that fact to `Fatos`
 * and read it in `lerFatos` (romaneio.repository.ts).
 */

export type ErroDeCampo = { field: string; message: string };

/**
 * A romaneio as the rules see it: its data, how the body names its fields (POST's '[k].'), and on a correction the
 * romaneio as saved (its items with an id are kept ones, the others new).
 */
export interface NaPortaria {
  r: RomaneioDados;
  campo: (...partes: (string | number)[]) => string;
  salvo?: Romaneio;
}

/** A batch's bulletin item: what the item rules read (producer, product, harvest window, its notebook's sprays, its balance). */
export type ItemDeBoletim = {
  id: number;
  produtoId: number;
  inicioColheita: string;
  fimColheita: string;
  produtorId: number;
  aplicacoes: AplicacaoCarencia[] | null;
  produtoNome: string;
  /** A package's kg (the product's pesoEmKg): an item's quantity counts packages. */
  pesoEmKg: number;
  /** Its balance in kg: the estimate minus the kg of every romaneio item taken from it (a correction's own included). */
  saldo: number;
};

/** What the database says about a batch, read once before the rules run. */
export interface Fatos {
  /** CEASA_DIAS_MERCADO's weekdays and the holidays and extra days stored for the batch's dates. */
  diasDeMercado: readonly number[];
  calendario: readonly DiaDoCalendario[];
  /** Each producer of the batch: its person type, name, document (CPF/CNPJ) and card's last day; a missing id is absent. */
  pessoas: Map<number, { tipoId: number; nome: string; cpfcnpj: string; carteiraValidaAte: string | null }>;
  /** CARTEIRA_PRODUTOR: a card past its date warns ('avisar') or refuses ('exigir'; decision 0182). */
  carteira: ModoCarteira;
  /** The residue suspensions of each producer of the batch (decision 0187). */
  suspensoes: Map<number, { inicio: string; fim: string }[]>;
  /** The other romaneios of the batch's producers on its dates (a correction's own left out). */
  noDia: { id: number; pessoaId: number; dataEmissao: string }[];
  /** The batch's debt's taxpayer as the debt lookup answers it; null when unknown (not found, or the lookup failed). */
  contribuinte: { divida: number; nome: string } | null;
  /** The batch's bulletin items, by id. */
  itens: Map<number, ItemDeBoletim>;
  /** The number of each stall of the batch, by id; a missing id is absent. */
  numeros: Map<number, string>;
  /** Stalls booked by another romaneio: `${pedraId}|${data}`. */
  ocupadas: Set<string>;
  /** The batch's NF-e keys already held by another romaneio: key → that romaneio's id. */
  chavesEmUso: Map<string, number>;
  /** NFE_OBRIGATORIA: a romaneio without a key is refused. */
  nfeObrigatoria: boolean;
  /** The announced loads the batch names (decision 0298): producer, day and the romaneio that received it (a correction's own left out). */
  chegadas: Map<number, { pessoaId: number; data: string; romaneioId: number | null }>;
}

export type Regra = (lote: readonly NaPortaria[], fatos: Fatos) => ErroDeCampo[];
export interface Etapa {
  status: 400 | 409;
  regras: Regra[];
}

/** A romaneio of POST's batch: its fields under '[k].'. */
export const doLote = (r: RomaneioDados, k: number): NaPortaria => ({ r, campo: (...partes) => caminhoDoCampo([k, ...partes]) });

export const pedraOcupada = (numero: string, data: string) => `A pedra ${numero.trim()} já está ocupada em ${formatDate(data)}`;

/** Each issue date a market day (the weekdays, holidays and extra days of the calendar). */
export const diasDeMercado: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) => {
    const m = motivoSemMercado(r.dataEmissao, f.diasDeMercado, f.calendario);
    return m ? [{ field: campo('dataEmissao'), message: m }] : [];
  });

/** The batch's dates all distinct, one debt. */
export const datasEDivida: Regra = (lote) => {
  const erros: ErroDeCampo[] = [];
  const vistas = new Set<string>();
  lote.forEach(({ r, campo }) => {
    if (vistas.has(r.dataEmissao)) erros.push({ field: campo('dataEmissao'), message: `A data ${formatDate(r.dataEmissao)} aparece mais de uma vez no lote` });
    vistas.add(r.dataEmissao);
    if (r.divida !== lote[0].r.divida) erros.push({ field: campo('divida'), message: 'Todos os romaneios do lote devem ter a mesma dívida' });
  });
  return erros;
};

/** The producer: a person of type producer. */
export const produtor: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) => {
    const tipo = f.pessoas.get(r.pessoaId)?.tipoId;
    if (tipo === undefined) return [{ field: campo('pessoaId'), message: 'O produtor deve ser selecionado' }];
    return tipo === PESSOA_TIPO.PRODUTOR ? [] : [{ field: campo('pessoaId'), message: NAO_PRODUTOR }];
  });

/** Whether a romaneio brings goods in: a new one, or a correction that adds an item or raises a quantity. */
export const acrescenta = ({ r, salvo }: NaPortaria) => {
  if (!salvo) return true;
  const antes = new Map(salvo.itens.map((i) => [i.id, i.quantidade]));
  return r.itens.some((i) => !i.id || i.quantidade > (antes.get(i.id) ?? 0));
};

/** A producer suspended by a residue analysis on the romaneio's date (decision 0187), on his field. */
export const produtorSuspenso: Regra = (lote, f) =>
  lote.flatMap((p) => {
    const message = acrescenta(p) ? suspensaoNaData(p.r.dataEmissao, f.suspensoes.get(p.r.pessoaId) ?? []) : null;
    return message ? [{ field: p.campo('pessoaId'), message }] : [];
  });

/** CARTEIRA_PRODUTOR=exigir: a producer whose card ended before the romaneio's date (decision 0182), on his field. */
export const carteiraVencida: Regra = (lote, f) =>
  lote.flatMap((p) => {
    const s = acrescenta(p) ? situacaoDaCarteira(p.r.dataEmissao, f.pessoas.get(p.r.pessoaId)?.carteiraValidaAte, f.carteira) : null;
    return s?.tipo === 'recusa' ? [{ field: p.campo('pessoaId'), message: s.mensagem }] : [];
  });

/**
 * Each item: a bulletin item of this producer, of this product, harvestable on the date, past every withdrawal period
 * (decision 0106). A correction's kept item was checked when saved: only its withdrawal period again (an application
 * recorded since refuses the correction).
 */
export const itens: Regra = (lote, f) =>
  lote.flatMap(({ r, campo, salvo }) =>
    r.itens.flatMap((i, n): ErroDeCampo[] => {
      const bi = f.itens.get(i.boletimItensId);
      const field = campo('itens', n, 'boletimItensId');
      if (salvo && i.id) {
        const carencia = carenciaNaoCumprida(bi?.aplicacoes ?? null, r.dataEmissao);
        return carencia ? [{ field, message: carencia }] : [];
      }
      if (!bi) return [{ field, message: 'O item do boletim deve estar na lista' }];
      if (bi.produtorId !== r.pessoaId) return [{ field, message: 'O item do boletim deve ser do produtor selecionado' }];
      if (bi.produtoId !== i.produtoId) return [{ field: campo('itens', n, 'produtoId'), message: 'O produto deve ser o do item do boletim' }];
      if (!colheitaContem(bi, r.dataEmissao)) return [{ field, message: FORA_DA_COLHEITA }];
      const carencia = carenciaNaoCumprida(bi.aplicacoes, r.dataEmissao);
      return carencia ? [{ field, message: carencia }] : [];
    }),
  );

/** Stalls: existing, each once per romaneio. */
export const pedras: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) => {
    const nesta = new Set<number>();
    return r.pedras.flatMap((p, n): ErroDeCampo[] => {
      const numero = f.numeros.get(p.pedrasId);
      const repetida = nesta.has(p.pedrasId);
      nesta.add(p.pedrasId);
      if (numero === undefined) return [{ field: campo('pedras', n, 'pedrasId'), message: 'A pedra deve estar na lista' }];
      return repetida ? [{ field: campo('pedras', n, 'pedrasId'), message: `A pedra ${numero.trim()} aparece mais de uma vez` }] : [];
    });
  });

/** Stalls already booked on the date by another romaneio (a friendly 409; the unique key decides a race). */
export const pedrasLivres: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) =>
    r.pedras.flatMap((p, n) =>
      f.ocupadas.has(`${p.pedrasId}|${r.dataEmissao}`)
        ? [{ field: campo('pedras', n, 'pedrasId'), message: pedraOcupada(f.numeros.get(p.pedrasId)!, r.dataEmissao) }]
        : [],
    ),
  );

/** NFE_OBRIGATORIA: every romaneio of a batch with at least one key (a correction that sends none keeps its own). */
export const nfeObrigatoria: Regra = (lote, f) =>
  f.nfeObrigatoria
    ? lote.flatMap(({ r, campo }) => (r.chavesNfe && !r.chavesNfe.length ? [{ field: campo('chavesNfe'), message: NFE_MSG.obrigatoria }] : []))
    : [];

/** A key once in the batch (two romaneios never share an invoice). */
export const nfeRepetida: Regra = (lote) => {
  const vistas = new Set<string>();
  return lote.flatMap(({ r, campo }) =>
    (r.chavesNfe ?? []).flatMap((c, n) => {
      if (vistas.has(c)) return [{ field: campo('chavesNfe', n), message: NFE_MSG.repetida }];
      vistas.add(c);
      return [];
    }),
  );
};

/** A key another romaneio holds: the 409 naming it (the unique key decides a race). */
export const nfeEmUso: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) =>
    (r.chavesNfe ?? []).flatMap((c, n) => {
      const outro = f.chavesEmUso.get(c);
      return outro === undefined ? [] : [{ field: campo('chavesNfe', n), message: nfeEmOutroRomaneio(c, outro) }];
    }),
  );

/** A romaneio receiving an announced load (decision 0298): a load that exists, of its producer and of its date. */
export const chegadaDoRomaneio: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) => {
    if (!r.chegadaId) return [];
    const c = f.chegadas.get(r.chegadaId);
    const message = !c
      ? CHEGADA_MSG.naoExiste
      : c.pessoaId !== r.pessoaId
        ? CHEGADA_MSG.outroProdutor
        : c.data !== r.dataEmissao
          ? chegadaDeOutroDia(c.data)
          : null;
    return message ? [{ field: campo('chegadaId'), message }] : [];
  });

/** A load another romaneio already received: the 409 naming it (the unique key decides a race). */
export const chegadaRecebida: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) => {
    const outro = r.chegadaId ? f.chegadas.get(r.chegadaId)?.romaneioId : null;
    return outro ? [{ field: campo('chegadaId'), message: chegadaJaRecebida(outro) }] : [];
  });

/**
 * The refusals of POST romaneio and of a correction, in order: the first stage with an error refuses the save with
 * its status and every error of that stage (the questions come after all of them).
 */
export const ETAPAS: Etapa[] = [
  { status: 400, regras: [diasDeMercado] },
  { status: 400, regras: [datasEDivida] },
  { status: 400, regras: [produtor] },
  { status: 400, regras: [chegadaDoRomaneio] },
  { status: 400, regras: [produtorSuspenso, carteiraVencida] },
  { status: 400, regras: [itens] },
  { status: 400, regras: [pedras] },
  { status: 400, regras: [nfeObrigatoria, nfeRepetida] },
  { status: 409, regras: [chegadaRecebida] },
  { status: 409, regras: [pedrasLivres] },
  { status: 409, regras: [nfeEmUso] },
];

/** The first refusal of the stages (status and its errors, the first one on top), or null when every rule passes. */
export function primeiraRecusa(
  lote: readonly NaPortaria[],
  fatos: Fatos,
  etapas: readonly Etapa[] = ETAPAS,
): { status: 400 | 409; erros: ErroDeCampo[] } | null {
  for (const e of etapas) {
    const erros = e.regras.flatMap((regra) => regra(lote, fatos));
    if (erros.length) return { status: e.status, erros };
  }
  return null;
}

/* ------------------------------------------------------------------ the questions (soft rules) */

/** A question and the romaneios of the batch it concerns (by place): it is asked unless every one of them confirms it. */
export type Questao = { pergunta: PerguntaDoRomaneio; de: number[] };
export type Pergunta = (lote: readonly NaPortaria[], fatos: Fatos) => Questao[];

const kg2 = (v: number) => Math.round(v * 100) / 100;

/** A key whose issuer (the CPF or CNPJ inside it) is not the producer's document; a correction asks only of keys it adds. */
export const emitenteNfe: Pergunta = (lote, f) =>
  lote.flatMap(({ r, campo, salvo }, k) => {
    const p = f.pessoas.get(r.pessoaId);
    if (!p) return [];
    const salvas = new Set(salvo?.chavesNfe ?? []);
    return (r.chavesNfe ?? []).flatMap((chave, n) =>
      salvas.has(chave) || mesmoDocumento(emitenteDaChave(chave), p.cpfcnpj)
        ? []
        : [
            {
              pergunta: {
                codigo: 'emitenteNfe' as const,
                mensagem: nfeEmitenteDiferente(chave, p.nome),
                field: campo('chavesNfe', n),
                chave,
                emitente: emitenteDaChave(chave),
                produtor: p.nome,
              },
              de: [k],
            },
          ],
    );
  });

/**
 * The batch's kg of a bulletin item passing its balance: 'Tomate: 1.200 kg passam do saldo do boletim (800 kg).' A
 * correction's own kg are its balance's too (not counted twice), and it asks only when it raises that item's kg.
 */
export const saldoBoletim: Pergunta = (lote, f) => {
  const porItem = new Map<number, { kg: number; antes: number; de: number[]; field: string }>();
  lote.forEach(({ r, campo, salvo }, k) => {
    const bis = new Set<number>();
    r.itens.forEach((i, n) => {
      const bi = f.itens.get(i.boletimItensId);
      if (!bi) return;
      const soma = porItem.get(bi.id) ?? { kg: 0, antes: 0, de: [], field: campo('itens', n, 'quantidade') };
      soma.kg += i.quantidade * bi.pesoEmKg;
      if (!bis.has(bi.id)) {
        bis.add(bi.id);
        soma.de.push(k);
        for (const s of salvo?.itens ?? []) if (s.boletimItensId === bi.id) soma.antes += s.quantidade * bi.pesoEmKg;
      }
      porItem.set(bi.id, soma);
    });
  });
  return [...porItem].flatMap(([id, { kg, antes, de, field }]) => {
    const bi = f.itens.get(id)!;
    const saldo = kg2(bi.saldo + antes);
    if (kg2(kg) <= saldo || kg2(kg) <= kg2(antes)) return [];
    const pergunta = {
      codigo: 'saldoBoletim' as const,
      mensagem: acimaDoSaldo(bi.produtoNome, kg2(kg), saldo),
      field,
      boletimItensId: id,
      produto: bi.produtoNome,
      kg: kg2(kg),
      saldo: Math.max(saldo, 0),
    };
    return [{ pergunta, de }];
  });
};

/** Another romaneio of the producer on the same date: 'Já existe romaneio de Ana em 30/11/2026 (código 12).' */
export const romaneioNoDiaDoProdutor: Pergunta = (lote, f) =>
  lote.flatMap((p, k) => {
    const nome = f.pessoas.get(p.r.pessoaId)?.nome;
    if (!nome || !acrescenta(p)) return [];
    return f.noDia
      .filter((o) => o.pessoaId === p.r.pessoaId && o.dataEmissao === p.r.dataEmissao)
      .map((o) => ({
        pergunta: {
          codigo: 'romaneioNoDia' as const,
          mensagem: romaneioNoDia(nome, o.dataEmissao, o.id),
          field: p.campo('dataEmissao'),
          romaneioId: o.id,
          dataEmissao: o.dataEmissao,
          produtor: nome,
        },
        de: [k],
      }));
  });

/** The debt's taxpayer not the producer (names compared without case, accents or punctuation). */
export const contribuinte: Pergunta = (lote, f) =>
  lote.flatMap((p, k) => {
    const nome = f.pessoas.get(p.r.pessoaId)?.nome;
    const c = f.contribuinte;
    if (!nome || !c || c.divida !== p.r.divida || mesmoNome(c.nome, nome) || !acrescenta(p)) return [];
    const pergunta = {
      codigo: 'contribuinte' as const,
      mensagem: contribuinteDiferente(c.divida, c.nome, nome),
      field: p.campo('divida'),
      divida: c.divida,
      contribuinte: c.nome,
      produtor: nome,
    };
    return [{ pergunta, de: [k] }];
  });

/** The producer's card ending within 30 days of the date, or past it with CARTEIRA_PRODUTOR=avisar (decision 0182). */
export const carteira: Pergunta = (lote, f) =>
  lote.flatMap((p, k) => {
    const validaAte = f.pessoas.get(p.r.pessoaId)?.carteiraValidaAte;
    const s = validaAte && acrescenta(p) ? situacaoDaCarteira(p.r.dataEmissao, validaAte, f.carteira) : null;
    if (s?.tipo !== 'aviso') return [];
    const pergunta = {
      codigo: 'carteira' as const,
      mensagem: s.mensagem,
      field: p.campo('pessoaId'),
      dataEmissao: p.r.dataEmissao,
      carteiraValidaAte: validaAte!,
    };
    return [{ pergunta, de: [k] }];
  });

/** The questions, in the order they are asked (the shared CONFIRMACOES_DO_ROMANEIO's). */
export const PERGUNTAS: Pergunta[] = [emitenteNfe, saldoBoletim, romaneioNoDiaDoProdutor, contribuinte, carteira];

/**
 * What the save still asks: every question of PERGUNTAS, once per message (one asked for several romaneios
 * concerns them all), less those that every romaneio it concerns confirms (`confirmar` true or listing its code).
 */
export function perguntasEmAberto(lote: readonly NaPortaria[], fatos: Fatos, perguntas: readonly Pergunta[] = PERGUNTAS): PerguntaDoRomaneio[] {
  const porMensagem = new Map<string, Questao>();
  for (const q of perguntas.flatMap((p) => p(lote, fatos))) {
    const ja = porMensagem.get(q.pergunta.mensagem);
    if (ja) ja.de.push(...q.de);
    else porMensagem.set(q.pergunta.mensagem, { pergunta: q.pergunta, de: [...q.de] });
  }
  return [...porMensagem.values()].filter(({ pergunta, de }) => !de.every((k) => confirma(lote[k].r.confirmar, pergunta.codigo))).map((q) => q.pergunta);
}

/** Whether each key's issuer is the producer (stored with the key: `emitenteConfere`). */
export const emitenteConfere = (chave: string, cpfcnpj: string | undefined) => !!cpfcnpj && mesmoDocumento(emitenteDaChave(chave), cpfcnpj);

/* ------------------------------------------------------------------ the correction (PUT romaneio) */

const FIXOS = 'no romaneio salvo a data de emissão, o produtor, a dívida e os produtos dos itens ficam como estão.';

/** What a correction may not change: the date, producer, debt, announced load, and the product and bulletin item of a saved item; an item id not of this romaneio. */
export function camposFixos(input: RomaneioDados, atual: Romaneio): ErroDeCampo[] {
  const erros: ErroDeCampo[] = [];
  const fixo = (field: string, oque: string) => erros.push({ field, message: `${oque} não pode ser alterado(a): ${FIXOS}` });
  if (input.dataEmissao !== atual.dataEmissao) fixo('dataEmissao', 'A data de emissão');
  if (input.pessoaId !== atual.pessoaId) fixo('pessoaId', 'O produtor');
  if (input.divida !== atual.divida) fixo('divida', 'A dívida');
  if (input.chegadaId && input.chegadaId !== atual.chegadaId) fixo('chegadaId', 'A chegada anunciada');
  const porId = new Map(atual.itens.map((i) => [i.id, i]));
  const mantidos = new Set<number>();
  input.itens.forEach((i, n) => {
    if (!i.id) return;
    const antes = porId.get(i.id);
    if (!antes || mantidos.has(antes.id)) return erros.push({ field: caminhoDoCampo(['itens', n, 'id']), message: `Item ${n + 1} não é deste romaneio` });
    mantidos.add(antes.id);
    if (antes.produtoId !== i.produtoId) fixo(caminhoDoCampo(['itens', n, 'produtoId']), 'O produto de um item salvo');
    if (antes.boletimItensId !== i.boletimItensId) fixo(caminhoDoCampo(['itens', n, 'boletimItensId']), 'O item do boletim de um item salvo');
  });
  return erros;
}

const chavePedras = (ps: readonly { pedrasId: number; ocupacao: string | null }[]) =>
  ps
    .map((p) => `${p.pedrasId}:${p.ocupacao ?? ''}`)
    .sort()
    .join(',');

/** A correction that adds or removes items, changes stalls or the NF-e keys needs its reason. */
export function motivoDaCorrecao(input: RomaneioDados, atual: Romaneio): ErroDeCampo[] {
  const mantidos = new Set(input.itens.flatMap((i) => (i.id ? [i.id] : [])));
  const novos = input.itens.some((i) => !i.id);
  const mudouPedras = chavePedras(input.pedras) !== chavePedras(atual.pedras);
  const mudouChaves = input.chavesNfe !== undefined && [...input.chavesNfe].sort().join(',') !== [...(atual.chavesNfe ?? [])].sort().join(',');
  return (novos || mantidos.size !== atual.itens.length || mudouPedras || mudouChaves) && !input.motivo
    ? [{ field: 'motivo', message: MOTIVO_OBRIGATORIO }]
    : [];
}

/** A correction as the rules see it: the body as sent (each field named as in it), and the romaneio as saved. */
export const correcaoNaPortaria = (input: RomaneioDados, salvo?: Romaneio): NaPortaria => ({ r: input, campo: (...partes) => caminhoDoCampo(partes), salvo });

/* ------------------------------------------------------------------ announced loads (the portal's chegadas, decision 0298) */

/** An announced load's day: from the market's today to PORTAL_DIAS_ANTECEDENCIA days ahead, on its `data` field. */
export function janelaDaChegada(data: string, hoje: string, dias: number): ErroDeCampo[] {
  const ate = somarDias(hoje, dias);
  return data < hoje || data > ate ? [{ field: 'data', message: chegadaForaDaJanela(hoje, ate) }] : [];
}

/** How an announced load's body names the fields the romaneio's rules speak of (the producer's refusals go on the day). */
const CAMPOS_DA_CHEGADA = new Map<string | number, string>([
  ['dataEmissao', 'data'],
  ['pessoaId', 'data'],
  ['boletimItensId', 'produtoId'],
]);

/**
 * An announced load as the gate's rules see it: a romaneio of the producer on the load's day, without debt or stalls,
 * each product taken from the bulletin item `itemDaChegada` picks (none: item 0, which no bulletin item is) in packages
 * of the product's embalagem (its kg / the package's kg), with the load's keys and what it confirms.
 */
export function chegadaNaPortaria(c: ChegadaDados, pessoaId: number, itensDoProdutor: readonly BoletimItemProduto[]): NaPortaria {
  const r: RomaneioDados = {
    dataEmissao: c.data,
    divida: 0,
    pessoaId,
    motivo: null,
    pedras: [],
    itens: c.itens.map((i) => {
      const bi = itemDaChegada(itensDoProdutor, i.produtoId, c.data);
      return { id: null, produtoId: i.produtoId, quantidade: i.quantidade / (bi?.produtoPesoEmKg || 1), boletimItensId: bi?.id ?? 0 };
    }),
    chavesNfe: c.chavesNfe,
    confirmar: c.confirmar,
  };
  return { r, campo: (...partes) => caminhoDoCampo(partes.map((p) => CAMPOS_DA_CHEGADA.get(p) ?? p)) };
}

/** An announced product the producer has no bulletin item of (the gate form's message), on its product. */
export const comBoletim: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) =>
    r.itens.flatMap((i, n) => (f.itens.has(i.boletimItensId) ? [] : [{ field: campo('itens', n, 'boletimItensId'), message: PRODUTO_SEM_BOLETIM }])),
  );

/**
 * The gate's refusals an announced load meets, in the romaneio's order: market day and holiday, a producer, his
 * suspension and card, each product in a bulletin item of his harvestable that day and past its withdrawal period, the
 * NF-e keys. No debt, no stalls: those are the gate's.
 */
export const ETAPAS_DA_CHEGADA: Etapa[] = [
  { status: 400, regras: [diasDeMercado] },
  { status: 400, regras: [produtor] },
  { status: 400, regras: [produtorSuspenso, carteiraVencida] },
  { status: 400, regras: [comBoletim] },
  { status: 400, regras: [itens] },
  { status: 400, regras: [nfeObrigatoria, nfeRepetida] },
  { status: 409, regras: [nfeEmUso] },
];

/** The questions an announced load asks (a key's issuer, the bulletin's balance, the card ending), confirmed by `confirmar`. */
export const PERGUNTAS_DA_CHEGADA: Pergunta[] = [emitenteNfe, saldoBoletim, carteira];
