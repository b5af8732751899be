import { z } from 'zod';
import { formatCpfCnpj, formatTelefone } from '../format';
import { declararRecurso } from '../recurso';
import { data, inteiroDoCaminho, MSG_PERIODO_LONGO, periodoNoMaximo, semControle } from '../z';
import { FORMATO_CHAVE_NFE, lerChaveNfe } from './nfe';
import { produtoDaLinha } from './produto';

export const RECALL_MSG = {
  semPontoDePartida: 'Informe ao menos um ponto de partida: lote, produtor, propriedade, produto ou produto aplicado.',
  loteInvalido: 'Código de lote inválido',
  produtorInvalido: 'Produtor inválido',
  propriedadeInvalida: 'Propriedade inválida',
  produtoInvalido: 'Produto inválido',
  produtoAplicadoInvalido: 'O produto aplicado deve ter de 2 a 200 caracteres',
  inicioInvalido: 'A data inicial é inválida',
  fimInvalido: 'A data final é inválida',
  periodoInvalido: 'A data inicial não pode ser posterior à data final',
  formatoInvalido: "O formato deve ser 'json' ou 'csv'",
  nenhumItem: 'Nenhum item encontrado',
  nfeInvalida: 'A chave de acesso da NF-e deve ter 44 dígitos',
} as const;

/** Most items one recall answers: a wider search is refused (narrow the period) rather than cut short. */
export const RECALL_MAX_ITENS = 5000;
export const recallMuitosItens = () =>
  `A busca encontrou mais de ${RECALL_MAX_ITENS.toLocaleString('pt-BR')} itens; informe um período menor ou outro ponto de partida.`;

/** `formato=csv`: the same answer as a CSV file (text/csv, UTF-8); JSON otherwise. */
export const formatoQuery = z.enum(['json', 'csv'], { error: RECALL_MSG.formatoInvalido }).optional();

/**
 * GET recall: the starting points (at least one; together they narrow) and the period of the
 * romaneios' issue dates (each end optional, both included).
 */
export const recallQuery = z
  .object({
    lote: z
      .string()
      .trim()
      .regex(/^[0-9A-Za-z-]{1,40}$/, RECALL_MSG.loteInvalido)
      .optional(),
    pessoaId: inteiroDoCaminho(RECALL_MSG.produtorInvalido).optional(),
    propriedadeId: inteiroDoCaminho(RECALL_MSG.propriedadeInvalida).optional(),
    produtoId: inteiroDoCaminho(RECALL_MSG.produtoInvalido).optional(),
    produtoAplicado: z
      .string()
      .trim()
      .min(2, RECALL_MSG.produtoAplicadoInvalido)
      .max(200, RECALL_MSG.produtoAplicadoInvalido)
      .refine(semControle, RECALL_MSG.produtoAplicadoInvalido)
      .optional(),
    /** An NF-e access key: the lots of the romaneio that carries it. */
    nfe: z.string().transform(lerChaveNfe).pipe(z.string().regex(FORMATO_CHAVE_NFE, RECALL_MSG.nfeInvalida)).optional(),
    inicio: data(RECALL_MSG.inicioInvalido).optional(),
    fim: data(RECALL_MSG.fimInvalido).optional(),
    formato: formatoQuery,
  })
  .refine((q) => q.lote || q.pessoaId || q.propriedadeId || q.produtoId || q.produtoAplicado || q.nfe, {
    message: RECALL_MSG.semPontoDePartida,
    path: ['lote'],
  })
  .refine((q) => !q.inicio || !q.fim || q.inicio <= q.fim, {
    message: RECALL_MSG.periodoInvalido,
    path: ['fim'],
    when: (payload) => payload.issues.length === 0,
  })
  .refine((q) => !q.inicio || !q.fim || periodoNoMaximo(q.inicio, q.fim), {
    message: MSG_PERIODO_LONGO,
    path: ['fim'],
    when: (payload) => payload.issues.length === 0,
  });
export type RecallQuery = z.input<typeof recallQuery>;

/** A shop sheet (loja) that had the item's product on the item's issue date. */
export const recallLoja = z.object({
  lojaId: z.number().int(),
  lojistaNome: z.string(),
  /** Packages of the product on that sheet. */
  quantidade: z.number(),
});

/** A shop sheet whose item named the lot as sold (decision 0181): the buyer, with the item's quantity. */
export const recallComprador = z.object({
  lojaId: z.number().int(),
  dataEmissao: z.string(),
  lojistaNome: z.string(),
  lojistaCpfcnpj: z.string(),
  lojistaCelular: z.string().nullable(),
  /** Packages of the product on that sheet's item. */
  quantidade: z.number(),
});
export type RecallComprador = z.infer<typeof recallComprador>;

/** One romaneio item a recall reaches: what was sold, where, when, by whom, from which field; and the shops with that product that day. */
export const recallItem = z.object({
  romaneioId: z.number().int(),
  itemId: z.number().int(),
  lote: z.string(),
  dataEmissao: z.string(),
  /** The romaneio's stall numbers, in numeric order, comma separated ('' when none). */
  pedras: z.string(),
  ...produtoDaLinha.shape,
  quantidade: z.number(),
  quantidadeKg: z.number(),
  produtorId: z.number().int(),
  produtorNome: z.string(),
  produtorCelular: z.string().nullable(),
  propriedadeId: z.number().int().nullable(),
  propriedadeNome: z.string().nullable(),
  municipioNome: z.string().nullable(),
  municipioUf: z.string().nullable(),
  boletimItemId: z.number().int().nullable(),
  lojas: z.array(recallLoja),
  /** The shop sheets that named this very lot as sold: who received it (decision 0181). */
  compradores: z.array(recallComprador),
});
export type RecallItem = z.infer<typeof recallItem>;

/** The CSV's columns (formato=csv) and the print view's, in order. */
export const RECALL_COLUNAS = [
  'Romaneio',
  'Lote',
  'Data de emissão',
  'Pedras',
  'Produto',
  'Embalagem',
  'Quantidade',
  'Quantidade (kg)',
  'Produtor',
  'Celular',
  'Propriedade',
  'Município',
  'UF',
  'Lojas (mesmo produto no dia)',
  'Compradores do lote',
] as const;

/** 'Loja 12 - Maria (4)' for each shop sheet, separated by ' | '. */
export const lojasDoRecall = (i: Pick<RecallItem, 'lojas'>) => i.lojas.map((l) => `Loja ${l.lojaId} - ${l.lojistaNome} (${l.quantidade})`).join(' | ');

/** 'Loja 12 - Maria (12.345.678/0001-95; (11) 98765-4321): 4' for each buyer of the lot, separated by ' | '. */
export const compradoresDoRecall = (i: Pick<RecallItem, 'compradores'>) =>
  i.compradores
    .map(
      (c) =>
        `Loja ${c.lojaId} - ${c.lojistaNome} (${[formatCpfCnpj(c.lojistaCpfcnpj), formatTelefone(c.lojistaCelular)].filter(Boolean).join('; ')}): ${c.quantidade}`,
    )
    .join(' | ');

/**
 * A row of the recall CSV in RECALL_COLUNAS' order, for toCsv's 'planilha' format (which writes the ISO date
 * dd/mm/yyyy and the numbers with a decimal comma); the phone formatted, so a spreadsheet keeps it as text.
 */
export const linhaDoRecall = (i: RecallItem) => [
  i.romaneioId,
  i.lote,
  i.dataEmissao,
  i.pedras,
  i.produtoNome,
  i.produtoEmbalagem,
  i.quantidade,
  i.quantidadeKg,
  i.produtorNome,
  formatTelefone(i.produtorCelular),
  i.propriedadeNome,
  i.municipioNome,
  i.municipioUf,
  lojasDoRecall(i),
  compradoresDoRecall(i),
];

/** Recall (route name 'recall'): a screen and one read-only call, GET recall. */
export const recallRecurso = declararRecurso({
  rota: 'recall',
  nome: { singular: 'Recall', plural: 'Recall', genero: 'm' },
  icone: 'pi pi-exclamation-triangle',
});
