import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, filtroNumerico, idOpcional, referencia } from '../z';
import { declararRecurso } from '../recurso';
import { formatDate, formatDecimal, lerNumeroBR } from '../format';
import { produtoDaLinha, produtoFiltro } from './produto';

export const PRECO_MSG = {
  produtoObrigatorio: 'O produto é obrigatório!',
  produtoSelecionado: 'O produto deve ser selecionado!',
  produtoNaLista: 'O produto deve estar na lista',
  dataInvalida: 'Uma data deve ser inserida!',
  dataObrigatoria: 'A data é obrigatória',
  valorObrigatorio: 'O valor é obrigatório!',
  valorMaximo: 'O valor dete ter no máximo 10 caracteres',
  valorPositivo: 'O valor deve ser maior que zero',
} as const;

/**
 * Money typed by a person: a number, or pt-BR text like '12,50' / 'R$ 1.234,56' / '1.055' (1055). Missing or blank:
 * docs/produto/validacao.md's 'O valor é obrigatório!'; text that is not pt-BR money ('12.50', 'abc', '1,2,3') is
 * refused with the number fields' 'Número inválido: …', never read another way; more than 2 decimal places ('12,555',
 * 12.555) with 'Use no máximo 2 casas decimais', never rounded away. At most 10 characters (as typed, or as the
 * number with 2 decimals), greater than 0.
 */
export const valorPreco = z
  .union([z.number(), z.string()], { error: PRECO_MSG.valorObrigatorio })
  .nullish()
  .transform((v, ctx) => {
    if (v === undefined || v === null || (typeof v === 'string' && !v.trim())) {
      ctx.addIssue({ code: 'custom', message: PRECO_MSG.valorObrigatorio });
      return z.NEVER;
    }
    const lido = lerNumeroBR(v, 2);
    const n = lido.valor ?? null;
    const texto = typeof v === 'string' ? v.trim() : n === null ? '' : n.toFixed(2);
    if (texto.length > 10) {
      ctx.addIssue({ code: 'custom', message: PRECO_MSG.valorMaximo });
      return z.NEVER;
    }
    if (n === null) {
      ctx.addIssue({ code: 'custom', message: lido.erro ?? PRECO_MSG.valorObrigatorio });
      return z.NEVER;
    }
    if (n <= 0) {
      ctx.addIssue({ code: 'custom', message: PRECO_MSG.valorPositivo });
      return z.NEVER;
    }
    return n;
  });

export const precoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  produtoId: referencia(PRECO_MSG.produtoObrigatorio, PRECO_MSG.produtoSelecionado, PRECO_MSG.produtoNaLista),
  data: data(PRECO_MSG.dataObrigatoria, PRECO_MSG.dataInvalida),
  valor: valorPreco,
  /** true: save even what asks for a confirmation (a second price on the day, a value far from the last one). */
  confirmar: z.boolean({ error: 'confirmar deve ser verdadeiro ou falso' }).nullish(),
});
export type PrecoInput = z.input<typeof precoInput>;

/**
 * What a price save asks to confirm (docs/decisions/0136-confirmacoes-do-preco.md): the 409's machine field
 * `confirmar` lists them; the body `confirmar: true` saves anyway.
 */
export type ConfirmacaoDePreco = 'precoNoDia' | 'valorForaDaFaixa';
/** R$ with a plain space ('R$ 60,00'), as the confirmations write it. */
const reais = (v: number) => `R$ ${formatDecimal(v)}`;
/** 'Já existe preço de Tomate Extra em 27/11/2026: R$ 60,00. Registrar outro?' */
export const mensagemPrecoNoDia = (produto: string, data: string, valor: number) =>
  `Já existe preço de ${produto} em ${formatDate(data)}: ${reais(valor)}. Registrar outro?`;
/** 'Último preço de Tomate Extra, em 26/11/2026: R$ 60,00. Registrar R$ 3,00, menos da metade?' */
export const mensagemPrecoForaDaFaixa = (produto: string, data: string, ultimo: number, valor: number) =>
  `Último preço de ${produto}, em ${formatDate(data)}: ${reais(ultimo)}. Registrar ${reais(valor)}, ${valor < ultimo ? 'menos da metade' : 'mais do dobro'}?`;
/** A value below half or above double the last price asks for a confirmation. */
export const foraDaFaixa = (valor: number, ultimo: number) => valor < ultimo / 2 || valor > ultimo * 2;

/** The body of a price save's 409 that asks for a confirmation. */
export interface RecusaDeConfirmacao {
  status: 409;
  message: string;
  confirmar: ConfirmacaoDePreco[];
}

/** POST precos/publicar: publishes the day's draft prices (decision 0135). */
export const publicacaoEntrada = z.object({ data: data('A data é obrigatória', 'Data inválida: use aaaa-mm-dd') });
export const publicacaoRegistro = z.object({ data: z.string(), publicados: z.number().int(), manual: z.boolean() });
export type Publicacao = z.output<typeof publicacaoRegistro>;

/** One product of the day's price grid (GET precos/dia?data=aaaa-mm-dd). */
export const precoDoDiaRegistro = z.object({
  ...produtoDaLinha.shape,
  produtoGrupoNome: z.string(),
  /** The product's last price before the day (null when none). */
  ultimoValor: z.number().nullable(),
  ultimaData: z.string().nullable(),
  /** The day's prices of the product, oldest first, each with its state. */
  precos: z.array(z.object({ id: z.number().int(), versao: z.number().int(), valor: z.number(), publicado: z.boolean() })),
});
export type PrecoDoDia = z.output<typeof precoDoDiaRegistro>;
export const precosDoDiaRegistro = z.object({ data: z.string(), manual: z.boolean(), produtos: z.array(precoDoDiaRegistro) });
export type PrecosDoDia = z.output<typeof precosDoDiaRegistro>;
export const precosDoDiaQuery = z.object({ data: data('A data é obrigatória', 'Data inválida: use aaaa-mm-dd') });

export const precoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  valor: z.number(),
  data: z.string(),
  ...produtoDaLinha.shape,
  produtoGrupoId: z.number().int(),
  produtoGrupoNome: z.string(),
  produto: z.object({
    nome: z.string(),
    embalagem: z.string(),
    pesoEmKg: z.number(),
    produtoGrupo: z.object({ id: z.number().int(), nome: z.string() }),
  }),
});
export type Preco = z.infer<typeof precoRegistro>;

/** Filters of POST precos/searchPrecos/{dir}/{field}; empty fields do not filter. */
export const precoFiltro = z.object({
  id: filtroNumerico,
  produtoId: filtroNumerico,
  produtoNome: z.string().nullish(),
  produtoEmbalagem: z.string().nullish(),
  valor: filtroNumerico,
  /** As the product list's: a group id, a group name, or the dropdown's whole option. */
  produtoGrupo: produtoFiltro.shape.produtoGrupo,
  produtoGrupoId: filtroNumerico,
  produtoGrupoNome: z.string().nullish(),
  data: z.string().nullish(),
});
export type PrecoFiltro = z.input<typeof precoFiltro>;

/** One row of the public quotation: the prices of one product group on one date. */
export const precoResumoRegistro = z.object({
  produtoGrupoId: z.number().int(),
  produtoGrupoNome: z.string(),
  produtoGrupoUn: z.string(),
  valorMinimo: z.number(),
  valorMedio: z.number(),
  valorMaximo: z.number(),
  precoData: z.string(),
  /** The same over each product's price per kg (valor / pesoEmKg). */
  valorKgMinimo: z.number(),
  valorKgMedio: z.number(),
  valorKgMaximo: z.number(),
});
export type PrecoResumo = z.output<typeof precoResumoRegistro>;

/** Filters of POST precos/searchPrecosHome/{field}/{dir}. */
export const precoResumoFiltro = z.object({
  produtoGrupoNome: z.string().nullish(),
  produtoGrupoId: filtroNumerico,
  precoData: z.string().nullish(),
  valorMinimo: filtroNumerico,
  valorMedio: filtroNumerico,
  valorMaximo: filtroNumerico,
});
export type PrecoResumoFiltro = z.input<typeof precoResumoFiltro>;

/** A point of a group's price-history chart (GET precos/historico/{produtoGrupoId}?dias=90). */
export type PrecoHistorico = { data: string; valorMinimo: number; valorMedio: number; valorMaximo: number };

export const PRECO_HISTORICO_DIAS = 90;

export const precosRecurso = declararRecurso({
  rota: 'precos',
  nome: { singular: 'Preço', plural: 'Preços', genero: 'm' },
  icone: 'pi pi-dollar',
  menu: 'Preços',
  api: { registro: precoRegistro, entrada: precoInput, filtro: precoFiltro },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter preços', erroRemover: 'Erro ao remover preço', entidade: 'preço' },
});

/**
 * The day's price grid and 'Publicar cotação' (route name 'precosDia', decision 0135): visualizar opens the
 * grid, criar publishes. Typing a price in it is a price save (route name 'precos', criar).
 */
export const precosDiaRecurso = declararRecurso({
  rota: 'precosDia',
  nome: { singular: 'Preços do dia', plural: 'Preços do dia', genero: 'm' },
  // Not 'Preços do dia' in the menu: a link named like 'Preços' would be found by a search for 'Preços'.
  menu: 'Grade do dia',
  icone: 'pi pi-table',
  caminhos: { lista: '/precosdia' },
});
