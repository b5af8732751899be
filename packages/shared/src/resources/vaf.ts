import { z } from 'zod';
import { data, MSG_PERIODO_LONGO, periodoNoMaximo } from '../z';
import { declararRecurso } from '../recurso';

export const VAF_MSG = {
  dataInicialObrigatoria: 'A data inicial é obrigatória',
  dataInicialInvalida: 'A data inicial é inválida',
  dataFinalObrigatoria: 'A data final é obrigatória',
  dataFinalInvalida: 'A data final é inválida',
  periodoInvalido: 'A data inicial não pode ser posterior à data final',
  nenhumMovimento: 'Nenhum movimento encontrado',
} as const;

/** Body of POST precos/vaf: the period, both ends included. */
export const vafInput = z
  .object({
    dataInicial: data(VAF_MSG.dataInicialObrigatoria, VAF_MSG.dataInicialInvalida),
    dataFinal: data(VAF_MSG.dataFinalObrigatoria, VAF_MSG.dataFinalInvalida),
  })
  .refine((v) => v.dataInicial <= v.dataFinal, {
    message: VAF_MSG.periodoInvalido,
    path: ['dataFinal'],
    // only once both dates are valid
    when: (payload) => payload.issues.length === 0,
  })
  .refine((v) => periodoNoMaximo(v.dataInicial, v.dataFinal), {
    message: MSG_PERIODO_LONGO,
    path: ['dataFinal'],
    when: (payload) => payload.issues.length === 0,
  });
export type VafInput = z.input<typeof vafInput>;

/**
 * One VAF row per product and municipality of origin: total kg moved in the period
 * (quantity × pesoEmKg) and the product's average price in the period (null when none).
 */
export type VafRow = {
  id: number;
  nome: string;
  unPadrao: string;
  valorUn: number | null;
  municipio: string | null;
  total: number;
};

/** The VAF report: a menu entry and a page; its one call (POST precos/vaf) is not a list. */
export const vafRecurso = declararRecurso({
  rota: 'vaf',
  nome: { singular: 'VAF', plural: 'VAF', genero: 'm' },
  icone: 'pi pi-chart-bar',
});
