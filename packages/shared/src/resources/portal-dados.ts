import { z } from 'zod';
import { pageQuery, tamanhoDaPagina } from '../paging';
import { inteiroDoCaminho } from '../z';
import { RESULTADOS_INSPECAO, SITUACOES_DO_LOTE, suspensao, TIPOS_INSPECAO } from './inspecao';
import { NIVEIS_GOVBR } from './portal';
import { produtoDaLinha } from './produto';
import { aplicacaoCarencia } from './romaneio';

/**
 * What the producer reads in the portal (docs/produto/portal.md 'What the producer reads'): his own records only,
 * read by the person his portal account is bound to. A producer naming another producer (a path's id, a `pessoaId`
 * filter) is answered 404. Lists are bounded (the newest N) or paged, as each says (decision 0298).
 */

/** The 404 of a producer naming another producer's id in a filter. */
export const PORTAL_OUTRO_PRODUTOR = 'Produtor não encontrado';

/** Every read route's filter: `pessoaId`, accepted only when it is the producer's own. */
export const portalQuery = z.object({ pessoaId: inteiroDoCaminho('Produtor inválido').optional() });

/** The most records the bounded lists answer, newest first. */
export const PORTAL_LIMITES = { boletins: 50, cadernos: 50, inspecoes: 200, pedras: 200, diasDePedras: 60, romaneiosPorPagina: 100 } as const;

/** GET /api/portal/romaneios: his romaneios, newest first, paged (`page` from 0, `size` up to 100). */
export const portalRomaneiosQuery = portalQuery.extend({
  page: pageQuery.shape.page,
  size: tamanhoDaPagina(PORTAL_LIMITES.romaneiosPorPagina),
});

/** A suspension of the producer by a residue analysis, from its collection day to its last day (without the staff's ids). */
export const portalSuspensao = suspensao.pick({ inicio: true, fim: true, principioAtivo: true });

/** GET /api/portal/eu: his person record (the CPF masked as staff see it at the gate), his account and a running suspension. */
export const portalEu = z.object({
  pessoa: z.object({
    id: z.number().int(),
    nome: z.string(),
    /** A CPF masked '***.456.789-**' (a CNPJ whole), as the gate and the labels show it. */
    cpfcnpj: z.string(),
    celular: z.string().nullable(),
    tipoDescricao: z.string(),
    /** The producer's card's last day (yyyy-mm-dd), or null. */
    carteiraValidaAte: z.string().nullable(),
    temFoto: z.boolean(),
  }),
  conta: z.object({
    email: z.string(),
    /** How the account signs in: bound to gov.br, or with the e-mail and password of an invitation. */
    entrada: z.enum(['govbr', 'senha']),
    /** The gov.br reliability level last seen; null when unknown (an invitation's account). */
    nivelGovbr: z.enum(NIVEIS_GOVBR).nullable(),
  }),
  /** The suspension in force today (the one that ends last), or null. */
  suspensao: portalSuspensao.nullable(),
});
export type PortalEu = z.infer<typeof portalEu>;

/** One of his romaneios: its items with their lot code and the lot page's address (the labels' QR). */
export const portalRomaneio = z.object({
  id: z.number().int(),
  dataEmissao: z.string(),
  divida: z.number(),
  /** The announced load it received, or null. */
  chegadaId: z.number().int().nullable(),
  pedras: z.array(z.string()),
  chavesNfe: z.array(z.string()),
  itens: z.array(
    z.object({
      id: z.number().int(),
      ...produtoDaLinha.shape,
      /** Packages of produtoEmbalagem. */
      quantidade: z.number(),
      kg: z.number(),
      lote: z.string(),
      /** The lot page (QR_HOST or PUBLIC_URL, never the request's host). */
      linkDoLote: z.string(),
      propriedadeNome: z.string().nullable(),
      municipioNome: z.string().nullable(),
    }),
  ),
});
export type PortalRomaneio = z.infer<typeof portalRomaneio>;

/** One of his harvest bulletins: each item's estimate, what was sold from it and its balance, in kg. */
export const portalBoletim = z.object({
  id: z.number().int(),
  dataEmissao: z.string(),
  dataVisita: z.string(),
  /** The last harvest day of its items. */
  dataVigencia: z.string().nullable(),
  propriedadeNome: z.string(),
  municipioNome: z.string(),
  tecnicoNome: z.string(),
  itens: z.array(
    z.object({
      id: z.number().int(),
      ...produtoDaLinha.shape,
      inicioColheita: z.string(),
      fimColheita: z.string(),
      producaoEstimada: z.number(),
      producaoComercializada: z.number(),
      saldoQtde: z.number(),
      temCaderno: z.boolean(),
    }),
  ),
});
export type PortalBoletim = z.infer<typeof portalBoletim>;

/** One of his field notebooks: each chemical application's withdrawal period and the first day it allows selling. */
export const portalCaderno = z.object({
  id: z.number().int(),
  boletimId: z.number().int(),
  boletimItemId: z.number().int(),
  produtoNome: z.string(),
  propriedadeNome: z.string(),
  dataPlantio: z.string().nullable(),
  dataColheita: z.string().nullable(),
  aplicacoes: z.array(
    aplicacaoCarencia.extend({
      /** The first day the produce may be sold (data + periodoCarencia), or null. */
      fimCarencia: z.string().nullable(),
    }),
  ),
  /** The notebook's last fimCarencia, or null. */
  fimCarencia: z.string().nullable(),
  /** Today is before fimCarencia: its produce may not be sold yet. */
  emCarencia: z.boolean(),
});
export type PortalCaderno = z.infer<typeof portalCaderno>;

/** A lot of one of his loads, with its residue situation (retido: held). */
export const portalLote = z.object({ lote: z.string(), produtoNome: z.string(), romaneioId: z.number().int(), dataEmissao: z.string() });

/** GET /api/portal/inspecoes: his inspections (newest collection first), the lots held and a running suspension. */
export const portalInspecoes = z.object({
  suspensao: portalSuspensao.nullable(),
  inspecoes: z.array(
    z.object({
      id: z.number().int(),
      romaneioId: z.number().int(),
      dataEmissao: z.string(),
      tipo: z.enum(TIPOS_INSPECAO),
      coletaEm: z.string(),
      resultado: z.enum(RESULTADOS_INSPECAO).nullable(),
      principioAtivo: z.string().nullable(),
      suspensoAte: z.string().nullable(),
      /** The load's lots' situation from its latest residue result; null without one. */
      situacao: z.enum(SITUACOES_DO_LOTE).nullable(),
      lotes: z.array(z.string()),
    }),
  ),
  /** The lots of his loads whose latest residue result is non-conforming. */
  lotesRetidos: z.array(portalLote),
});
export type PortalInspecoes = z.infer<typeof portalInspecoes>;

/** GET /api/portal/pedras: the stalls booked for his romaneios from 60 days ago on, newest day first. */
export const portalPedra = z.object({
  data: z.string(),
  numero: z.string(),
  /** 'avulsa': a casual occupation; null: his usual stall. */
  ocupacao: z.string().nullable(),
  romaneioId: z.number().int(),
});
export type PortalPedra = z.infer<typeof portalPedra>;
