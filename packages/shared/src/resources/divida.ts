import { z } from 'zod';
import { inteiroDoCaminho } from '../z';

/** The largest debt number (15 digits, as the tax system's export has them). */
const DIVIDA_NUMERO_MAXIMO = 999_999_999_999_999;

/** Debt lookup (GET romaneio/divida/{numero}, estacionamento/divida/{numero}). */
export type DividaConsulta = { nomeContribuinte: string; valorPgto: number };

export const DIVIDA_NAO_ENCONTRADA = 'Dívida não encontrada...';

/**
 * A debt number in a path: digits only ('O número da dívida deve conter apenas dígitos'), then, like
 * every numeric path parameter, a positive decimal without leading zeros of up to 15 digits (what the
 * tax system's export holds), else 'Número da dívida inválido'.
 */
export const numeroDividaParam = z.object({
  numero: z.string().regex(/^\d+$/, 'O número da dívida deve conter apenas dígitos').pipe(inteiroDoCaminho('Número da dívida inválido', DIVIDA_NUMERO_MAXIMO)),
});
