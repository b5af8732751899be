import { z } from 'zod';
import { data, idOpcional, referencia } from '../z';
import { idOuNome, idOuTexto } from './pessoa';

/** SPEC.md section 9: production area up to 999999 ha, productions up to 9999999999 kg (2 decimals). */
export const AREA_PRODUCAO_MAXIMA = 999_999;
export const PRODUCAO_MAXIMA = 9_999_999_999;

/** Year ranges of the bulletin's date pickers (SPEC.md section 5), from the current year. */
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
  z.number({ error: obrigatorio }).min(0, 'O valor não pode ser negativo').max(max, maximo);

/** One product of a bulletin: what the property will harvest, how much and when. */
export const boletimItemInput = z
  .object({
    /** The id of an item being kept on an edit; missing on a new item. */
    id: idOpcional.nullable(),
    produtoId: referencia('O produto é obrigatório', 'O produto é obrigatório', 'O produto deve estar na lista'),
    areaProducao: quantidade('A área de produção é obrigatória', AREA_PRODUCAO_MAXIMA, 'A área de produção deve ser no máximo 999.999 ha'),
    producaoEstimada: quantidade('A produção estimada é obrigatória', PRODUCAO_MAXIMA, 'A produção estimada deve ser no máximo 9.999.999.999 kg'),
    producaoEmbalada: quantidade('A produção embalada é obrigatória', PRODUCAO_MAXIMA, 'A produção embalada deve ser no máximo 9.999.999.999 kg'),
    inicioColheita: data('A data inicio colheita é obrigatória', 'A data inicio colheita é inválida'),
    fimColheita: data('A data fim colheita é obrigatória', 'A data fim colheita é inválida'),
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
  dataVisita: data('A Data da visita é obrigatória', 'Uma data da visita deve ser inserida'),
  dataEmissao: data('A data emissão é obrigatória', 'A data emissão é inválida'),
  produtorId: referencia('O produtor é obrigatório', 'O produtor deve ser selecionado', 'O produtor deve ser selecionado'),
  propriedadeId: referencia('A propriedade é obrigatório', 'A propriedade é obrigatório', 'A propriedade deve estar na lista'),
  tecnicoId: referencia('O técnico é obrigatório', 'O técnico é obrigatório', 'O técnico deve estar na lista'),
  itens: z.array(boletimItemInput, { error: 'Os itens devem ser uma lista' }).max(500, 'Um boletim pode ter no máximo 500 itens').nullish().transform((v) => v ?? []),
});
export type BoletimInput = z.input<typeof boletimInput>;
export type BoletimDados = z.output<typeof boletimInput>;

export type BoletimItem = {
  id: number;
  boletimId: number;
  produtoId: number;
  produtoNome: string;
  produtoEmbalagem: string;
  areaProducao: number;
  producaoEstimada: number;
  producaoEmbalada: number;
  inicioColheita: string;
  fimColheita: string;
  /** Sum of the romaneio item quantities linked to this item (CONTRACT.md 'Derived values'). */
  producaoComercializada: number;
  /** producaoEstimada - producaoComercializada. */
  saldoQtde: number;
  /** Whether the item has a field notebook. */
  temCaderno: boolean;
};

export type Boletim = {
  id: number;
  dataVisita: string;
  dataEmissao: string;
  /** The latest fimColheita of the items (null without items). */
  dataVigencia: string | null;
  produtorId: number;
  produtorNome: string;
  propriedadeId: number;
  propriedadeNome: string;
  propriedadeMunicipioNome: string;
  tecnicoId: number;
  tecnicoNome: string;
  itens: BoletimItem[];
};

/** A list row (no items). */
export type BoletimLinha = Omit<Boletim, 'itens'>;

/** GET boletim/saldo/{id}: one row per item, with the property's municipality. */
export type BoletimSaldo = {
  id: number;
  boletimId: number;
  produtoId: number;
  produtoNome: string;
  produtoEmbalagem: string;
  producaoEstimada: number;
  producaoComercializada: number;
  saldoQtde: number;
  inicioColheita: string;
  fimColheita: string;
  propriedadeNome: string;
  propriedadeMunicipioNome: string;
  produtorNome: string;
  dataEmissao: string;
  dataVigencia: string | null;
};

/**
 * Body of POST boletim/searchBoletim/{dir}/{field} (SPEC.md section 3): produtor, propriedade and
 * tecnico are an id (or the dropdown's option) or name text; dates match the whole day.
 */
export const boletimFiltro = z
  .object({
    id: z.union([z.string(), z.number()]).nullish(),
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
