import { z } from 'zod';

export const OFERTA_MSG = {
  inicioObrigatorio: 'A data de início é obrigatória (aaaa-mm-dd)',
  inicioInvalido: 'A data de início é inválida (aaaa-mm-dd)',
  inicioSegunda: 'A data de início deve ser uma segunda-feira',
  semanasInvalidas: 'O número de semanas deve ser um inteiro de 1 a 26',
} as const;

export const OFERTA_MAX_SEMANAS = 26;

/** 'yyyy-mm-dd' is a Monday (calendar date, no time zone). */
export const ehSegunda = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay() === 1;
};

/** GET oferta/previsao: `semanas` weeks from `inicio` (a Monday). */
export const ofertaPrevisaoQuery = z.object({
  inicio: z.iso
    .date({ error: (iss) => (iss.input === undefined || iss.input === '' ? OFERTA_MSG.inicioObrigatorio : OFERTA_MSG.inicioInvalido) })
    .refine(ehSegunda, OFERTA_MSG.inicioSegunda),
  semanas: z
    .string({ error: OFERTA_MSG.semanasInvalidas })
    .regex(/^[1-9][0-9]?$/, OFERTA_MSG.semanasInvalidas)
    .transform(Number)
    .refine((n) => n <= OFERTA_MAX_SEMANAS, OFERTA_MSG.semanasInvalidas)
    .default(8),
});

/** One product in one week: the kg the bulletins still expect, and the kg that arrived in the same week a year earlier. */
export const ofertaPrevisaoLinha = z.object({
  produtoId: z.number().int(),
  produtoNome: z.string(),
  /** The week's Monday, yyyy-mm-dd. */
  semana: z.string(),
  previstoKg: z.number(),
  chegadoAnoAnteriorKg: z.number(),
});
export type OfertaPrevisaoLinha = z.infer<typeof ofertaPrevisaoLinha>;
