import { z } from 'zod';

/**
 * zod's messages in plain pt-BR, for every check a schema gives no message of its own (a wrong type, an
 * unknown option, a missing body...). The schemas' own messages (the spec's) keep priority: zod asks this
 * map only when the schema has none. Installed by z.ts, which the package index loads before any schema,
 * so a form and the server say the same thing.
 */

type Issue = z.core.$ZodRawIssue;

const TIPOS: Record<string, string> = {
  string: 'um texto',
  number: 'um número',
  int: 'um número inteiro',
  bigint: 'um número inteiro',
  boolean: 'verdadeiro ou falso',
  object: 'um objeto com os campos',
  array: 'uma lista',
  date: 'uma data',
  tuple: 'uma lista',
  record: 'um objeto com os campos',
  map: 'um objeto com os campos',
  set: 'uma lista',
  file: 'um arquivo',
  null: 'nulo',
};

const FORMATOS: Record<string, string> = {
  email: 'E-mail inválido',
  uuid: 'Código inválido',
  guid: 'Código inválido',
  date: 'Data inválida: use o formato aaaa-mm-dd',
  datetime: 'Data e hora inválidas',
  time: 'Hora inválida',
  url: 'Endereço (URL) inválido',
};

/** What the value sent is, in words. */
function recebido(v: unknown): string {
  if (v === null) return 'nulo';
  if (Array.isArray(v)) return 'uma lista';
  switch (typeof v) {
    case 'string':
      return 'um texto';
    case 'number':
      return Number.isNaN(v) ? 'um valor que não é número' : 'um número';
    case 'boolean':
      return 'verdadeiro ou falso';
    case 'object':
      return 'um objeto';
    default:
      return 'um valor de outro tipo';
  }
}

const lista = (vs: readonly unknown[]) => vs.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
const unidade = (origem: string, n: number | bigint) =>
  origem === 'string' ? (Number(n) === 1 ? 'caractere' : 'caracteres') : origem === 'array' || origem === 'set' ? (Number(n) === 1 ? 'item' : 'itens') : '';

/** The pt-BR message for an issue the schema did not word itself. */
export function mensagemPtBr(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type': {
      const raiz = !issue.path?.length;
      if (raiz && (issue.input === undefined || issue.input === null)) return 'Envie os dados no corpo da requisição.';
      if (issue.input === undefined) return 'Campo obrigatório';
      const esperado = TIPOS[issue.expected] ?? 'outro tipo de valor';
      return `Valor inválido: informe ${esperado} (foi enviado ${recebido(issue.input)})`;
    }
    case 'invalid_value':
      return issue.values.length === 1 ? `Valor inválido: use ${lista(issue.values)}` : `Valor inválido: use um destes: ${lista(issue.values)}`;
    case 'too_big': {
      const u = unidade(issue.origin, issue.maximum);
      if (u) return `Deve ter no máximo ${issue.maximum} ${u}`;
      return issue.inclusive ? `Deve ser no máximo ${issue.maximum}` : `Deve ser menor que ${issue.maximum}`;
    }
    case 'too_small': {
      const u = unidade(issue.origin, issue.minimum);
      if (u) return Number(issue.minimum) === 1 && issue.origin === 'string' ? 'Campo obrigatório' : `Deve ter no mínimo ${issue.minimum} ${u}`;
      return issue.inclusive ? `Deve ser no mínimo ${issue.minimum}` : `Deve ser maior que ${issue.minimum}`;
    }
    case 'invalid_format':
      return FORMATOS[issue.format] ?? 'Formato inválido';
    case 'not_multiple_of':
      return `Deve ser múltiplo de ${issue.divisor}`;
    case 'unrecognized_keys':
      return `${issue.keys.length === 1 ? 'Campo não reconhecido' : 'Campos não reconhecidos'}: ${issue.keys.join(', ')}`;
    default:
      return 'Valor inválido';
  }
}

let instalado = false;

/**
 * Makes `mensagemPtBr` zod's message for every issue the schemas do not word (idempotent).
 * `semEval` (the browser): zod compiles object parsers with `new Function`, which the
 * Content-Security-Policy forbids (no 'unsafe-eval'); jitless parsing needs no eval.
 */
export function instalarMensagensPtBr(o: { semEval?: boolean } = {}) {
  if (o.semEval) z.config({ jitless: true });
  if (instalado) return;
  z.config({ customError: (issue) => mensagemPtBr(issue) });
  instalado = true;
}

/** Control characters that have no place in a text typed by a person (tab, line feed and carriage return do). */
// eslint-disable-next-line no-control-regex -- finding control characters is this pattern's whole purpose
export const CONTROLE = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
export const MSG_CONTROLE = 'O texto contém caracteres de controle não permitidos (como o caractere nulo)';
