import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { idOpcional, referencia, texto, filtroNumerico } from '../z';
import { declararRecurso } from '../recurso';
import { lerNumeroBR } from '../format';

/**
 * A number typed by a person: a JS number, or text in pt-BR exactly ('1.234,56', 'R$ 12,50', '1.055'
 * is 1055; lerNumeroBR). Returns null when it is not a pt-BR number ('12.50' is refused, not read as 12,5).
 */
export function paraNumeroBR(v: unknown): number | null {
  if (typeof v !== 'number' && typeof v !== 'string') return null;
  return lerNumeroBR(v).valor ?? null;
}

export const PESO_MAXIMO = 99_999;

export const produtoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('O nome e obrigatorio', 200, 'O nome deve ter no maximo 200 caracteres'),
  embalagem: texto('A embalagem e obrigatorio', 200, 'A embalagem deve ter no maximo 200 caracteres'),
  /** Missing on create: 1 (the form's default). null or blank: required. */
  pesoEmKg: z
    .union([z.number(), z.string()], { error: 'O peso da embalagem e obrigatorio' })
    .nullish()
    .transform((v, ctx) => {
      if (v === undefined) return 1;
      if (v === null || (typeof v === 'string' && !v.trim())) {
        ctx.addIssue({ code: 'custom', message: 'O peso da embalagem e obrigatorio' });
        return z.NEVER;
      }
      const lido = lerNumeroBR(v, 2);
      const n = lido.valor ?? null;
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: lido.erro ?? 'O peso da embalagem e obrigatorio' });
        return z.NEVER;
      }
      if (n < 1) {
        ctx.addIssue({ code: 'custom', message: 'O peso da embalagem deve ser maior ou igual a 1' });
        return z.NEVER;
      }
      if (n > PESO_MAXIMO) {
        ctx.addIssue({ code: 'custom', message: `O peso da embalagem deve ser no máximo ${PESO_MAXIMO}` });
        return z.NEVER;
      }
      return n;
    }),
  produtoGrupoId: referencia('O grupo do produto e obrigatorio'),
  status: texto('O Status e obrigatorio', 200, 'O Status deve ter no maximo 200 caracteres'),
});
export type ProdutoInput = z.input<typeof produtoInput>;

export const produtoRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  nome: z.string(),
  embalagem: z.string(),
  pesoEmKg: z.number(),
  produtoGrupoId: z.number().int(),
  produtoGrupo: z.object({ id: z.number().int(), nome: z.string() }),
  status: z.string(),
});
export type Produto = z.infer<typeof produtoRegistro>;

/**
 * The product a row names, as the API answers it beside the row's own fields (a bulletin's, a romaneio's or a shop
 * sheet's item, a day's price, a recall's lot, the portal's items): its id, name and package.
 */
export const produtoDaLinha = z.object({ produtoId: z.number().int(), produtoNome: z.string(), produtoEmbalagem: z.string() });
/** An item's product, with its weight in kg of one package (docs/produto/dados.md 'Derived values': quantities are packages). */
export const produtoDoItem = produtoDaLinha.extend({ produtoPesoEmKg: z.number().optional() });

/** Per-column filters of the product list (POST produto/searchProduto/{dir}/{field}). */
export const produtoFiltro = z.object({
  id: filtroNumerico,
  nome: z.string().nullish(),
  embalagem: z.string().nullish(),
  peso: filtroNumerico,
  pesoEmKg: filtroNumerico,
  /** A group id, a group name, or the dropdown's whole option. */
  produtoGrupo: z.union([z.string(), z.number(), z.object({ id: z.number().nullish(), nome: z.string().nullish() }).loose()]).nullish(),
  produtoGrupoId: filtroNumerico,
  status: z.string().nullish(),
});

/** A product dropdown option. */
export type ProdutoOpcao = { id: number; nome: string; embalagem: string; /** kg of one package (a quantity's weight on screen). */ pesoEmKg?: number };

/** The product kept out of every dropdown (docs/produto/validacao.md). */
export const PRODUTO_FORA_DOS_DROPDOWNS = 'abacate - nao usar';

const semAcento = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '');

/**
 * The options of a product dropdown: drops 'abacate - nao usar' (any case or accents) and later
 * products whose name repeats an earlier one ignoring case (and surrounding spaces). Order kept.
 */
export function opcoesDeProduto<T extends { nome?: string | null }>(produtos: readonly T[]): T[] {
  const vistos = new Set<string>();
  const resultado: T[] = [];
  for (const p of produtos) {
    const chave = (p.nome ?? '').trim().replace(/\s+/g, ' ').toLowerCase();
    if (!chave || semAcento(chave) === PRODUTO_FORA_DOS_DROPDOWNS || vistos.has(chave)) continue;
    vistos.add(chave);
    resultado.push(p);
  }
  return resultado;
}

export const produtoRecurso = declararRecurso({
  rota: 'produto',
  nome: { singular: 'Produto', plural: 'Produtos', genero: 'm' },
  icone: 'pi pi-shopping-bag',
  api: { buscaPorTermo: 'nome', registro: produtoRegistro, entrada: produtoInput, filtro: produtoFiltro },
  ordem: { campo: 'nome', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter produtos' },
  campos: {
    id: { rotulo: 'Código', formulario: false, filtro: true, largura: '7rem' },
    nome: { rotulo: 'Nome' },
    embalagem: { rotulo: 'Embalagem' },
    // docs/produto/validacao.md: weight 1 by default on create.
    pesoEmKg: { rotulo: 'Peso (kg)', formato: 'decimal', filtro: true, largura: '8rem', padrao: 1 },
    produtoGrupoId: { rotulo: 'Grupo', campoDaLista: 'produtoGrupo', filtro: true, filtroVazio: 'Todos', largura: '14rem' },
    status: { rotulo: 'Status', opcoesDe: 'statusProduto', filtroVazio: 'Todos', largura: '9rem', padrao: 'ATIVO' },
  },
  lista: { relatorio: { mostrando: true } },
});
