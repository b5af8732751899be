import { z } from 'zod';
import { CONTROLE, instalarMensagensPtBr, MSG_CONTROLE } from './zod-pt';

// zod's own messages in pt-BR wherever a schema has none, installed here, where the shared schemas
// live (every bundle that parses imports this first: the package index exports it before any schema),
// so a screen that parses nothing (the public /home) does not load zod. In the browser zod must build
// its object parsers without eval (the Content-Security-Policy allows no 'unsafe-eval'): it decides
// that when a schema is created, hence before the first z.object below.
instalarMensagensPtBr({ semEval: 'document' in globalThis });

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

/** A year range 'de:ate' (a date picker's yearRange) as numbers. */
export const anosDaFaixa = (faixa: string): [number, number] => faixa.split(':').map(Number) as [number, number];

/**
 * The year of a 'yyyy-mm-dd' inside `faixa()` ('2010:2029', the picker's own range, read when the
 * value is checked so it follows the current year): otherwise '{nome} deve estar entre os anos 2010 e 2029.'
 */
export const anoNaFaixa = (nome: string, faixa: () => string) => (v: string | null | undefined, ctx: z.RefinementCtx) => {
  if (typeof v !== 'string' || !/^\d{4}-/.test(v)) return;
  const [de, ate] = anosDaFaixa(faixa());
  const ano = Number(v.slice(0, 4));
  if (ano < de || ano > ate) ctx.addIssue({ code: 'custom', message: `${nome} deve estar entre os anos ${de} e ${ate}.` });
};

/** A required date (`data`) whose year is inside `faixa()`. */
export const dataNaFaixa = (obrigatorio: string, invalida: string, nome: string, faixa: () => string) =>
  data(obrigatorio, invalida).superRefine(anoNaFaixa(nome, faixa));

/** Optional id in the body of a PUT (the id of the record being edited). */
export const idOpcional = z.number().int().positive().optional();

/** Numeric path parameter. */
export const idParam = z.object({ id: z.coerce.number({ error: 'Código inválido' }).int('Código inválido').positive('Código inválido') });
