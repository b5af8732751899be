import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';

export const pedraInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  numero: texto('O número da pedra é obrigatório', 200, 'O número deve ter no máximo 200 caracteres'),
});
export type PedraInput = z.input<typeof pedraInput>;
export const pedraRegistro = z.object({ id: z.number().int(), versao: versaoRegistro, numero: z.string() });
export type Pedra = z.infer<typeof pedraRegistro>;

/** Stalls ('Pedras', route name 'pedra'; API base 'pedras'): searched by number only. */
export const pedraRecurso = declararRecurso({
  rota: 'pedra',
  nome: { singular: 'Pedra', plural: 'Pedras', genero: 'f' },
  icone: 'pi pi-th-large',
  menu: 'Pedras',
  api: { base: 'pedras', busca: false, buscaPorTermo: 'numero', registro: pedraRegistro, entrada: pedraInput },
  ordem: { campo: 'numero', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter pedras', erroRemover: 'Erro ao remover o pedra' },
  campos: { numero: { rotulo: 'Número' } },
  lista: { linha: 'Pedra {numero}' },
});

/** Messages of POST pedras/ocupadas. */
export const PEDRAS_MSG = {
  dataObrigatoria: 'A data da pesquisa é obrigatória',
  dataInvalida: 'A data da pesquisa é inválida',
} as const;

/**
 * Body of POST pedras/ocupadas: the day searched, yyyy-mm-dd, sent as a JSON string (docs/produto/api.md:
 * 'date as body') or as `{ data }`.
 */
export const pedrasOcupadasInput = z.preprocess(
  (v) => (v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as { data?: unknown }).data : v),
  data(PEDRAS_MSG.dataObrigatoria, PEDRAS_MSG.dataInvalida),
);

/** One stall of the map on a day (docs/produto/dados.md): free (uso false, the rest null) or occupied by a romaneio's producer. */
export const pedraDoMapa = z.object({
  id: z.number().int(),
  numero: z.string(),
  /** Occupied on that day. */
  uso: z.boolean(),
  /** The occupying romaneio's producer. */
  ocupante: z.string().nullable(),
  /** 'avulsa' (a casual occupation, underlined on the map) or null. */
  ocupacao: z.string().nullable(),
  romaneioId: z.number().int().nullable(),
});
export type PedraDoMapa = z.infer<typeof pedraDoMapa>;
export const mapaDePedras = z.array(pedraDoMapa);

/**
 * A row of the 'Comercializado' table (GET produtos-comercializados): one bulletin item, its estimated
 * and commercialised quantities in kg (the sum of its romaneio items' packages × pesoEmKg) and the fraction commercialised
 * (null when nothing was estimated). `id` is the bulletin item's.
 */
export const produtoComercializado = z.object({
  id: z.number().int(),
  boletimId: z.number().int(),
  nomeProduto: z.string(),
  quantidadeEstimada: z.number(),
  quantidadeComercializada: z.number(),
  porcentagemComercializada: z.number().nullable(),
  nomeProdutor: z.string(),
  dataEmissao: z.string(),
  fimColheita: z.string(),
});
export type ProdutoComercializado = z.infer<typeof produtoComercializado>;
