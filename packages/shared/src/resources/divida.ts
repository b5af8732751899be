import { z } from 'zod';

/** Debt lookup (GET romaneio/divida/{numero}, estacionamento/divida/{numero}). */
export type DividaConsulta = { nomeContribuinte: string; valorPgto: number };

export const DIVIDA_NAO_ENCONTRADA = 'Dívida não encontrada...';

export const numeroDividaParam = z.object({
  numero: z
    .string()
    .regex(/^\d{1,15}$/, 'O número da dívida deve conter apenas dígitos')
    .transform(Number),
});
