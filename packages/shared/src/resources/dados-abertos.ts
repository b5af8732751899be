import { z } from 'zod';
import { precoResumoRegistro } from './precos';
import { formatoQuery } from './recall';

export const DADOS_ABERTOS_MSG = {
  dataObrigatoria: 'A data é obrigatória (aaaa-mm-dd)',
  dataInvalida: 'A data é inválida (aaaa-mm-dd)',
  mesObrigatorio: 'O mês é obrigatório (aaaa-mm)',
  mesInvalido: 'O mês é inválido (aaaa-mm)',
} as const;

/** GET publico/cotacao: one day's quotation. */
export const cotacaoAbertaQuery = z.object({
  data: z.iso.date({ error: (iss) => (iss.input === undefined || iss.input === '' ? DADOS_ABERTOS_MSG.dataObrigatoria : DADOS_ABERTOS_MSG.dataInvalida) }),
  formato: formatoQuery,
});

/** GET publico/movimento: one month's arrivals. */
export const movimentoAbertoQuery = z.object({
  mes: z
    .string({ error: DADOS_ABERTOS_MSG.mesObrigatorio })
    .min(1, DADOS_ABERTOS_MSG.mesObrigatorio)
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, DADOS_ABERTOS_MSG.mesInvalido)
    .refine((m) => Number(m.slice(0, 4)) >= 1900, DADOS_ABERTOS_MSG.mesInvalido),
  formato: formatoQuery,
});

/** A row of the open quotation: the fields of the public quotation (searchPrecosHome) for one group and day. */
export const cotacaoAbertaLinha = precoResumoRegistro;
export type CotacaoAbertaLinha = z.infer<typeof cotacaoAbertaLinha>;

/** A row of the monthly arrivals file: one product from one municipality of origin, with its group's prices that month. */
export const movimentoAbertoLinha = z.object({
  mes: z.string(),
  produtoId: z.number().int(),
  produtoNome: z.string(),
  produtoGrupoNome: z.string(),
  produtoGrupoUn: z.string(),
  municipioNome: z.string().nullable(),
  municipioUf: z.string().nullable(),
  quantidade: z.number(),
  quantidadeKg: z.number(),
  valorMinimo: z.number().nullable(),
  valorMedio: z.number().nullable(),
  valorMaximo: z.number().nullable(),
});
export type MovimentoAbertoLinha = z.infer<typeof movimentoAbertoLinha>;

/** The CSV columns of each file: the JSON field names, in this order (docs/dados-abertos.md). */
export const COLUNAS_COTACAO_ABERTA = Object.keys(cotacaoAbertaLinha.shape) as (keyof CotacaoAbertaLinha)[];
export const COLUNAS_MOVIMENTO_ABERTO = Object.keys(movimentoAbertoLinha.shape) as (keyof MovimentoAbertoLinha)[];
