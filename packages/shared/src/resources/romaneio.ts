import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, dataNaFaixa, idOpcional, referencia, decimalAte, filtroNumerico } from '../z';
import { idOuNome, idOuTexto } from './pessoa';
import { pedraRegistro } from './pedra';
import { declararRecurso } from '../recurso';
import { motivoSemMercado, type DiaDoCalendario } from './feriado';
import { formatDate } from '../format';
import { chavesNfe, chavesNoDia, nfeRegistro } from './nfe';
import { confirmarRomaneio } from './portaria';
import { produtoDoItem } from './produto';

/** docs/produto/funcionamento.md: a romaneio (and a shop) item holds at most 10000 kg, with 2 decimals. */
export const QUANTIDADE_MAXIMA = 10_000;

/** Year range of the romaneio's issue-date pickers (docs/produto/validacao.md): 1900 to next year. */
export const anosRomaneio = (ano = new Date().getFullYear()) => `1900:${ano + 1}`;

/** docs/produto/validacao.md: an issue date is required ('A Data da emissao é obrigatória'); the gate form needs at least one. */
export const DATA_EMISSAO_OBRIGATORIA = 'A Data da emissao é obrigatória';

/** An issue date: required, a real date, its year within the pickers' range (the gate form checks each date it adds with it). */
export const dataEmissaoRomaneio = dataNaFaixa(DATA_EMISSAO_OBRIGATORIA, 'A Data da emissao é inválida', 'A data de emissão', () => anosRomaneio());

/** An issue date (`dataEmissaoRomaneio`) that is also a market day (`motivoSemMercado`: the weekdays `dias`, the holidays and extra days of `calendario`): the gate form's date. */
export const dataEmissaoNosDias = (dias: readonly number[], calendario: readonly DiaDoCalendario[] = []) =>
  dataEmissaoRomaneio.superRefine((d, ctx) => {
    const motivo = typeof d === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(d) ? motivoSemMercado(d, dias, calendario) : null;
    if (motivo) ctx.addIssue({ code: 'custom', message: motivo });
  });

/** 'Quantidade zerado?' (docs/produto/dados.md): SIM when every linked bulletin item's balance is ≤ 0, PARCIAL when some are, NÃO when none. */
export const TIPOS_QUANTIDADE = ['SIM', 'PARCIAL', 'NÃO'] as const;
export type TipoQuantidade = (typeof TIPOS_QUANTIDADE)[number];

/** A quantity in kg: required, above 0, at most 10000, 2 decimals. */
export const quantidadeItem = z
  .number({ error: 'A quantidade é obrigatório' })
  .positive('A quantidade deve ser maior que 0')
  .max(QUANTIDADE_MAXIMA, 'A quantidade deve ser no máximo 10.000')
  .refine(...decimalAte(2));

/** One product entering the market: a producer's bulletin item harvestable on the issue date. */
export const romaneioItemInput = z.object({
  id: idOpcional.nullable(),
  produtoId: referencia('O produto é obrigatório', 'O produto deve ser selecionado', 'O produto deve estar na lista'),
  /** Shown in the form's table; ignored by the server. */
  produtoNome: z.string().nullish(),
  quantidade: quantidadeItem,
  /** The producer's bulletin item this quantity is taken from. */
  boletimItensId: referencia('O item do boletim é obrigatório', 'O item do boletim deve ser selecionado', 'O item do boletim deve estar na lista'),
});
export type RomaneioItemInput = z.input<typeof romaneioItemInput>;

/**
 * A stall booked for the romaneio's date: `{ pedrasId }` (docs/produto/dados.md), the stall's id, or a stall as
 * POST pedras/livres answers it (`{ id, numero }`: its `id` is the stall's only when there is no `pedrasId`).
 */
export const romaneioPedraInput = z
  .union([z.number(), z.object({ pedrasId: z.number(), ocupacao: z.string().nullish() }).loose(), z.object({ id: z.number(), numero: z.string() }).loose()], {
    error: 'A pedra deve estar na lista',
  })
  .transform((p) =>
    typeof p === 'number'
      ? { pedrasId: p, ocupacao: null }
      : 'pedrasId' in p
        ? { pedrasId: p.pedrasId, ocupacao: p.ocupacao ?? null }
        : { pedrasId: p.id, ocupacao: null },
  )
  .pipe(
    z.object({
      pedrasId: referencia('A pedra deve estar na lista'),
      /** 'avulsa': a casual occupation (underlined on the stall map); null: the producer's usual stall. */
      ocupacao: z.enum(['avulsa'], { error: "A ocupação deve ser 'avulsa' ou vazia" }).nullable(),
    }),
  );

/** A bulletin item is brought once per romaneio: the gate form refuses adding it twice, the server a body that repeats it. */
export const PRODUTO_JA_ADICIONADO = 'Este produto já foi adicionado';
/** The refinement of a romaneio's items (and of the gate form's): each bulletin item once, the repeat refused on its own row. */
export const itensSemRepeticao = (itens: readonly { boletimItensId: number }[], ctx: z.RefinementCtx) => {
  const vistos = new Set<number>();
  itens.forEach((i, n) => {
    if (vistos.has(i.boletimItensId)) ctx.addIssue({ code: 'custom', message: PRODUTO_JA_ADICIONADO, path: [n, 'boletimItensId'] });
    vistos.add(i.boletimItensId);
  });
};

/** docs/produto/validacao.md: the debt ('A divida é obrigatório'), a positive integer. */
export const dividaRomaneio = z
  .number({ error: 'A divida é obrigatório' })
  .int('A divida deve ser um número inteiro')
  .positive('A divida deve ser maior que 0');
/** docs/produto/validacao.md: the producer, required, positive ('O produtor deve ser selecionado'), integer. */
export const produtorRomaneio = referencia('O produtor é obrigatório', 'O produtor deve ser selecionado', 'O produtor deve ser selecionado');
/** A romaneio (and the gate form's batch) needs at least one product. */
export const ROMANEIO_SEM_ITENS = 'É obrigatório adicionar ao menos um produto.';

/** A romaneio naming an announced load (portal.ts) that does not exist. */
export const CHEGADA_NAO_EXISTE = 'A chegada anunciada deve estar na lista';

/** A correction's reason: required by PUT romaneio when items or stalls change; at most 500 characters. */
export const MOTIVO_OBRIGATORIO = 'Informe o motivo da correção';
export const motivoCorrecao = z
  .string({ error: 'O motivo deve ser um texto' })
  .trim()
  .max(500, 'O motivo deve ter no máximo 500 caracteres')
  .nullish()
  .transform((v) => v || null);

/**
 * One romaneio of POST romaneio's array (one per issue date; the array is the batch that owns the debt)
 * and of PUT romaneio. The producer comes as `pessoa: { id }` (docs/produto/api.md) or `pessoaId`.
 * With `dias` (the configured market days, what the server passes) the issue date must be one of them.
 */
export const romaneioInputNosDias = (dias?: readonly number[]) =>
  z.preprocess(
    (v) => {
      const r = v as { pessoaId?: unknown; pessoa?: { id?: unknown } | null } | null;
      return r && typeof r === 'object' && (r.pessoaId === undefined || r.pessoaId === null) && r.pessoa && typeof r.pessoa === 'object'
        ? { ...r, pessoaId: r.pessoa.id }
        : v;
    },
    z
      .object({
        id: idOpcional,
        versao: versaoEntrada,
        dataEmissao: dias ? dataEmissaoNosDias(dias) : dataEmissaoRomaneio,
        divida: dividaRomaneio,
        pessoaId: produtorRomaneio,
        pessoa: z.unknown().optional(),
        /** PUT romaneio: why the saved romaneio is corrected (kept in the audit log with the before and after). */
        motivo: motivoCorrecao,
        boletimId: z.number().int().positive().nullish(),
        pedras: z
          .array(romaneioPedraInput, { error: 'As pedras devem ser uma lista' })
          .max(252, 'Um romaneio pode ocupar no máximo 252 pedras')
          .nullish()
          .transform((v) => v ?? []),
        itens: z
          .array(romaneioItemInput, { error: 'Os itens devem ser uma lista' })
          .min(1, ROMANEIO_SEM_ITENS)
          .max(500, 'Um romaneio pode ter no máximo 500 itens')
          .superRefine(itensSemRepeticao),
        /** The producer's NF-e access keys (decision 0175): absent on a correction, the saved ones stay. */
        chavesNfe: chavesNfe.optional(),
        /** What the save confirms of what it would ask (portaria.ts): true, every question; a list, those codes. */
        confirmar: confirmarRomaneio,
        /**
         * POST: the load the producer announced in the portal that this romaneio receives (his, of this date, not yet
         * received; one romaneio per load). A correction keeps the saved one (decision 0298).
         */
        chegadaId: referencia(CHEGADA_NAO_EXISTE).nullish(),
      })
      .superRefine(chavesNoDia)
      .transform(({ pessoa: _pessoa, ...r }) => r),
  );
/** A romaneio's shape without the market-day check (the declaration's input; the routes then apply the market calendar, decision 0145). */
export const romaneioInput = romaneioInputNosDias();
export type RomaneioInput = z.input<typeof romaneioInput>;
/** A romaneio as the API's rules read it (the validated input). */
export type RomaneioDados = z.output<typeof romaneioInput>;

/** POST romaneio: the batch, one romaneio per issue date, saved in one transaction (all or none); with `dias`, each date a market day. */
export const romaneioLoteInputNosDias = (dias?: readonly number[]) =>
  z
    .array(romaneioInputNosDias(dias), { error: 'Envie uma lista de romaneios' })
    .min(1, 'Envie ao menos um romaneio')
    .max(31, 'Um lote pode ter no máximo 31 datas');
export const romaneioLoteInput = romaneioLoteInputNosDias();
/** One romaneio of POST romaneio's batch as a client sends it (the object the route validates, behind its `pessoa: { id }` step). */
export type RomaneioEntrada = z.input<(typeof romaneioInput)['out']>;

/** PUT romaneioitens/updateQtde and lojaitens/updateQtde: a quantity changed in place. */
export const quantidadeUpdate = z.object({
  id: referencia('O item é obrigatório', 'O item deve ser selecionado', 'O item deve estar na lista'),
  quantidade: quantidadeItem,
});
/** PUT romaneioitens/updateQtde: with the romaneio's `versao` the page loaded (a stale one is the 409 of decision 0085). */
export const quantidadeRomaneioUpdate = quantidadeUpdate.extend({ versao: versaoEntrada });

const dia = z.string();

export const romaneioItemRegistro = z.object({
  id: z.number().int(),
  romaneioId: z.number().int(),
  ...produtoDoItem.shape,
  quantidade: z.number(),
  boletimItensId: z.number().int().nullable(),
  boletimItensInicioColheita: dia.nullable(),
  boletimItensFimColheita: dia.nullable(),
  boletimItensBoletimPropriedadeNome: z.string().nullable(),
  boletimItensBoletimPropriedadeMunicipioNome: z.string().nullable(),
  /** The item's lot code, printed on its label (decision 0107): random for new items, 'romaneioIdRitemId' for older ones. */
  lote: z.string().optional(),
  /** Whether its bulletin item has a field notebook (the control sheet marks 'sem caderno' when not). */
  temCaderno: z.boolean().optional(),
});
export type RomaneioItem = z.infer<typeof romaneioItemRegistro>;

export const romaneioPedraRegistro = z.object({
  id: z.number().int(),
  romaneioId: z.number().int(),
  pedrasId: z.number().int(),
  pedrasNumero: z.string(),
  ocupacao: z.string().nullable(),
});
export type RomaneioPedra = z.infer<typeof romaneioPedraRegistro>;

/** A list row (docs/produto/telas.md: Código, Nome do Produtor, Data Emissão, Divida, 'Quantidade zerado?'). */
export const romaneioLinha = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  dataEmissao: dia,
  divida: z.number().int(),
  pessoaId: z.number().int(),
  produtorNome: z.string(),
  tipoQuantidade: z.enum(TIPOS_QUANTIDADE),
  /** The NF-e invoices of its keys, 'número/série' comma separated; null without a key. */
  notasFiscais: z.string().nullable().optional(),
});
export type RomaneioLinha = z.infer<typeof romaneioLinha>;

/** The romaneio's producer, as the entity and the lot page carry it. */
const produtorDoRomaneio = z.object({ id: z.number().int(), nome: z.string(), cpfcnpj: z.string() });

/** A romaneio as the API answers it (docs/produto/dados.md). */
export const romaneioRegistro = romaneioLinha.extend({
  pessoa: produtorDoRomaneio,
  boletimId: z.number().int().nullable(),
  pedras: z.array(romaneioPedraRegistro),
  itens: z.array(romaneioItemRegistro),
  /** The producer's NF-e access keys, in the order entered (the API always sends them). */
  chavesNfe: z.array(z.string()).optional(),
  /** The same keys, each with whether its issuer is the producer (false: saved after a confirmation). */
  nfe: z.array(nfeRegistro).optional(),
  /** The load announced in the portal this romaneio received (decision 0298); null for a walk-in load. */
  chegadaId: z.number().int().nullable().optional(),
});
export type Romaneio = z.infer<typeof romaneioRegistro>;

/** Body of POST pedras/livres: the issue dates (yyyy-mm-dd) a stall must be free on. */
export const pedrasLivresInput = z
  .array(data('A Data da emissao é obrigatória', 'A Data da emissao é inválida'), { error: 'Envie uma lista de datas' })
  .max(31, 'Um lote pode ter no máximo 31 datas');

/** A stall free on every date asked (POST pedras/livres), ordered by number. */
export const pedraLivre = pedraRegistro;
export type PedraLivre = z.infer<typeof pedraLivre>;

/** A chemical application as the withdrawal-period rule reads it (`AplicacaoCarencia` of carencia.ts). */
export const aplicacaoCarencia = z.object({
  nomeProduto: z.string().nullable(),
  data: z.string().nullable(),
  periodoCarencia: z.number().int().nullable(),
});

/** GET boletimitens/produtos/{pessoaId}: a producer's bulletin item, as the romaneio form offers it. */
export const boletimItemProduto = z.object({
  id: z.number().int(),
  boletimId: z.number().int(),
  ...produtoDoItem.shape,
  inicioColheita: dia,
  fimColheita: dia,
  /** The balance in kg: producaoEstimada - the kg of the romaneio items taken from it. */
  saldoQtde: z.number(),
  /**
   * The chemical applications of its field notebook (the gate form's withdrawal-period message, `carenciaNaoCumprida`);
   * null when it has no notebook.
   */
  aplicacoes: z.array(aplicacaoCarencia).nullable().optional(),
});
export type BoletimItemProduto = z.infer<typeof boletimItemProduto>;

/**
 * GET romaneio/produtores/municipios?ativosDesde=aaaa-mm-dd: the municipalities of each producer's bulletins
 * (those with a harvest ending on that day or later), so the gate's picker tells look-alike names apart.
 */
export const municipiosDoProdutor = z.object({ id: z.number().int(), municipios: z.string() });
export type MunicipiosDoProdutor = z.infer<typeof municipiosDoProdutor>;

/** Refusals of GET boletimitens/produtos/{pessoaId}?colheitaEm=… (decision 0125). */
export const COLHEITA_EM_MSG = {
  invalida: 'As datas de colheita devem ser datas válidas no formato aaaa-mm-dd, separadas por vírgula (até 31)',
} as const;

/** The most issue dates one romaneio form may ask the harvestable items of. */
export const COLHEITA_EM_MAX_DATAS = 31;

/**
 * GET boletimitens/produtos/{pessoaId}?colheitaEm=yyyy-mm-dd[,yyyy-mm-dd…] (decision 0125): only the items whose
 * harvest window (inicioColheita..fimColheita) contains at least one of the dates, the gate form's issue dates.
 * Without it, every item of every bulletin of the producer, as before.
 */
export const boletimItensProdutorQuery = z.object({
  colheitaEm: z
    .string({ error: COLHEITA_EM_MSG.invalida })
    .regex(new RegExp(`^\\d{4}-\\d{2}-\\d{2}(,\\d{4}-\\d{2}-\\d{2}){0,${COLHEITA_EM_MAX_DATAS - 1}}$`), COLHEITA_EM_MSG.invalida)
    .transform((v) => [...new Set(v.split(','))].sort())
    .refine((datas) => datas.every((d) => z.iso.date().safeParse(d).success), COLHEITA_EM_MSG.invalida)
    .optional(),
});
export type BoletimItensProdutorQuery = z.input<typeof boletimItensProdutorQuery>;

/** Whether a bulletin item may be brought on an issue date: its harvest window contains the date (yyyy-mm-dd strings). */
export const colheitaContem = (item: { inicioColheita: string; fimColheita: string }, dataEmissao: string) =>
  item.inicioColheita <= dataEmissao && dataEmissao <= item.fimColheita;

export const FORA_DA_COLHEITA = 'Data de emissão fora do período de colheita dos produtos!';
export const DIVIDA_EM_USO = 'Verifique se a dívida já não está cadastrada em outro romaneio';
/** The gate form: a product typed that the producer has no bulletin item of. */
export const PRODUTO_SEM_BOLETIM = 'Produto sem boletim de colheita para este produtor.';
/** POST romaneio under a debt its batch still holds (a day deleted and entered again): a date the batch already has. */
export const dataJaNaDivida = (dataIso: string) => `A dívida já tem um romaneio em ${formatDate(dataIso)}`;

/** Body of POST romaneio/searchRomaneio/{dir}/{field} (docs/produto/api.md). */
export const romaneioFiltro = z
  .object({
    id: filtroNumerico,
    produtor: idOuTexto,
    divida: filtroNumerico,
    produtoNome: z.string().nullish(),
    dataEmissao: z.string().nullish(),
    tipoQuantidade: z.enum(TIPOS_QUANTIDADE).nullish(),
    /** Romaneios with an NF-e key containing these digits. */
    chaveNfe: z.string().nullish(),
  })
  .transform(({ produtor, ...f }) => ({ ...f, ...idOuNome(produtor, 'produtorId', 'produtorNome') }));
export type RomaneioFiltro = z.input<typeof romaneioFiltro>;

/** Lot code (docs/produto/dados.md): romaneio id + 'R' + first item id, e.g. '57R203': the code of items saved before random codes (decision 0107). */
export const codigoDoLote = (romaneioId: number, primeiroItemId: number) => `${romaneioId}R${primeiroItemId}`;

/** The alphabet of random lot codes: digits and capitals without 0/O, 1/I (32 signs, 5 bits each). */
export const ALFABETO_LOTE = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
/** Length of a random lot code: 12 signs, 60 random bits (decision 0107). */
export const TAMANHO_LOTE = 12;
/** A random lot code as typed or scanned (a lowercase one is the same code), in its stored capitals; null when it is none. */
export function lerCodigoAleatorio(lote: string): string | null {
  const c = lote.toUpperCase();
  return c.length === TAMANHO_LOTE && [...c].every((x) => ALFABETO_LOTE.includes(x)) ? c : null;
}
/**
 * The two ids of a lot code, or null when it is malformed: each id in digits only, without a sign,
 * spaces or leading zeros, like every id of a path (decision 0076).
 */
export function lerCodigoDoLote(lote: string): { romaneioId: number; itemId: number } | null {
  const m = /^([1-9]\d{0,8})R([1-9]\d{0,8})$/i.exec(lote);
  return m ? { romaneioId: Number(m[1]), itemId: Number(m[2]) } : null;
}

/**
 * GET romaneio/lote/{lote} (public, no token): what the label's QR code opens (docs/produto/telas.md 'Public lot page'): the
 * card's fields, and the romaneio's entity fields (docs/produto/dados.md) narrowed to the lot's one item.
 */
export const loteRegistro = z.object({
  lote: z.string(),
  /** The romaneio's id. */
  id: z.number().int(),
  /** The producer without its id (no person id in a public answer; decision 0105), its CPF masked (`cpfcnpjPublico`). */
  pessoa: produtorDoRomaneio.omit({ id: true }),
  itens: z.array(
    romaneioItemRegistro.pick({
      id: true,
      romaneioId: true,
      produtoId: true,
      produtoNome: true,
      produtoEmbalagem: true,
      produtoPesoEmKg: true,
      quantidade: true,
      boletimItensBoletimPropriedadeNome: true,
      boletimItensBoletimPropriedadeMunicipioNome: true,
    }),
  ),
  /** The lot's product, without its id. */
  ...produtoDoItem.omit({ produtoId: true }).shape,
  /** The lot's quantity: packages of produtoEmbalagem. */
  quantidade: z.number().optional(),
  produtorNome: z.string(),
  /** A CPF masked as '***.456.789-**', a CNPJ whole (`cpfcnpjPublico`; LGPD, decision 0105). */
  cpfcnpj: z.string(),
  propriedadeNome: z.string().nullable(),
  municipioNome: z.string().nullable(),
  /** The commerce date (the romaneio's issue date), yyyy-mm-dd: the day it was sold from `pedras`. */
  dataEmissao: dia,
  /** The market (settings' destinoLote). */
  destino: z.string(),
  /** The harvest window of the bulletin item it was taken from (yyyy-mm-dd; null without one). */
  inicioColheita: dia.nullable(),
  fimColheita: dia.nullable(),
  /** The numbers of the stalls it was sold from on `dataEmissao` (empty: sold without a stall). */
  pedras: z.array(z.string()),
  /** true: every chemical application of its notebook had ended its withdrawal period on `dataEmissao`; false: not; null: no notebook. */
  carenciaRespeitada: z.boolean().nullable(),
  /** The load's latest residue analysis (decision 0187): 'em_analise' pending, 'retido' non-conforming, 'liberado' conforming; absent without one. */
  situacao: z.enum(['em_analise', 'retido', 'liberado']).optional(),
});
export type Lote = z.infer<typeof loteRegistro>;

/** Romaneios (route name 'romaneio'): what each producer brings on a market day. */
export const romaneioRecurso = declararRecurso({
  rota: 'romaneio',
  nome: { singular: 'Romaneio', plural: 'Romaneios', genero: 'm' },
  icone: 'pi pi-truck',
  api: { linha: romaneioLinha, registro: romaneioRegistro, entrada: romaneioInput, filtro: romaneioFiltro },
  // The newest first (issue date, then id): the gate looks at today's romaneios, not last year's.
  ordem: { campo: 'dataEmissao', dir: 'desc' },
});
