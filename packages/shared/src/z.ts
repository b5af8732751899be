import { z } from 'zod';
import { CONTROLE, instalarMensagensPtBr, MSG_CONTROLE } from './zod-pt';
import { casasDecimais } from './dinheiro';
import { casasDemais } from './format';

// zod's own messages in pt-BR wherever a schema has none, installed here, where the shared schemas
// live (every bundle that parses imports this first: the package index exports it before any schema),
// so a screen that parses nothing (the public /home) does not load zod. In the browser zod must build
// its object parsers without eval (the Content-Security-Policy allows no 'unsafe-eval'): it decides
// that when a schema is created, hence before the first z.object below.
instalarMensagensPtBr({ semEval: 'document' in globalThis });

/** Building blocks for the spec's pt-BR validation messages, shared by server and forms. */

/** No control characters (NUL and the like; tab and line breaks are fine). */
export const semControle = (v: string) => !CONTROLE.test(v);

/** The largest value of an integer (int4) column: the largest id a record can have. */
export const ID_MAXIMO = 2_147_483_647;

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

/**
 * A required reference to another record (a dropdown): missing, not positive, not an integer (or
 * past the largest id an int4 column holds, ID_MAXIMO, which names no record either).
 */
export function referencia(obrigatorio: string, positivo = obrigatorio, inteiro = positivo) {
  return z.number({ error: obrigatorio }).int(inteiro).positive(positivo).max(ID_MAXIMO, inteiro);
}

/**
 * A number kept with at most `casas` decimal places (its column's scale): more is refused with the form's
 * 'Use no máximo 2 casas decimais', never rounded away by the database.
 */
export const ateCasas = (casas: number) => (n: number) => casasDecimais(n) <= casas;
export const decimalAte = (casas = 2) => [ateCasas(casas), casasDemais(casas)] as const;

/** A calendar date sent as yyyy-mm-dd. */
export function data(obrigatorio: string, invalida = obrigatorio) {
  return z.iso.date({ error: (iss) => (iss.input === undefined || iss.input === null || iss.input === '' ? obrigatorio : invalida) });
}

/** The longest period a report (the VAF, the recall) covers: a wider one is refused, not computed. */
export const PERIODO_MAXIMO_ANOS = 5;
export const MSG_PERIODO_LONGO = `O período não pode passar de ${PERIODO_MAXIMO_ANOS} anos: informe um período menor.`;
/** Whether 'yyyy-mm-dd' `fim` is at most PERIODO_MAXIMO_ANOS years after `inicio` (same day of the year, included). */
export const periodoNoMaximo = (inicio: string, fim: string) =>
  fim <= `${String(Number(inicio.slice(0, 4)) + PERIODO_MAXIMO_ANOS).padStart(4, '0')}${inicio.slice(4)}`;

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

/** What a malformed id answers (a path's or a body's). */
export const MSG_CODIGO_INVALIDO = 'Código inválido';

/**
 * A positive integer in a path, written in decimal digits only ('12'; never '0x1', '1e3', '+12',
 * ' 12', '12.0', '0b1100', '012' or '0', which JavaScript's Number() would read), up to `max`
 * (an id: the int4 column's ID_MAXIMO). Anything else is `mensagem` (a pt-BR 400).
 */
export function inteiroDoCaminho(mensagem: string, max = ID_MAXIMO) {
  return z
    .string({ error: mensagem })
    .regex(new RegExp(`^[1-9][0-9]{0,${String(max).length - 1}}$`), mensagem)
    .refine((v) => Number(v) <= max, mensagem)
    .transform(Number);
}

/** The one id of a path (a record's, a person's, a group's...): digits only, within an int4 column. */
export const idSchema = inteiroDoCaminho(MSG_CODIGO_INVALIDO);

/**
 * An id in a JSON body: a JSON integer, positive, within an int4 column; `obrigatorio` when missing
 * or null, 'Código inválido' otherwise (text such as "1" included: the body is JSON, its ids are numbers).
 */
export const idDoCorpo = (obrigatorio = MSG_CODIGO_INVALIDO) =>
  z
    .number({ error: (iss) => (iss.input === undefined || iss.input === null ? obrigatorio : MSG_CODIGO_INVALIDO) })
    .int(MSG_CODIGO_INVALIDO)
    .positive(MSG_CODIGO_INVALIDO)
    .max(ID_MAXIMO, MSG_CODIGO_INVALIDO);

/** Optional id in the body of a PUT (the id of the record being edited). */
export const idOpcional = idDoCorpo().optional();

/** A list filter's number column (a code, a debt, a weight): the number or the text typed in it; empty does not filter. */
export const filtroNumerico = z.union([z.string(), z.number()]).nullish();

/** Numeric path parameter `id`. */
export const idParam = z.object({ id: idSchema });

/**
 * The largest length a schema allows a text field ('nome' or 'secao.campo'): the `max` of its
 * string, through optional, nullable, default and transform wrappers; undefined when it has none.
 * A form's input and a table's column read the limit written once in the shared schema.
 */
export function maximoDe(schema: unknown, campo: string): number | undefined {
  let s = schema as z.ZodType | undefined;
  for (const parte of campo.split('.')) {
    s = desembrulhar(s);
    s = s instanceof z.ZodObject ? (s.shape as Record<string, z.ZodType>)[parte] : undefined;
  }
  s = desembrulhar(s);
  return s instanceof z.ZodString ? (s.maxLength ?? undefined) : undefined;
}

function desembrulhar(s: z.ZodType | undefined): z.ZodType | undefined {
  for (;;) {
    const def = s?._zod.def as { type?: string; innerType?: z.ZodType; in?: z.ZodType } | undefined;
    if (def?.innerType) s = def.innerType;
    else if (def?.type === 'pipe' && def.in) s = def.in;
    else return s;
  }
}

/** `maximoDe` for a field that must have one (a table column's length): throws when the schema sets none. */
export function limiteDe(schema: unknown, campo: string): number {
  const max = maximoDe(schema, campo);
  if (max === undefined) throw new Error(`${campo}: o esquema não define um tamanho máximo`);
  return max;
}

/** What a field of an object schema holds, read from its schema: how a record answers it and how a screen edits it. */
export interface FormaDoCampo {
  /** 'data': a yyyy-mm-dd text; 'opcao': one of `valores` (an enum). */
  tipo: 'texto' | 'data' | 'inteiro' | 'numero' | 'opcao' | 'booleano';
  /** It may be left out or null (and no default fills it): a record holds null. */
  nulo: boolean;
  valores?: readonly string[];
}

/**
 * The shape of a field ('nome') of an object schema, through optional, nullable, default and transform
 * wrappers (a transform's input is read); undefined when the field is not there or holds something else
 * (an object, an array, a union).
 */
export function formaDoCampo(schema: unknown, campo: string): FormaDoCampo | undefined {
  let s = schema instanceof z.ZodObject ? (schema.shape as Record<string, z.ZodType>)[campo] : undefined;
  let opcional = false;
  let padrao = false;
  for (;;) {
    const def = s?._zod.def as { type?: string; innerType?: z.ZodType; in?: z.ZodType } | undefined;
    if (def?.type === 'optional' || def?.type === 'nullable') opcional = true;
    if (def?.type === 'default' || def?.type === 'prefault') padrao = true;
    if (def?.innerType) s = def.innerType;
    else if (def?.type === 'pipe' && def.in) s = def.in;
    else break;
  }
  const def = s?._zod.def as { type?: string; format?: string } | undefined;
  const nulo = opcional && !padrao;
  if (def?.type === 'string') return { tipo: def.format === 'date' ? 'data' : 'texto', nulo };
  if (def?.type === 'number') return { tipo: /int/.test((s as z.ZodNumber).format ?? '') ? 'inteiro' : 'numero', nulo };
  if (def?.type === 'enum') return { tipo: 'opcao', nulo, valores: (s as z.ZodEnum).options as string[] };
  if (def?.type === 'boolean') return { tipo: 'booleano', nulo };
  return undefined;
}
