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

/**
 * The open-data files described in one place (docs/dados-abertos.md): path, title, how often it changes and each
 * column's meaning and unit. The /dados-abertos page and the CSV-on-the-Web metadata are built from this list;
 * each file's module adds its entry.
 */
export interface ColunaDescrita {
  nome: string;
  descricao: string;
  /** 'BRL', 'kg', '%', 'data' (yyyy-mm-dd)… absent for a text or an id. */
  unidade?: string;
}
export interface ArquivoDescrito {
  caminho: string;
  titulo: string;
  frequencia: string;
  colunas: ColunaDescrita[];
}

/** The files of the information service (decisions 0190, 0191, 0193). */
export const ARQUIVOS_INFORMACAO: ArquivoDescrito[] = [
  {
    caminho: '/api/publico/cotacao/produtos',
    titulo: 'Cotação do dia por produto',
    frequencia: 'diária (dias de mercado)',
    colunas: [
      { nome: 'produtoId', descricao: 'Identificador do produto' },
      { nome: 'produtoNome', descricao: 'Nome do produto' },
      { nome: 'embalagem', descricao: 'Embalagem em que o preço é dado' },
      { nome: 'valorMinimo', descricao: 'Menor preço publicado do dia, por embalagem', unidade: 'BRL' },
      { nome: 'valorMaisComum', descricao: 'Preço que mais se repete no dia; sem um único, a mediana dos preços do dia', unidade: 'BRL' },
      { nome: 'valorMaximo', descricao: 'Maior preço publicado do dia, por embalagem', unidade: 'BRL' },
      { nome: 'valorKg', descricao: 'Preço mais comum por kg (÷ peso da embalagem)', unidade: 'BRL/kg' },
      { nome: 'procedencia', descricao: 'Municípios/UF de origem das entradas do produto no dia, mais kg primeiro' },
      { nome: 'situacao', descricao: "Situação do mercado: 'firme', 'estavel' ou 'fraco' (do funcionário; sem ela, pela variação: ±5%)" },
      { nome: 'variacao', descricao: 'Variação do preço mais comum contra o último dia anterior com preço publicado', unidade: '%' },
    ],
  },
  {
    caminho: '/api/publico/prohort',
    titulo: 'Arquivo diário do Prohort (Conab)',
    frequencia: 'diária (dias de mercado)',
    colunas: [
      { nome: 'municipio_ceasa', descricao: 'Município do mercado' },
      { nome: 'cod_ibge_municipio', descricao: 'Código IBGE (7 dígitos) do município do mercado' },
      { nome: 'uf_ceasa', descricao: 'UF do mercado' },
      { nome: 'dsc_ceasa', descricao: 'Nome do mercado' },
      { nome: 'dsc_produto', descricao: 'Produto (e sua embalagem)' },
      { nome: 'sig_unidade_medida', descricao: "Unidade do preço: 'KG' ou 'UN'" },
      { nome: 'data_preco', descricao: 'Data do preço', unidade: 'data' },
      { nome: 'preco_diario', descricao: 'Preço mais comum do dia na unidade', unidade: 'BRL' },
    ],
  },
  {
    caminho: '/api/publico/estatisticas',
    titulo: 'O mês em números',
    frequencia: 'mensal',
    colunas: [
      { nome: 'mes', descricao: 'Mês (aaaa-mm)' },
      {
        nome: 'secao',
        descricao: "O que a linha conta: 'total', 'grupo', 'produto' (os dez com mais kg), 'uf', 'municipio', 'cesta' (peso no índice) ou 'indice'",
      },
      { nome: 'item', descricao: 'Grupo, produto ou município da linha' },
      { nome: 'uf', descricao: 'UF de origem' },
      { nome: 'quantidadeKg', descricao: 'Quilos que entraram', unidade: 'kg' },
      {
        nome: 'valor',
        descricao: "Valor movimentado (kg × preço mais comum por kg do dia); na 'cesta', o peso (0 a 1); no 'indice', o índice (mês-base = 100)",
        unidade: 'BRL',
      },
    ],
  },
];
