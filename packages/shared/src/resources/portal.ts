import { z } from 'zod';
import { arredondar } from '../dinheiro';
import { formatDate } from '../format';
import { carenciaNaoCumprida } from './carencia';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, inteiroDoCaminho, referencia } from '../z';
import { senhaNova } from './auth';
import { chavesNfe, chavesNoDia } from './nfe';
import { confirmarRomaneio } from './portaria';
import { type BoletimItemProduto, CHEGADA_NAO_EXISTE, colheitaContem, quantidadeItem, ROMANEIO_SEM_ITENS } from './romaneio';

/**
 * The producers' portal (docs/produto/portal.md): what its API reads and writes, shared by the server, the
 * portal's pages and the gate's 'Usar a chegada'.
 */

/** gov.br's reliability levels, weakest first (its ID token says bronze, silver, gold; the portal speaks Portuguese). */
export const NIVEIS_GOVBR = ['bronze', 'prata', 'ouro'] as const;
export type NivelGovbr = (typeof NIVEIS_GOVBR)[number];

/** The kinds of news the portal sends (each unsubscribed on its own). */
export const TIPOS_DE_AVISO = ['inspecao', 'suspensao', 'chegada', 'carencia'] as const;
export type TipoDeAviso = (typeof TIPOS_DE_AVISO)[number];

/** An announced load's situation: received once a romaneio names it. */
export const SITUACOES_DA_CHEGADA = ['anunciada', 'recebida'] as const;
export type SituacaoDaChegada = (typeof SITUACOES_DA_CHEGADA)[number];

const emailDoConvite = z
  .string({ error: 'O e-mail é obrigatório' })
  .trim()
  .min(1, 'O e-mail é obrigatório')
  .max(254, 'O e-mail deve ter no máximo 254 caracteres')
  .pipe(z.email('O e-mail inserido é inválido'));

/** POST /api/portal/convites: the desk invites a person (a producer) to the portal. */
export const conviteInput = z.object({
  pessoaId: referencia('A pessoa é obrigatória', 'A pessoa deve ser selecionada', 'A pessoa deve estar na lista'),
  email: emailDoConvite,
});
export type ConviteInput = z.input<typeof conviteInput>;

/** POST /api/portal/convites/aceitar: the producer opens the mailed link and chooses his password. */
export const aceitarConviteInput = z.object({
  token: z.string({ error: 'O convite é inválido ou expirou.' }).min(1, 'O convite é inválido ou expirou.').max(200, 'O convite é inválido ou expirou.'),
  senha: senhaNova,
});
export type AceitarConviteInput = z.input<typeof aceitarConviteInput>;

/**
 * One product of an announced load: the product and its kg (the same limits as a romaneio's item: above 0, at most
 * 10.000, 2 decimals). The gate's 'Usar a chegada' turns the kg into packages of the product's embalagem (decision 0298).
 */
export const chegadaItemInput = z.object({
  produtoId: referencia('O produto é obrigatório', 'O produto deve ser selecionado', 'O produto deve estar na lista'),
  quantidade: quantidadeItem,
});
export type ChegadaItemInput = z.input<typeof chegadaItemInput>;

export const CHEGADA_PRODUTO_REPETIDO = 'Este produto já foi adicionado';

/**
 * POST /api/portal/chegadas (and PUT /api/portal/chegadas/{id}, with `versao`): a load announced for a market
 * day, checked by the gate's rules (the server adds the day's limits: PORTAL_DIAS_ANTECEDENCIA).
 */
export const chegadaInput = z
  .object({
    versao: versaoEntrada,
    data: data('A data da chegada é obrigatória', 'A data da chegada é inválida'),
    itens: z
      .array(chegadaItemInput, { error: 'Os itens devem ser uma lista' })
      .min(1, ROMANEIO_SEM_ITENS)
      .max(50, 'Uma chegada pode ter no máximo 50 produtos')
      .superRefine((itens, ctx) => {
        const vistos = new Set<number>();
        itens.forEach((i, n) => {
          if (vistos.has(i.produtoId)) ctx.addIssue({ code: 'custom', message: CHEGADA_PRODUTO_REPETIDO, path: [n, 'produtoId'] });
          vistos.add(i.produtoId);
        });
      }),
    chavesNfe: chavesNfe.optional().transform((v) => v ?? []),
    observacao: z
      .string({ error: 'A observação deve ser um texto' })
      .trim()
      .max(500, 'A observação deve ter no máximo 500 caracteres')
      .nullish()
      .transform((v) => v || null),
    /** What the producer confirms of what the gate would ask (the romaneio's codes). */
    confirmar: confirmarRomaneio,
  })
  .superRefine((c, ctx) => chavesNoDia({ dataEmissao: c.data, chavesNfe: c.chavesNfe }, ctx));
export type ChegadaInput = z.input<typeof chegadaInput>;
export type ChegadaDados = z.output<typeof chegadaInput>;

/** The refusals and notices of announced loads (docs/produto/portal.md, decision 0298). */
export const CHEGADA_MSG = {
  naoEncontrada: 'Chegada não encontrada',
  /** PUT or DELETE of a load a romaneio names. */
  recebida: 'Esta chegada já foi recebida na portaria e não pode ser alterada.',
  /** PUT without the `versao` the form loaded. */
  versao: 'A versão da chegada é obrigatória: recarregue a chegada e salve de novo.',
  /** The staff's list (GET /api/portal/chegadas) needs the day. */
  dataObrigatoria: 'A data é obrigatória',
  /** POST romaneio naming a load that does not exist. */
  naoExiste: CHEGADA_NAO_EXISTE,
  outroProdutor: 'A chegada anunciada é de outro produtor.',
} as const;

/** A load announced for a day out of today..today+PORTAL_DIAS_ANTECEDENCIA (dates yyyy-mm-dd). */
export const chegadaForaDaJanela = (de: string, ate: string) =>
  de === ate
    ? `A chegada só pode ser anunciada para hoje (${formatDate(de)}).`
    : `A chegada deve ser anunciada para um dia de ${formatDate(de)} a ${formatDate(ate)}.`;
/** POST romaneio naming a load of another day. */
export const chegadaDeOutroDia = (dataDaChegada: string) => `A chegada anunciada é de ${formatDate(dataDaChegada)}, não da data deste romaneio.`;
/** POST romaneio naming a load already received. */
export const chegadaJaRecebida = (romaneioId: number) => `Esta chegada já foi recebida (romaneio ${romaneioId}).`;

/**
 * GET /api/portal/chegadas: a producer's own loads (his newest 100, or one day's with `data`), or, for staff who may see
 * romaneios, the day's loads (`data` required) of every producer or of one (`pessoaId`). A producer naming another
 * producer is answered 404.
 */
export const chegadasQuery = z.object({
  data: data(CHEGADA_MSG.dataObrigatoria, 'A data é inválida').optional(),
  pessoaId: inteiroDoCaminho('Produtor inválido').optional(),
});
export type ChegadasQuery = z.input<typeof chegadasQuery>;

/** The most loads a producer's own list answers (newest first). */
export const CHEGADAS_DO_PRODUTOR_MAX = 100;

/** An announced load as the portal and the desk read it. */
export const chegadaRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  pessoaId: z.number().int(),
  pessoaNome: z.string(),
  data: z.string(),
  /** Each product and its kg. */
  itens: z.array(z.object({ produtoId: z.number().int(), produtoNome: z.string(), quantidade: z.number() })),
  chavesNfe: z.array(z.string()),
  observacao: z.string().nullable(),
  /** 'recebida' once a romaneio names it (read from that romaneio, never stored apart). */
  situacao: z.enum(SITUACOES_DA_CHEGADA),
  /** The romaneio that received it, once received. */
  romaneioId: z.number().int().nullable(),
  criadaEm: z.string(),
});
export type ChegadaRegistro = z.infer<typeof chegadaRegistro>;

const maiorSaldo = (l: readonly BoletimItemProduto[]) =>
  l.reduce<BoletimItemProduto | undefined>((a, b) => (!a || b.saldoQtde > a.saldoQtde ? b : a), undefined);

/**
 * The producer's bulletin item an announced product is taken from on `data` (decision 0298), the same for the
 * server's rules and the gate's 'Usar a chegada': of those harvestable that day and past every withdrawal period, the
 * one with the largest balance; else a harvestable one (its withdrawal period refuses it), else any of the product (out
 * of its harvest window); none: the producer has no bulletin item of it.
 */
export function itemDaChegada(itensDoProdutor: readonly BoletimItemProduto[], produtoId: number, data: string): BoletimItemProduto | undefined {
  const doProduto = itensDoProdutor.filter((i) => i.produtoId === produtoId);
  const colhiveis = doProduto.filter((i) => colheitaContem(i, data));
  const liberados = colhiveis.filter((i) => !carenciaNaoCumprida(i.aplicacoes, data));
  return maiorSaldo(liberados) ?? maiorSaldo(colhiveis) ?? maiorSaldo(doProduto);
}

/** An announced product's kg as packages of its embalagem (a package weighs `pesoEmKg`), rounded half-up to 2 decimals. */
export const embalagensDaChegada = (kg: number, pesoEmKg: number | null | undefined) => arredondar(kg / (pesoEmKg || 1), 2);

/*
 * Accounts, sessions, invitations and gov.br (docs/decisions/0297-portal-contas-e-govbr.md).
 */

/** A staff account at the portal's sign-in (its password was right). */
export const MSG_CONTA_DA_EQUIPE = 'Esta conta é da equipe do mercado: entre em /login.';
/** A portal account at the staff's sign-in (its password was right). */
export const MSG_CONTA_DO_PORTAL = 'Esta conta é do portal do produtor: entre em /portal.';
export const MSG_GOVBR_DESLIGADO = 'A entrada com gov.br não está configurada neste mercado.';
export const MSG_PESSOA_TEM_CONTA = 'Esta pessoa já tem conta no portal.';
export const MSG_EMAIL_DE_OUTRA_CONTA = 'Este e-mail já é de outra conta.';
export const MSG_PESSOA_ANONIMIZADA = 'Esta pessoa foi anonimizada: ela não pode ter conta no portal.';
// The texts the portal's light page shows too live without zod (decision 0300): the invitation's refusal, how each
// gov.br level is written, gov.br's refusal codes and their messages.
export { CODIGOS_GOVBR, MENSAGENS_GOVBR, MSG_CONVITE_INVALIDO, NOME_DO_NIVEL, type CodigoGovbr } from '../portal-textos';

/**
 * gov.br's reliability level as its ID token says it (`reliability_info.level`): bronze, silver or gold (prata and
 * ouro are read too); missing or unknown, bronze, the weakest.
 */
export function lerNivelGovbr(v: unknown): NivelGovbr {
  const n = typeof v === 'string' ? v.trim().toLowerCase() : '';
  if (n === 'gold' || n === 'ouro') return 'ouro';
  if (n === 'silver' || n === 'prata') return 'prata';
  return 'bronze';
}

/** Whether `nivel` reaches `minimo` (bronze < prata < ouro). */
export const nivelBasta = (nivel: NivelGovbr, minimo: NivelGovbr) => NIVEIS_GOVBR.indexOf(nivel) >= NIVEIS_GOVBR.indexOf(minimo);

/** GET /api/portal/config: what the portal's page needs before anyone signs in. */
export const portalConfigResposta = z.object({
  govbr: z.boolean(),
  nivelMinimo: z.enum(NIVEIS_GOVBR),
  diasAntecedencia: z.number().int(),
});
export type PortalConfig = z.infer<typeof portalConfigResposta>;

/** POST /api/portal/convites: the invitation made (its link went by e-mail only). */
export const conviteResposta = z.object({ id: z.string(), pessoaId: z.number().int(), email: z.string(), expiraEm: z.string() });
export type ConviteCriado = z.infer<typeof conviteResposta>;

/** How a portal account was made: by accepting an invitation, or at its first gov.br sign-in. */
export const ORIGENS_DA_CONTA = ['convite', 'govbr'] as const;

/** GET /api/portal/convites?pessoaId=: the person's portal account (if any) and his invitations, newest first. */
export const portalDaPessoaResposta = z.object({
  conta: z.object({ email: z.string(), origem: z.enum(ORIGENS_DA_CONTA), ativo: z.boolean(), criadaEm: z.string() }).nullable(),
  convites: z.array(z.object({ id: z.string(), email: z.string(), criadoEm: z.string(), expiraEm: z.string(), aceitoEm: z.string().nullable() })),
});
export type PortalDaPessoa = z.infer<typeof portalDaPessoaResposta>;
