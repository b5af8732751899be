import { z } from 'zod';
import {
  colheitaContem,
  DATA_EMISSAO_OBRIGATORIA,
  dataEmissaoRomaneio,
  dividaRomaneio,
  FORA_DA_COLHEITA,
  formatDate,
  itensSemRepeticao,
  produtorRomaneio,
  quantidadeItem,
  ROMANEIO_SEM_ITENS,
  type RomaneioEntrada,
} from '@ceasa/shared';

/** An item in the form: the bulletin item it comes from (with its harvest window, to split it by date) and the quantity. */
export const itemForm = z.object({
  id: z.number().nullish(),
  boletimItensId: z.number(),
  produtoId: z.number(),
  produtoNome: z.string(),
  produtoEmbalagem: z.string(),
  inicioColheita: z.string(),
  fimColheita: z.string(),
  quantidade: quantidadeItem,
});
export type ItemForm = z.infer<typeof itemForm>;
/** The new item as the clerk types it (the items field's draft): the bulletin item picked (none yet) and the quantity's text. */
export type NovoItemForm = { boletimItensId: number | null; quantidade: string };

/** The form: one or more issue dates (one romaneio each), debt, producer, stalls and the items; the rules and messages of `romaneioInput`. */
export const formSchema = z
  .object({
    datas: z.array(dataEmissaoRomaneio).min(1, DATA_EMISSAO_OBRIGATORIA),
    divida: dividaRomaneio,
    pessoaId: produtorRomaneio,
    pedras: z.array(z.number()),
    avulsa: z.boolean(),
    itens: z.array(itemForm).min(1, ROMANEIO_SEM_ITENS).superRefine(itensSemRepeticao),
    /** The producer's NF-e keys (campo-chaves-nfe.tsx checks each one as it is added). */
    chavesNfe: z.array(z.string()).optional(),
    /** The load the producer announced in the portal, used by 'Usar a chegada' (secao-chegada.tsx; decision 0298). */
    chegadaId: z.number().nullish(),
  })
  .superRefine((v, ctx) => {
    // Every date gets at least one item harvestable on it.
    const sem = v.datas.filter((d) => !v.itens.some((i) => colheitaContem(i, d)));
    if (v.itens.length && sem.length) ctx.addIssue({ code: 'custom', path: ['datas'], message: `${FORA_DA_COLHEITA} (${sem.map(formatDate).join(', ')})` });
  });
export type RomaneioForm = z.input<typeof formSchema>;

/**
 * POST romaneio's body from the form: one romaneio per issue date (in date order), each with only the
 * items whose harvest window contains that date, all with the debt, producer and stalls chosen. The NF-e keys
 * go with the first date's romaneio (the load that arrives now; another day's keys are added by a correction), and so
 * does the announced load it receives ('Usar a chegada' is offered for a single date).
 */
export function loteDoFormulario(v: RomaneioForm): RomaneioEntrada[] {
  return [...v.datas].sort().map((d, k) => ({
    ...(v.chavesNfe?.length ? { chavesNfe: k === 0 ? v.chavesNfe : [] } : {}),
    ...(v.chegadaId && k === 0 ? { chegadaId: v.chegadaId } : {}),
    dataEmissao: d,
    divida: v.divida,
    pessoaId: v.pessoaId,
    pedras: v.pedras.map((pedrasId) => ({ pedrasId, ocupacao: v.avulsa ? ('avulsa' as const) : null })),
    itens: v.itens
      .filter((i) => colheitaContem(i, d))
      .map((i) => ({ produtoId: i.produtoId, produtoNome: i.produtoNome, quantidade: i.quantidade, boletimItensId: i.boletimItensId })),
  }));
}
