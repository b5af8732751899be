import {
  type AplicacaoCarencia,
  caminhoDoCampo,
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
} from '@ceasa/shared';

/*
 * The gate's rules: pure functions over the typed input and the facts the service read from
 * the database. No database here: each rule is unit-tested with plain values (regras.test.ts).
 *
 * To add a rule: write `(lote, fatos) => ErroDeCampo[]` below, put it in the stage of ETAPAS where its refusal
 * belongs (a stage's errors are answered together, with the stage's status, before the next stage is looked at),
 * and, when it needs a fact the database holds, add that fact to `Fatos` and read it in `lerFatos`
 * (romaneio.repository.ts).
 */

export type ErroDeCampo = { field: string; message: string };

/** A romaneio as the rules see it: its data, and how the body names its fields (POST's '[k].', a correction's new items). */
export interface NaPortaria {
  r: RomaneioDados;
  campo: (...partes: (string | number)[]) => string;
}

/** A batch's bulletin item: what the item rules read (producer, product, harvest window, its notebook's sprays). */
export type ItemDeBoletim = {
  id: number;
  produtoId: number;
  inicioColheita: string;
  fimColheita: string;
  produtorId: number;
  aplicacoes: AplicacaoCarencia[] | null;
};

/** What the database says about a batch, read once before the rules run. */
export interface Fatos {
  /** CEASA_DIAS_MERCADO's weekdays and the holidays and extra days stored for the batch's dates. */
  diasDeMercado: readonly number[];
  calendario: readonly DiaDoCalendario[];
  /** Each producer of the batch: its person type and its document (CPF/CNPJ); a missing id is absent. */
  pessoas: Map<number, { tipoId: number; nome: string; cpfcnpj: string }>;
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

/** Each item: a bulletin item of this producer, of this product, harvestable on the date, past every withdrawal period (decision 0106). */
export const itens: Regra = (lote, f) =>
  lote.flatMap(({ r, campo }) =>
    r.itens.flatMap((i, n): ErroDeCampo[] => {
      const bi = f.itens.get(i.boletimItensId);
      const field = campo('itens', n, 'boletimItensId');
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

/**
 * The stages of POST romaneio (and of a correction's new items and stalls), in order: the first stage with an
 * error refuses the save with its status and every error of that stage.
 */
export const ETAPAS: Etapa[] = [
  { status: 400, regras: [diasDeMercado] },
  { status: 400, regras: [datasEDivida] },
  { status: 400, regras: [produtor] },
  { status: 400, regras: [itens] },
  { status: 400, regras: [pedras] },
  { status: 400, regras: [nfeObrigatoria, nfeRepetida] },
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

/**
 * The keys whose issuer (the CPF or CNPJ inside the key) is not the producer's document: what a save asks to confirm
 * (`confirmar: true` on the romaneio), each with its message on its field. Keys with a matching issuer ask nothing.
 */
export function emitentesDiferentes(lote: readonly NaPortaria[], f: Pick<Fatos, 'pessoas'>): ErroDeCampo[] {
  return lote.flatMap(({ r, campo }) => {
    const p = f.pessoas.get(r.pessoaId);
    if (!p || r.confirmar) return [];
    return (r.chavesNfe ?? []).flatMap((c, n) =>
      mesmoDocumento(emitenteDaChave(c), p.cpfcnpj) ? [] : [{ field: campo('chavesNfe', n), message: nfeEmitenteDiferente(c, p.nome) }],
    );
  });
}

/** Whether each key's issuer is the producer (stored with the key: `emitenteConfere`). */
export const emitenteConfere = (chave: string, cpfcnpj: string | undefined) => !!cpfcnpj && mesmoDocumento(emitenteDaChave(chave), cpfcnpj);

/* ------------------------------------------------------------------ the correction (PUT romaneio) */

const FIXOS = 'no romaneio salvo a data de emissão, o produtor, a dívida e os produtos dos itens ficam como estão.';

/** What a correction may not change: the date, producer, debt, and the product and bulletin item of a saved item; an item id not of this romaneio. */
export function camposFixos(input: RomaneioDados, atual: Romaneio): ErroDeCampo[] {
  const erros: ErroDeCampo[] = [];
  const fixo = (field: string, oque: string) => erros.push({ field, message: `${oque} não pode ser alterado(a): ${FIXOS}` });
  if (input.dataEmissao !== atual.dataEmissao) fixo('dataEmissao', 'A data de emissão');
  if (input.pessoaId !== atual.pessoaId) fixo('pessoaId', 'O produtor');
  if (input.divida !== atual.divida) fixo('divida', 'A dívida');
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

/** A correction's new items and its stalls, as the gate's stages see them: each new item named by its place in the body. */
export function correcaoNaPortaria(input: RomaneioDados): NaPortaria {
  const novos = input.itens.flatMap((i, n) => (i.id ? [] : [n]));
  return {
    r: { ...input, itens: novos.map((n) => input.itens[n]) },
    campo: (...partes) =>
      partes[0] === 'itens' && typeof partes[1] === 'number' ? caminhoDoCampo(['itens', novos[partes[1]], ...partes.slice(2)]) : caminhoDoCampo(partes),
  };
}

/** The withdrawal period of the kept items (an application recorded since refuses the correction; decision 0106). */
export function carenciaDosMantidos(input: RomaneioDados, atual: Romaneio, aplicacoes: Map<number, AplicacaoCarencia[] | null>): ErroDeCampo[] {
  return input.itens.flatMap((i, n) => {
    if (!i.id) return [];
    const message = carenciaNaoCumprida(aplicacoes.get(i.boletimItensId) ?? null, atual.dataEmissao);
    return message ? [{ field: caminhoDoCampo(['itens', n, 'boletimItensId']), message }] : [];
  });
}
