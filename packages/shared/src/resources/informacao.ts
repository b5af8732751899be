import { z } from 'zod';
import { data } from '../z';
import { diasEntre } from '../tempo';
import { mediaDinheiro } from '../dinheiro';
import { DADOS_ABERTOS_MSG, mesAberto } from './dados-abertos';
import { formatoQuery } from './recall';

/* The market's information service (decision 0190): the quotation per product, Conab's daily file,
   the price reference for procurement and the month in figures. Public, no token. */

export const INFORMACAO_MSG = {
  produtoObrigatorio: 'O produto é obrigatório',
  produtoInvalido: 'O produto é inválido',
  inicioObrigatorio: 'O início do período é obrigatório (aaaa-mm-dd)',
  inicioInvalido: 'O início do período é inválido (aaaa-mm-dd)',
  fimObrigatorio: 'O fim do período é obrigatório (aaaa-mm-dd)',
  fimInvalido: 'O fim do período é inválido (aaaa-mm-dd)',
  periodoInvertido: 'O fim do período deve ser igual ou posterior ao início',
  periodoLongo: 'O período deve ter no máximo 366 dias',
  consultadoEmInvalido: 'O momento da consulta é inválido (aaaa-mm-ddThh:mm:ss com fuso)',
  consultadoEmFuturo: 'O momento da consulta não pode estar no futuro',
  produtoNaoEncontrado: 'Produto não encontrado',
  codigoIbgeInvalido: 'O código IBGE deve ter 7 dígitos com o dígito verificador correto',
  codigoIbgeRepetido: 'Já existe um município com este código IBGE',
  situacaoInvalida: "A situação deve ser 'firme', 'estavel' ou 'fraco'",
} as const;

/** The market's situation of a product on a day: set by the price clerk, else derived from the change. */
export const SITUACOES = ['firme', 'estavel', 'fraco'] as const;
export type Situacao = (typeof SITUACOES)[number];
/** How each situation is named on the public page and in the day's summary. */
export const ROTULO_SITUACAO: Record<Situacao, string> = { firme: 'Firme', estavel: 'Estável', fraco: 'Fraco' };
/**
 * The change (%) of the most common price against the previous market day from which a product is 'firme'
 * (at least +5%) or 'fraco' (at most −5%); in between, 'estavel'.
 */
export const LIMIAR_SITUACAO_PERCENTUAL = 5;

/** The situation derived from a change in % (null: no comparison). */
export function situacaoDaVariacao(variacao: number | null): Situacao | null {
  if (variacao === null) return null;
  if (variacao >= LIMIAR_SITUACAO_PERCENTUAL) return 'firme';
  if (variacao <= -LIMIAR_SITUACAO_PERCENTUAL) return 'fraco';
  return 'estavel';
}

/**
 * The most common of a day's prices: the value that repeats most; when no single value does (none repeats, or
 * several tie), the median of all of them. Null for no price.
 */
export function maisComum(valores: number[]): number | null {
  if (!valores.length) return null;
  const vezes = new Map<number, number>();
  for (const v of valores) vezes.set(v, (vezes.get(v) ?? 0) + 1);
  const max = Math.max(...vezes.values());
  const modas = [...vezes].filter(([, n]) => n === max);
  if (max > 1 && modas.length === 1) return modas[0]![0];
  return mediana(valores);
}

/** The median (the mean of the two middle values for an even count, in cents, half-up: dinheiro.ts). */
export function mediana(valores: number[]): number | null {
  if (!valores.length) return null;
  const o = [...valores].sort((a, b) => a - b);
  const m = Math.floor(o.length / 2);
  return o.length % 2 ? o[m]! : mediaDinheiro([o[m - 1]!, o[m]!]);
}

/**
 * Whether a 7-digit IBGE municipality code is valid: its 7th digit is the check digit of the first six
 * (weights 1,2,1,2,1,2, the digits of each product summed, 10 minus the total's last digit), except the nine
 * municipalities IBGE numbered without it.
 */
export const IBGE_SEM_DIGITO_VERIFICADOR = new Set(['2201919', '2202251', '2201988', '2611533', '3117836', '3152131', '4305871', '5203939', '5203962']);
export function codigoIbgeValido(c: string): boolean {
  if (!/^\d{7}$/.test(c)) return false;
  if (IBGE_SEM_DIGITO_VERIFICADOR.has(c)) return true;
  let soma = 0;
  for (let i = 0; i < 6; i++) {
    const p = Number(c[i]) * (i % 2 ? 2 : 1);
    soma += p > 9 ? p - 9 : p;
  }
  return (10 - (soma % 10)) % 10 === Number(c[6]);
}
/** An optional IBGE code in a municipality's form: empty is none. */
export const codigoIbgeEntrada = z
  .string()
  .trim()
  .transform((v) => v || null)
  .nullish()
  .refine((v) => v === null || v === undefined || codigoIbgeValido(v), INFORMACAO_MSG.codigoIbgeInvalido);

/** PUT precos/situacao: the clerk's situation of a product on a day (null: derived from the change). */
export const situacaoEntrada = z.object({
  produtoId: z.number({ error: INFORMACAO_MSG.produtoObrigatorio }).int(INFORMACAO_MSG.produtoInvalido).positive(INFORMACAO_MSG.produtoInvalido),
  data: data('A data é obrigatória', 'Data inválida: use aaaa-mm-dd'),
  situacao: z.enum(SITUACOES, { error: INFORMACAO_MSG.situacaoInvalida }).nullable(),
});
export const situacaoRegistro = situacaoEntrada.extend({ situacao: z.enum(SITUACOES).nullable() });

const dataPublica = z.iso.date({
  error: (iss) => (iss.input === undefined || iss.input === '' ? DADOS_ABERTOS_MSG.dataObrigatoria : DADOS_ABERTOS_MSG.dataInvalida),
});

/** GET publico/cotacao/produtos, publico/resumo and publico/prohort: one day. */
export const diaPublicoQuery = z.object({ data: dataPublica, formato: formatoQuery });

/** A row of the quotation per product (GET publico/cotacao/produtos). */
export const cotacaoProdutoLinha = z.object({
  produtoId: z.number().int(),
  produtoNome: z.string(),
  embalagem: z.string(),
  valorMinimo: z.number(),
  valorMaisComum: z.number(),
  valorMaximo: z.number(),
  valorKg: z.number().nullable(),
  procedencia: z.string(),
  situacao: z.enum(SITUACOES).nullable(),
  variacao: z.number().nullable(),
});
export type CotacaoProdutoLinha = z.infer<typeof cotacaoProdutoLinha>;
export const COLUNAS_COTACAO_PRODUTOS = Object.keys(cotacaoProdutoLinha.shape) as (keyof CotacaoProdutoLinha)[];

/** GET publico/resumo: the day's count of products up, stable and down. */
export const resumoDoDiaRegistro = z.object({
  data: z.string(),
  /** The previous market day the changes compare with (null: none before). */
  dataAnterior: z.string().nullable(),
  emAlta: z.number().int(),
  estaveis: z.number().int(),
  emBaixa: z.number().int(),
  semComparacao: z.number().int(),
  texto: z.string(),
});
export type ResumoDoDia = z.infer<typeof resumoDoDiaRegistro>;

/** The summary line: '12 em alta, 30 estáveis, 8 em baixa'. */
export function textoDoResumo(r: Pick<ResumoDoDia, 'emAlta' | 'estaveis' | 'emBaixa'>) {
  return `${r.emAlta} em alta, ${r.estaveis} ${r.estaveis === 1 ? 'estável' : 'estáveis'}, ${r.emBaixa} em baixa`;
}

/** A line of Conab's Prohort daily file (GET publico/prohort): Prohort's own column names. */
export const prohortLinha = z.object({
  municipio_ceasa: z.string(),
  cod_ibge_municipio: z.string(),
  uf_ceasa: z.string(),
  dsc_ceasa: z.string(),
  dsc_produto: z.string(),
  sig_unidade_medida: z.enum(['KG', 'UN']),
  data_preco: z.string(),
  preco_diario: z.number(),
});
export type ProhortLinha = z.infer<typeof prohortLinha>;
export const COLUNAS_PROHORT = Object.keys(prohortLinha.shape) as (keyof ProhortLinha)[];

const dataDoPeriodo = (obrigatorio: string, invalida: string) =>
  z.iso.date({ error: (iss) => (iss.input === undefined || iss.input === '' ? obrigatorio : invalida) });

/** GET publico/referencia: a product, a period (both ends included) and, in a permalink, the moment of the query. */
export const referenciaQuery = z
  .object({
    produtoId: z.coerce
      .number({ error: INFORMACAO_MSG.produtoObrigatorio })
      .int(INFORMACAO_MSG.produtoInvalido)
      .positive(INFORMACAO_MSG.produtoInvalido)
      .max(2147483647, INFORMACAO_MSG.produtoInvalido),
    inicio: dataDoPeriodo(INFORMACAO_MSG.inicioObrigatorio, INFORMACAO_MSG.inicioInvalido),
    fim: dataDoPeriodo(INFORMACAO_MSG.fimObrigatorio, INFORMACAO_MSG.fimInvalido),
    consultadoEm: z.iso.datetime({ offset: true, error: INFORMACAO_MSG.consultadoEmInvalido }).optional(),
  })
  .refine((q) => q.fim >= q.inicio, { message: INFORMACAO_MSG.periodoInvertido, path: ['fim'] })
  .refine((q) => q.fim < q.inicio || diasEntre(q.inicio, q.fim) < 366, { message: INFORMACAO_MSG.periodoLongo, path: ['fim'] });
export type ReferenciaQuery = z.infer<typeof referenciaQuery>;

/** The price reference of a product over a period (R$ per package, published prices only). */
export const referenciaRegistro = z.object({
  produtoId: z.number().int(),
  produtoNome: z.string(),
  embalagem: z.string(),
  inicio: z.string(),
  fim: z.string(),
  n: z.number().int(),
  media: z.number().nullable(),
  mediana: z.number().nullable(),
  minimo: z.number().nullable(),
  maximo: z.number().nullable(),
  /** Sample standard deviation ÷ mean, in % (null with fewer than two prices). */
  coeficienteVariacao: z.number().nullable(),
  metodo: z.string(),
  consultadoEm: z.string(),
  permalink: z.string(),
});
export type Referencia = z.infer<typeof referenciaRegistro>;

/** GET publico/estatisticas: one month. */
export const estatisticasQuery = z.object({ mes: mesAberto, formato: formatoQuery });

const kgValor = { quantidadeKg: z.number(), valor: z.number() };
/** The figures of one month (the requested one, and the same month a year before). */
export const numerosDoMes = z.object({
  mes: z.string(),
  quantidadeKg: z.number(),
  valor: z.number(),
  /** Kg that arrived with no price of their product that day (left out of `valor`). */
  quantidadeKgSemPreco: z.number(),
  porGrupo: z.array(z.object({ produtoGrupoId: z.number().int(), produtoGrupoNome: z.string(), ...kgValor })),
  produtos: z.array(z.object({ produtoId: z.number().int(), produtoNome: z.string(), ...kgValor })),
  porUf: z.array(z.object({ uf: z.string().nullable(), ...kgValor })),
  porMunicipio: z.array(z.object({ municipioNome: z.string().nullable(), uf: z.string().nullable(), ...kgValor })),
});
export type NumerosDoMes = z.infer<typeof numerosDoMes>;

export const estatisticasRegistro = numerosDoMes.extend({
  anoAnterior: numerosDoMes,
  indice: z.object({
    mesBase: z.string(),
    metodo: z.string(),
    cesta: z.array(z.object({ produtoId: z.number().int(), produtoNome: z.string(), peso: z.number(), precoKgBase: z.number() })),
    serie: z.array(z.object({ mes: z.string(), valor: z.number().nullable() })),
  }),
});
export type Estatisticas = z.infer<typeof estatisticasRegistro>;

/** The month's figures as CSV lines: one per figure (section, item, its state, kg and R$). */
export const estatisticaLinha = z.object({
  mes: z.string(),
  secao: z.enum(['total', 'grupo', 'produto', 'uf', 'municipio', 'indice', 'cesta']),
  item: z.string().nullable(),
  uf: z.string().nullable(),
  quantidadeKg: z.number().nullable(),
  valor: z.number().nullable(),
});
export type EstatisticaLinha = z.infer<typeof estatisticaLinha>;
export const COLUNAS_ESTATISTICAS = Object.keys(estatisticaLinha.shape) as (keyof EstatisticaLinha)[];
