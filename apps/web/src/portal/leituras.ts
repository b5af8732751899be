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
      lote: texto(i, 'lote'),
      link: linkDoLote(i),
    })),
    pedras: lista(o.pedras)
      .map((p) => texto(p, 'pedrasNumero', 'numero'))
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

/** GET portal/cadernos: each notebook's product and property, and each withdrawal period (product, day, its end). */
export function lerCaderno(o: Obj) {
  return {
    id: numero(o, 'id'),
    produto: texto(o, 'produtoNome', 'boletimItensProdutoNome'),
    propriedade: texto(o, 'propriedadeNome', 'boletimItensBoletimPropriedadeNome'),
    periodos: lista(o.carencias ?? o.periodos ?? o.aplicacaoProdutosQuimicos ?? o.aplicacoes).map((a) => {
      const aplicacao = { nomeProduto: texto(a, 'nomeProduto'), data: texto(a, 'data'), periodoCarencia: numero(a, 'periodoCarencia') };
      return {
        ...aplicacao,
        /** The last day of the period, when the answer says it. */
        terminaEm: texto(a, 'terminaEm', 'fim', 'fimCarencia'),
        /** The first day its produce may be sold (the gate's rule, resources/carencia.ts). */
        liberadoEm: texto(a, 'liberadoEm', 'primeiroDiaPermitido') ?? primeiroDiaPermitido(aplicacao),
      };
    }),
  };
}

/** GET portal/inspecoes: kind, sample day, result, the suspension it gave and the lots it holds. */
export function lerInspecao(o: Obj) {
  return {
    id: numero(o, 'id'),
    romaneioId: numero(o, 'romaneioId') ?? numero(obj(o.romaneio), 'id'),
    tipo: texto(o, 'tipo'),
    coletaEm: texto(o, 'coletaEm'),
    resultado: texto(o, 'resultado'),
    suspensoAte: texto(o, 'suspensoAte'),
    lotesRetidos: (Array.isArray(o.lotesRetidos) ? o.lotesRetidos : Array.isArray(o.retidos) ? o.retidos : [])
      .map((l: unknown) => (typeof l === 'string' ? l : texto(obj(l), 'lote', 'codigo')))
      .filter((l): l is string => !!l),
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
