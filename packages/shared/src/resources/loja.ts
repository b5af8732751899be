import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, idOpcional, referencia, filtroNumerico } from '../z';
import { idOuNome, idOuTexto } from './pessoa';
import { quantidadeItem } from './romaneio';
import { declararRecurso } from '../recurso';
import { produtoDoItem } from './produto';

/** docs/produto/validacao.md 'Loja': the sheet needs at least one product on create. */
export const LOJA_SEM_ITENS = 'É obrigatório adicionar ao menos um produto.';

/** Refusals of a shop item's lots (decision 0181). */
export const LOJA_LOTE_MSG = {
  codigoInvalido: 'Código de lote inválido',
  naoDoDia: (codigo: string) => `O lote ${codigo} não é deste produto num romaneio da data da loja`,
  dataInvalida: 'Informe a data (aaaa-mm-dd)',
} as const;

/** GET loja/lotes?data=aaaa-mm-dd: the lots a shop sheet of that day can name, each with its product and producer. */
export const lojaLotesQuery = z.object({ data: z.iso.date({ error: LOJA_LOTE_MSG.dataInvalida }), produtoId: z.coerce.number().int().positive().optional() });
export const lojaLoteOpcao = z.object({
  lote: z.string(),
  produtoId: z.number().int(),
  produtoNome: z.string(),
  produtorNome: z.string(),
  quantidade: z.number(),
});
export type LojaLoteOpcao = z.infer<typeof lojaLoteOpcao>;

/** One product a shop owner brings: from which municipality and how much (kg, up to 10000, 2 decimals). */
export const lojaItemInput = z.object({
  /** The id of an item being kept on an edit; missing on a new item. */
  id: idOpcional.nullable(),
  produtoId: referencia('O produto é obrigatório', 'O produto é obrigatório', 'O produto deve estar na lista'),
  municipioId: referencia('O municipio é obrigatório', 'O municipio é obrigatório', 'O municipio deve estar na lista'),
  quantidade: quantidadeItem,
  /**
   * The lots this item sold (decision 0181): lot codes of romaneio items of the same product from romaneios of
   * the sheet's day (GET loja/lotes). Left out on an edit: the item's lots stay as they are.
   */
  lotes: z
    .array(
      z
        .string()
        .trim()
        .regex(/^[0-9A-Za-z-]{1,40}$/, LOJA_LOTE_MSG.codigoInvalido),
      { error: 'Os lotes devem ser uma lista' },
    )
    .max(50, 'Um item pode ter no máximo 50 lotes')
    .optional(),
});
export type LojaItemInput = z.input<typeof lojaItemInput>;

/**
 * POST loja (with its items) and PUT loja. On PUT the items may be left out: they are left as they
 * are (the edit screen changes them one by one, lojaitens/updateQtde and DELETE lojaitens/{id});
 * when sent they replace the stored ones (diffed by id) and must still hold one product.
 */
export const lojaInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  lojistaId: referencia('O lojista é obrigatório', 'O lojista é obrigatório', 'O lojista deve estar na lista'),
  dataEmissao: data('A data de emissão é obrigatória', 'A data de emissão é inválida'),
  itens: z.array(lojaItemInput, { error: 'Os itens devem ser uma lista' }).min(1, LOJA_SEM_ITENS).max(500, 'Uma loja pode ter no máximo 500 itens').optional(),
});
export type LojaInput = z.input<typeof lojaInput>;
export type LojaDados = z.output<typeof lojaInput>;

const dia = z.string();

export const lojaItemRegistro = z.object({
  id: z.number().int(),
  lojaId: z.number().int(),
  ...produtoDoItem.shape,
  quantidade: z.number(),
  municipioId: z.number().int(),
  municipioNome: z.string(),
  /** The lot codes it sold (decision 0181). */
  lotes: z.array(z.string()).optional(),
});
export type LojaItem = z.infer<typeof lojaItemRegistro>;

/** A list row (docs/produto/telas.md: Código, Lojista, Data Emissão). */
export const lojaLinha = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  lojistaId: z.number().int(),
  lojistaNome: z.string(),
  lojista: z.object({ nome: z.string() }),
  dataEmissao: dia,
});
export type LojaLinha = z.infer<typeof lojaLinha>;

/** A shop sheet as the API answers it (docs/produto/dados.md). */
export const lojaRegistro = lojaLinha.extend({ itens: z.array(lojaItemRegistro) });
export type Loja = z.infer<typeof lojaRegistro>;

/** Body of POST loja/searchLoja/{dir}/{field}: lojistaId is an id (or the dropdown's option) or name text. */
export const lojaFiltro = z
  .object({
    id: filtroNumerico,
    lojistaId: idOuTexto,
    dataEmissao: z.string().nullish(),
  })
  .transform(({ lojistaId, ...f }) => ({ ...f, ...idOuNome(lojistaId, 'lojistaId', 'lojistaNome') }));
export type LojaFiltro = z.input<typeof lojaFiltro>;

/** Shops (route name 'loja'): what shop owners bring to the market, per product and municipality of origin. */
export const lojaRecurso = declararRecurso({
  rota: 'loja',
  nome: { singular: 'Loja', plural: 'Lojas', genero: 'f' },
  icone: 'pi pi-shop',
  api: { linha: lojaLinha, registro: lojaRegistro, entrada: lojaInput, filtro: lojaFiltro },
  ordem: { campo: 'id', dir: 'asc' },
});
