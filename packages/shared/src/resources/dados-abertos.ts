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

/** The `mes` of a monthly public file ('aaaa-mm', from 1900 on): publico/movimento and publico/estatisticas. */
export const mesAberto = z
  .string({ error: DADOS_ABERTOS_MSG.mesObrigatorio })
  .min(1, DADOS_ABERTOS_MSG.mesObrigatorio)
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, DADOS_ABERTOS_MSG.mesInvalido)
  .refine((m) => Number(m.slice(0, 4)) >= 1900, DADOS_ABERTOS_MSG.mesInvalido);

/** GET publico/movimento: one month's arrivals. */
export const movimentoAbertoQuery = z.object({ mes: mesAberto, formato: formatoQuery });

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

/** A public file and its columns, as ARQUIVOS_DADOS_ABERTOS declares them. */
export type TipoColunaAberta = 'integer' | 'decimal' | 'string' | 'date';
export interface ColunaAberta {
  nome: string;
  descricao: string;
  tipo: TipoColunaAberta;
  /** The unit of a measure ('R$ por embalagem', 'kg'); absent for names and codes. */
  unidade?: string;
  /** Every row has a value in it (CSVW `required`); absent: a cell may be empty. */
  obrigatoria?: true;
}
export interface ArquivoAberto {
  /** A short id, used in the page's anchors and the JSON-LD identifier. */
  id: string;
  titulo: string;
  descricao: string;
  /** The API path under /api, without the query: `/publico/cotacao`. */
  caminho: string;
  /** The query that chooses the rows (besides formato), with an example value for the page's links. */
  parametros: { nome: string; descricao: string; exemplo: 'hoje' | 'mes-passado' | string }[];
  frequencia: string;
  /** The ISO 8601 frequency of schema.org/DCAT (`P1D`, `P1M`). */
  periodicidade: 'P1D' | 'P1W' | 'P1M' | 'P1Y';
  /** Whether `formato=csv` gives the rows as CSV (then it gets CSV-on-the-Web metadata). */
  csv: boolean;
  /** The CSV's dialect when it is not the open-data one (`;`, UTF-8 with BOM, CRLF, header line). */
  separador?: ';' | ',';
  colunas: ColunaAberta[];
  /** The columns whose values tell the rows apart (CSVW `primaryKey`), when the file has such a key. */
  chave?: string[];
}

const GRUPO = 'R$ por embalagem do grupo';
const EMBALAGEM = 'R$ por embalagem';
const KG = 'R$ por kg';
const MES = 'O mês (aaaa-mm)';

/** How often a daily or a monthly file changes, and the query that chooses its day or month. */
const DIARIO: Pick<ArquivoAberto, 'parametros' | 'frequencia' | 'periodicidade'> = {
  parametros: [{ nome: 'data', descricao: 'O dia (aaaa-mm-dd)', exemplo: 'hoje' }],
  frequencia: 'Diária, em cada dia de mercado',
  periodicidade: 'P1D',
};
const MENSAL: Pick<ArquivoAberto, 'parametros' | 'frequencia' | 'periodicidade'> = {
  parametros: [{ nome: 'mes', descricao: MES, exemplo: 'mes-passado' }],
  frequencia: 'Mensal (o mês corrente muda a cada dia de mercado)',
  periodicidade: 'P1M',
};

/** A column of each type; `unidade` for a measure. */
const inteiro = (nome: string, descricao: string): ColunaAberta => ({ nome, descricao, tipo: 'integer' });
const texto = (nome: string, descricao: string): ColunaAberta => ({ nome, descricao, tipo: 'string' });
const data = (nome: string, descricao: string): ColunaAberta => ({ nome, descricao, tipo: 'date' });
const decimal = (nome: string, descricao: string, unidade: string): ColunaAberta => ({ nome, descricao, tipo: 'decimal', unidade });
/** A column that is never empty. */
const sempre = (c: ColunaAberta): ColunaAberta => ({ ...c, obrigatoria: true });

/** The columns that mean the same in several files, described once. */
const COLUNA = {
  mes: sempre(texto('mes', MES)),
  produtoId: sempre(inteiro('produtoId', 'Código do produto')),
  produtoNome: sempre(texto('produtoNome', 'Nome do produto')),
  produtoGrupoUn: texto('produtoGrupoUn', 'Embalagem padrão do grupo'),
  quantidadeKg: (descricao: string) => decimal('quantidadeKg', descricao, 'kg'),
};

/**
 * The public files, declared once (decision 0195): the page /dados-abertos, its schema.org descriptions, the
 * CSV-on-the-Web metadata `<caminho>-metadata.json` and the `Link` header of each CSV are built from this list.
 * A new public file appears everywhere by adding one entry (its columns in the CSV's order).
 */
export const ARQUIVOS_DADOS_ABERTOS: ArquivoAberto[] = [
  {
    id: 'cotacao',
    titulo: 'Cotação do dia por grupo de produto',
    descricao: 'Os preços de um dia de mercado por grupo de produto (mínimo, médio e máximo), os mesmos da página pública de cotação.',
    caminho: '/publico/cotacao',
    ...DIARIO,
    csv: true,
    colunas: [
      sempre(inteiro('produtoGrupoId', 'Código do grupo de produto')),
      sempre(texto('produtoGrupoNome', 'Nome do grupo de produto')),
      COLUNA.produtoGrupoUn,
      sempre(decimal('valorMinimo', 'Menor preço do dia entre os produtos do grupo', GRUPO)),
      sempre(decimal('valorMedio', 'Média dos preços do dia (2 casas)', GRUPO)),
      sempre(decimal('valorMaximo', 'Maior preço do dia', GRUPO)),
      sempre(data('precoData', 'Data do preço')),
      decimal('valorKgMinimo', 'Menor preço por kg (preço ÷ peso da embalagem)', KG),
      decimal('valorKgMedio', 'Preço médio por kg', KG),
      decimal('valorKgMaximo', 'Maior preço por kg', KG),
    ],
    chave: ['produtoGrupoId'],
  },
  {
    id: 'movimento',
    titulo: 'Entradas do mês por produto e município de origem',
    descricao: 'O que chegou ao mercado no mês (romaneios e lojas), por produto e município de origem, com os preços do mês do grupo.',
    caminho: '/publico/movimento',
    ...MENSAL,
    csv: true,
    colunas: [
      COLUNA.mes,
      COLUNA.produtoId,
      COLUNA.produtoNome,
      sempre(texto('produtoGrupoNome', 'Grupo do produto')),
      COLUNA.produtoGrupoUn,
      texto('municipioNome', 'Município de origem (vazio: desconhecido)'),
      texto('municipioUf', 'UF do município de origem'),
      sempre(decimal('quantidade', 'Embalagens que chegaram', 'embalagens')),
      sempre(COLUNA.quantidadeKg('Quilos (embalagens × peso da embalagem)')),
      decimal('valorMinimo', 'Menor preço do mês do grupo (vazio: sem preço)', GRUPO),
      decimal('valorMedio', 'Preço médio do mês do grupo', GRUPO),
      decimal('valorMaximo', 'Maior preço do mês do grupo', GRUPO),
    ],
  },
  {
    id: 'cotacao-produtos',
    titulo: 'Cotação do dia por produto',
    descricao:
      'Por produto cotado no dia: preços mínimo, mais comum e máximo por embalagem, o mais comum por kg, a procedência das entradas, a situação do mercado e a variação contra o dia de mercado anterior.',
    caminho: '/publico/cotacao/produtos',
    ...DIARIO,
    csv: true,
    colunas: [
      COLUNA.produtoId,
      COLUNA.produtoNome,
      texto('embalagem', 'Embalagem em que o preço é dado'),
      sempre(decimal('valorMinimo', 'Menor preço publicado do dia', EMBALAGEM)),
      sempre(decimal('valorMaisComum', 'Preço que mais se repete no dia; sem um único, a mediana dos preços do dia', EMBALAGEM)),
      sempre(decimal('valorMaximo', 'Maior preço publicado do dia', EMBALAGEM)),
      decimal('valorKg', 'Preço mais comum por kg (÷ peso da embalagem)', KG),
      texto('procedencia', 'Municípios/UF de origem das entradas do produto no dia, mais kg primeiro'),
      texto('situacao', "Situação do mercado: 'firme', 'estavel' ou 'fraco' (do funcionário; sem ela, pela variação: ±5%)"),
      decimal('variacao', 'Variação do preço mais comum contra o último dia anterior com preço publicado', '%'),
    ],
    chave: ['produtoId'],
  },
  {
    id: 'prohort',
    titulo: 'Arquivo diário do Prohort (Conab)',
    descricao: 'O preço mais comum de cada produto do dia, por kg ou por unidade, nas colunas da série diária do Prohort da Conab.',
    caminho: '/publico/prohort',
    ...DIARIO,
    csv: true,
    colunas: [
      sempre(texto('municipio_ceasa', 'Município do mercado')),
      sempre(texto('cod_ibge_municipio', 'Código IBGE (7 dígitos) do município do mercado')),
      sempre(texto('uf_ceasa', 'UF do mercado')),
      texto('dsc_ceasa', 'Nome do mercado'),
      sempre(texto('dsc_produto', 'Produto (e sua embalagem)')),
      sempre(texto('sig_unidade_medida', "Unidade do preço: 'KG' ou 'UN'")),
      sempre(data('data_preco', 'Data do preço')),
      sempre(decimal('preco_diario', 'Preço mais comum do dia na unidade', 'R$ por kg ou por unidade')),
    ],
    chave: ['dsc_produto'],
  },
  {
    id: 'estatisticas',
    titulo: 'O mês em números',
    descricao:
      'Quilos e valor movimentado por grupo, os dez produtos com mais kg, a origem por UF e por município, e o índice de preços de cesta fixa com os pesos da cesta.',
    caminho: '/publico/estatisticas',
    ...MENSAL,
    csv: true,
    colunas: [
      COLUNA.mes,
      sempre(texto('secao', "O que a linha conta: 'total', 'grupo', 'produto' (os dez com mais kg), 'uf', 'municipio', 'cesta' (peso no índice) ou 'indice'")),
      texto('item', 'Grupo, produto ou município da linha'),
      texto('uf', 'UF de origem'),
      COLUNA.quantidadeKg('Quilos que entraram'),
      decimal(
        'valor',
        "Valor movimentado (kg × preço mais comum por kg do dia); na 'cesta', o peso (0 a 1); no 'indice', o índice (mês-base = 100)",
        'R$ (na cesta: peso; no índice: mês-base = 100)',
      ),
    ],
  },
];

/** The licence of the open data when DADOS_LICENCA is not set. */
export const LICENCA_PADRAO = 'CC-BY-4.0';

/** GET publico/dados-abertos: the catalogue the page /dados-abertos shows. */
export interface CatalogoDadosAbertos {
  licenca: { id: string; nome: string; url: string | null };
  metodologia: { texto: string; alteradoEm: string | null };
  /** The product's public address (PUBLIC_URL): the base of the files' absolute links. */
  endereco: string;
  /** Who publishes (CEASA_MERCADO). */
  publicador: string;
  arquivos: ArquivoAberto[];
}

export const METODOLOGIA_MSG = {
  obrigatoria: 'A metodologia é obrigatória',
  longa: 'A metodologia deve ter no máximo 20000 caracteres',
  soSuperAdmin: 'Só o super-admin pode alterar a metodologia dos dados abertos.',
} as const;
export const metodologiaEntrada = z.object({
  texto: z.string({ error: METODOLOGIA_MSG.obrigatoria }).trim().min(1, METODOLOGIA_MSG.obrigatoria).max(20000, METODOLOGIA_MSG.longa),
});

/** The known licences by SPDX id: the pt-BR name and the deed's address. Another DADOS_LICENCA is shown as written. */
const LICENCAS: Record<string, { nome: string; url: string }> = {
  'CC-BY-4.0': { nome: 'Creative Commons Atribuição 4.0 Internacional (CC BY 4.0)', url: 'https://creativecommons.org/licenses/by/4.0/deed.pt-br' },
  'CC-BY-SA-4.0': {
    nome: 'Creative Commons Atribuição-CompartilhaIgual 4.0 Internacional (CC BY-SA 4.0)',
    url: 'https://creativecommons.org/licenses/by-sa/4.0/deed.pt-br',
  },
  'CC0-1.0': { nome: 'Creative Commons CC0 1.0 Universal (domínio público)', url: 'https://creativecommons.org/publicdomain/zero/1.0/deed.pt-br' },
  'ODbL-1.0': { nome: 'Open Database License (ODbL) 1.0', url: 'https://opendatacommons.org/licenses/odbl/1-0/' },
};
export function licencaDe(id: string): CatalogoDadosAbertos['licenca'] {
  const l = LICENCAS[id] ?? Object.entries(LICENCAS).find(([k]) => k.toLowerCase() === id.toLowerCase())?.[1];
  return l ? { id, ...l } : { id, nome: id, url: /^https?:\/\//.test(id) ? id : null };
}

export { datasetJsonLd, enderecosDoArquivo } from './dados-abertos-enderecos';
