import { z } from 'zod';
import { pageQuery, tamanhoDaPagina } from '../paging';
import { TITULAR_MSG } from '../privacidade';
import { pageSchema } from '../recurso';
import { ROTULOS_DOS_AVISOS } from '../portal-textos';
import { TIPOS_DE_AVISO, type TipoDeAviso } from './portal';

/**
 * The producer's news in the portal (docs/produto/portal.md, 'News' and 'His data'; decision 0299): the list, the
 * e-mail preferences per kind, and the correction request of 'Meus dados'.
 */

// What each kind of news is called (the preferences, the e-mail's unsubscribe line, the unsubscribe page) lives
// without zod, for the portal's light page too (decision 0300).
export { ROTULOS_DOS_AVISOS };

/** A notice as the portal lists it. */
export const avisoDoProdutor = z.object({
  id: z.number().int(),
  tipo: z.enum(TIPOS_DE_AVISO),
  titulo: z.string(),
  texto: z.string(),
  criadoEm: z.string(),
});
export type AvisoDoProdutor = z.infer<typeof avisoDoProdutor>;

/** GET /api/portal/avisos: newest first, paged (at most 100 a page). */
export const AVISOS_POR_PAGINA_MAX = 100;
export const avisosQuery = z.object({
  page: pageQuery.shape.page,
  size: tamanhoDaPagina(AVISOS_POR_PAGINA_MAX),
});
export const paginaDeAvisos = pageSchema(avisoDoProdutor);

const recebe = (tipo: TipoDeAviso) => z.boolean({ error: `Diga se quer receber por e-mail os avisos de ${ROTULOS_DOS_AVISOS[tipo]} (true ou false)` });

/** GET/PUT /api/portal/avisos/preferencias: true for each kind mailed to him (every kind stays listed in the portal). */
export const preferenciasDeAvisos = z.object({
  inspecao: recebe('inspecao'),
  suspensao: recebe('suspensao'),
  chegada: recebe('chegada'),
  carencia: recebe('carencia'),
});
export type PreferenciasDeAvisos = z.infer<typeof preferenciasDeAvisos>;

/** Correction requests one producer may open a day from the portal (each is the encarregado's work). */
export const CORRECOES_POR_DIA = 3;

export const CORRECAO_MSG = {
  texto: 'Descreva o que deve ser corrigido.',
  textoLongo: TITULAR_MSG.texto,
  muitas: `Você já fez ${CORRECOES_POR_DIA} pedidos de correção hoje. O encarregado responde a cada um; tente de novo amanhã se faltar algo.`,
  registrada: (prazo: string) => `Pedido de correção registrado. O encarregado responde por e-mail até ${prazo}.`,
} as const;

/** POST /api/portal/correcao: what the producer says must be corrected in his data. */
export const correcaoInput = z.object({
  texto: z.string({ error: CORRECAO_MSG.texto }).trim().min(1, CORRECAO_MSG.texto).max(2000, CORRECAO_MSG.textoLongo),
});
export type CorrecaoInput = z.input<typeof correcaoInput>;

export const correcaoRegistrada = z.object({ id: z.number().int(), prazo: z.string(), message: z.string() });
