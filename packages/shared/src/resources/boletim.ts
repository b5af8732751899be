import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { dataNaFaixa, idOpcional, referencia, decimalAte, filtroNumerico } from '../z';
import { idOuNome, idOuTexto } from './pessoa';
import { declararRecurso } from '../recurso';
import { produtoDoItem } from './produto';

/** docs/produto/funcionamento.md: production area up to 999999 ha, productions up to 9999999999 kg (2 decimals). */
export const AREA_PRODUCAO_MAXIMA = 999_999;
export const PRODUCAO_MAXIMA = 9_999_999_999;

/** Year ranges of the bulletin's date pickers (docs/produto/validacao.md), from the current year; the input schemas refuse dates outside them. */
export const anosBoletim = (ano = new Date().getFullYear()) => ({
  visita: `2000:${ano + 2}`,
  inicioColheita: `2010:${ano + 3}`,
  fimColheita: `2010:${ano + 5}`,
  filtro: `2000:${ano + 2}`,
});

const ISO = /^\d{4}-\d{2}-\d{2}$/;
const ambasDatas = (a: string, b: string) => (p: { value: unknown }) => {
  const v = p.value as Record<string, unknown> | undefined;
  return typeof v?.[a] === 'string' && typeof v?.[b] === 'string' && ISO.test(v[a] as string) && ISO.test(v[b] as string);
};

const quantidade = (obrigatorio: string, max: number, maximo: string) =>
  z
    .number({ error: obrigatorio })
    .min(0, 'O valor não pode ser negativo')
    .max(max, maximo)
    .refine(...decimalAte(2));

/** One product of a bulletin: what the property will harvest, how much and when. */
export const boletimItemInput = z
  .object({
    /** The id of an item being kept on an edit; missing on a new item. */
    id: idOpcional.nullable(),
    produtoId: referencia('O produto é obrigatório', 'O produto é obrigatório', 'O produto deve estar na lista'),
    areaProducao: quantidade('A área de produção é obrigatória', AREA_PRODUCAO_MAXIMA, 'A área de produção deve ser no máximo 999.999 ha'),
    producaoEstimada: quantidade('A produção estimada é obrigatória', PRODUCAO_MAXIMA, 'A produção estimada deve ser no máximo 9.999.999.999 kg'),
    producaoEmbalada: quantidade('A produção embalada é obrigatória', PRODUCAO_MAXIMA, 'A produção embalada deve ser no máximo 9.999.999.999 kg'),
    inicioColheita: dataNaFaixa(
      'A data inicio colheita é obrigatória',
      'A data inicio colheita é inválida',
      'A data de início da colheita',
      () => anosBoletim().inicioColheita,
    ),
    fimColheita: dataNaFaixa(
      'A data fim colheita é obrigatória',
      'A data fim colheita é inválida',
      'A data de fim da colheita',
      () => anosBoletim().fimColheita,
    ),
  })
  .refine((i) => i.fimColheita >= i.inicioColheita, {
    message: 'A data fim colheita não pode ser anterior à data inicio colheita.',
    path: ['fimColheita'],
    when: ambasDatas('inicioColheita', 'fimColheita'),
  });
export type BoletimItemInput = z.input<typeof boletimItemInput>;
export type BoletimItemDados = z.output<typeof boletimItemInput>;

export const boletimInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  dataVisita: dataNaFaixa('A Data da visita é obrigatória', 'Uma data da visita deve ser inserida', 'A data da visita', () => anosBoletim().visita),
  dataEmissao: dataNaFaixa('A data emissão é obrigatória', 'A data emissão é inválida', 'A data de emissão', () => anosBoletim().visita),
  produtorId: referencia('O produtor é obrigatório', 'O produtor deve ser selecionado', 'O produtor deve ser selecionado'),
  propriedadeId: referencia('A propriedade é obrigatório', 'A propriedade é obrigatório', 'A propriedade deve estar na lista'),
  tecnicoId: referencia('O técnico é obrigatório', 'O técnico é obrigatório', 'O técnico deve estar na lista'),
  itens: z
    .array(boletimItemInput, { error: 'Os itens devem ser uma lista' })
    .max(500, 'Um boletim pode ter no máximo 500 itens')
    .nullish()
    .transform((v) => v ?? []),
});
export type BoletimInput = z.input<typeof boletimInput>;
export type BoletimDados = z.output<typeof boletimInput>;

const dia = z.string();
/** One item as the API answers it, with its derived quantities (docs/produto/dados.md 'Derived values'). */
export const boletimItemRegistro = z.object({
  id: z.number().int(),
  boletimId: z.number().int(),
  ...produtoDoItem.shape,
  areaProducao: z.number(),
  producaoEstimada: z.number(),
  producaoEmbalada: z.number(),
  inicioColheita: dia,
  fimColheita: dia,
  /** kg: sum of (romaneio item quantity × its product's pesoEmKg) over the romaneio items linked to this item. */
  producaoComercializada: z.number(),
  /** kg: producaoEstimada - producaoComercializada. */
  saldoQtde: z.number(),
  /** Whether the item has a field notebook. */
  temCaderno: z.boolean(),
});
export type BoletimItem = z.infer<typeof boletimItemRegistro>;

/**
 * The refusal of removing a bulletin item that has a field notebook: the API's 409 (PUT boletim
 * without the item) and the form's, before its confirmation (decision 0078).
 */
export const itemComCaderno = (produto: string) => `O item "${produto}" tem caderno de campo: remova o caderno antes de remover o item.`;
/** The refusal of deleting a bulletin while one of its items has a field notebook (decision 0078). */
export const boletimComCaderno = (produto: string) =>
  `O boletim não pode ser removido porque o item "${produto}" tem caderno de campo: remova o caderno antes de remover o boletim.`;

/** A list row: the bulletin without its items. */
export const boletimLinha = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  dataVisita: dia,
  dataEmissao: dia,
  /** The latest fimColheita of the items (null without items). */
  dataVigencia: dia.nullable(),
  produtorId: z.number().int(),
  produtorNome: z.string(),
  propriedadeId: z.number().int(),
  propriedadeNome: z.string(),
  propriedadeMunicipioNome: z.string(),
  tecnicoId: z.number().int(),
  tecnicoNome: z.string(),
});
export type BoletimLinha = z.infer<typeof boletimLinha>;

/** A bulletin with its items (GET/POST/PUT boletim, GET boletim/saldo/{id}: the balance report adds nothing else). */
export const boletimRegistro = boletimLinha.extend({ itens: z.array(boletimItemRegistro) });
export type Boletim = z.infer<typeof boletimRegistro>;

/**
 * Body of POST boletim/searchBoletim/{dir}/{field} (docs/produto/dados.md): produtor, propriedade and
 * tecnico are an id (or the dropdown's option) or name text; dates match the whole day.
 */
export const boletimFiltro = z
  .object({
    id: filtroNumerico,
    produtor: idOuTexto,
    propriedade: idOuTexto,
    tecnico: idOuTexto,
    produtoNome: z.string().nullish(),
    dataEmissao: z.string().nullish(),
    dataVigencia: z.string().nullish(),
  })
  .transform(({ produtor, propriedade, tecnico, ...f }) => ({
    ...f,
    ...idOuNome(produtor, 'produtorId', 'produtorNome'),
    ...idOuNome(propriedade, 'propriedadeId', 'propriedadeNome'),
    ...idOuNome(tecnico, 'tecnicoId', 'tecnicoNome'),
  }));
export type BoletimFiltro = z.input<typeof boletimFiltro>;

/** Harvest bulletins (route name 'boletim'); each item's field notebook is under the same permissions. */
export const boletimRecurso = declararRecurso({
  rota: 'boletim',
  nome: { singular: 'Boletim', plural: 'Boletins', genero: 'm' },
  icone: 'pi pi-file-edit',
  api: { linha: boletimLinha, registro: boletimRegistro, entrada: boletimInput, filtro: boletimFiltro },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { vazio: 'Nenhuma boletim encontrada' },
});
