import { primeiroDiaPermitido } from '@ceasa/shared/resources/carencia';

/*
 * What the portal's pages read of each answer of the portal's API (docs/produto/portal.md). The document fixes the
 * routes, not every field: each reader takes the fields the page shows, in the names the back office's records use,
 * and reads a missing or differently typed one as absent (never a crash, never 'undefined' on screen). The list of
 * the fields relied on is decision 0300's.
 */

export type Obj = Record<string, unknown>;

export const obj = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});

/** The first of `chaves` that holds a non-empty text (or a number, as text). */
export function texto(o: Obj, ...chaves: string[]): string | null {
  for (const k of chaves) {
    const v = o[k];
    if (typeof v === 'string' && v.trim()) return v;
    if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  }
  return null;
}

/** The first of `chaves` that holds a finite number. */
export function numero(o: Obj, ...chaves: string[]): number | null {
  for (const k of chaves) {
    const v = o[k];
    if (typeof v === 'number' && Number.isFinite(v)) return v;
  }
  return null;
}

/** A list answer: an array, or a page of the list contract (`content`); each row an object. */
export const lista = (v: unknown, ...chaves: string[]): Obj[] => {
  const o = obj(v);
  const achada = Array.isArray(v) ? v : [...chaves, 'content'].map((k) => o[k]).find(Array.isArray);
  return (achada ?? []).map(obj);
};

/** GET portal/eu: his name, his e-mail and a running suspension's last day. */
export function lerEu(v: unknown) {
  const o = obj(v);
  const pessoa = obj(o.pessoa);
  const conta = obj(o.conta);
  const suspensao = obj(o.suspensao);
  return {
    nome: texto(o, 'nome') ?? texto(pessoa, 'nome'),
    email: texto(conta, 'email') ?? texto(o, 'email'),
    suspensoAte: texto(suspensao, 'ate', 'fim', 'suspensoAte') ?? texto(o, 'suspensoAte'),
  };
}

/** A lot's public page: the answer's link, else /lote/{lote}. */
const linkDoLote = (i: Obj) => texto(i, 'link', 'url', 'linkDoLote') ?? (texto(i, 'lote') ? `/lote/${encodeURIComponent(texto(i, 'lote')!)}` : null);

/** GET portal/romaneios: each romaneio's day, items (product, packages, lot and its page) and stalls. */
export function lerRomaneio(o: Obj) {
  return {
    id: numero(o, 'id'),
    data: texto(o, 'dataEmissao', 'data'),
    itens: lista(o.itens).map((i) => ({
      produto: texto(i, 'produtoNome') ?? '',
      embalagem: texto(i, 'produtoEmbalagem'),
      quantidade: numero(i, 'quantidade'),
      kg: numero(i, 'kg'),
      lote: texto(i, 'lote'),
      link: linkDoLote(i),
    })),
    // The stalls' numbers (or stall records, as the back office's romaneio has them).
    pedras: (Array.isArray(o.pedras) ? o.pedras : [])
      .map((p: unknown) => (typeof p === 'string' ? p : texto(obj(p), 'pedrasNumero', 'numero')))
      .filter((n): n is string => !!n),
  };
}

/** GET portal/boletins: each bulletin's property and day, its items' harvest window, estimate and balance (kg). */
export function lerBoletim(o: Obj) {
  return {
    id: numero(o, 'id'),
    data: texto(o, 'dataEmissao', 'dataVisita'),
    propriedade: texto(o, 'propriedadeNome'),
    vigencia: texto(o, 'dataVigencia'),
    itens: lista(o.itens).map((i) => ({
      produto: texto(i, 'produtoNome') ?? '',
      inicio: texto(i, 'inicioColheita'),
      fim: texto(i, 'fimColheita'),
      estimadaKg: numero(i, 'producaoEstimada'),
      saldoKg: numero(i, 'saldoQtde', 'saldo'),
    })),
  };
}

/** GET portal/cadernos: each notebook's product and property, each withdrawal period and the first day it allows selling. */
export function lerCaderno(o: Obj) {
  return {
    id: numero(o, 'id'),
    produto: texto(o, 'produtoNome', 'boletimItensProdutoNome'),
    propriedade: texto(o, 'propriedadeNome', 'boletimItensBoletimPropriedadeNome'),
    /** Today is still inside a withdrawal period (null: the answer does not say). */
    emCarencia: typeof o.emCarencia === 'boolean' ? o.emCarencia : null,
    periodos: lista(o.aplicacoes ?? o.aplicacaoProdutosQuimicos).map((a) => {
      const aplicacao = { nomeProduto: texto(a, 'nomeProduto'), data: texto(a, 'data'), periodoCarencia: numero(a, 'periodoCarencia') };
      // The first day its produce may be sold: the answer's, else the gate's rule (resources/carencia.ts).
      return { ...aplicacao, liberadoEm: texto(a, 'fimCarencia', 'primeiroDiaPermitido') ?? primeiroDiaPermitido(aplicacao) };
    }),
  };
}

/** One inspection of GET portal/inspecoes: kind, sample day, result, the suspension it gave, its lots and their situation. */
export function lerInspecao(o: Obj) {
  return {
    id: numero(o, 'id'),
    romaneioId: numero(o, 'romaneioId') ?? numero(obj(o.romaneio), 'id'),
    tipo: texto(o, 'tipo'),
    coletaEm: texto(o, 'coletaEm'),
    resultado: texto(o, 'resultado'),
    principioAtivo: texto(o, 'principioAtivo'),
    suspensoAte: texto(o, 'suspensoAte'),
    situacao: texto(o, 'situacao'),
    lotes: (Array.isArray(o.lotes) ? o.lotes : []).filter((l): l is string => typeof l === 'string'),
  };
}

/** GET portal/inspecoes: his inspections, the lots held (lot, product, romaneio) and a running suspension's last day. */
export function lerInspecoes(v: unknown) {
  const o = obj(v);
  return {
    inspecoes: lista(v, 'inspecoes').map(lerInspecao),
    lotesRetidos: lista(o.lotesRetidos).map((l) => ({ lote: texto(l, 'lote'), produto: texto(l, 'produtoNome'), romaneioId: numero(l, 'romaneioId') })),
    suspensoAte: texto(obj(o.suspensao), 'fim', 'ate'),
  };
}

/** GET portal/pedras: the stall and the day it is booked. */
export const lerPedra = (o: Obj) => ({
  numero: texto(o, 'pedrasNumero', 'numero', 'pedraNumero'),
  data: texto(o, 'data', 'dataEmissao', 'dia'),
  ocupacao: texto(o, 'ocupacao'),
});

/** GET portal/avisos: its kind, title, text and when it was sent. */
export const lerAviso = (o: Obj) => ({
  id: numero(o, 'id'),
  tipo: texto(o, 'tipo'),
  titulo: texto(o, 'titulo', 'assunto'),
  texto: texto(o, 'texto', 'mensagem', 'corpo'),
  em: texto(o, 'criadoEm', 'enviadoEm', 'data'),
});
