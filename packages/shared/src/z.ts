import { z } from 'zod';
import { CONTROLE, MSG_CONTROLE } from './zod-pt';

/** Building blocks for the spec's pt-BR validation messages, shared by server and forms. */

/** No control characters (NUL and the like; tab and line breaks are fine). */
export const semControle = (v: string) => !CONTROLE.test(v);

/** Required trimmed text: `obrigatorio` when missing or blank, `maximo` past `max` characters. */
export function texto(obrigatorio: string, max = 200, maximo = `Deve ter no máximo ${max} caracteres`) {
  return z.string({ error: obrigatorio }).trim().min(1, obrigatorio).max(max, maximo).refine(semControle, MSG_CONTROLE);
}

/** Optional text: empty becomes null. */
export function textoOpcional(max = 200, maximo = `Deve ter no máximo ${max} caracteres`) {
  return z
    .string()
    .trim()
    .max(max, maximo)
    .refine(semControle, MSG_CONTROLE)
    .nullish()
    .transform((v) => (v ? v : null));
}

/** A required reference to another record (a dropdown): missing, not positive, not an integer. */
export function referencia(obrigatorio: string, positivo = obrigatorio, inteiro = positivo) {
  return z.number({ error: obrigatorio }).int(inteiro).positive(positivo);
}

/** A calendar date sent as yyyy-mm-dd. */
export function data(obrigatorio: string, invalida = obrigatorio) {
  return z.iso.date({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? obrigatorio : invalida) });
}

/** Optional id in the body of a PUT (the id of the record being edited). */
export const idOpcional = z.number().int().positive().optional();

/** Numeric path parameter. */
export const idParam = z.object({ id: z.coerce.number({ error: 'Código inválido' }).int('Código inválido').positive('Código inválido') });
