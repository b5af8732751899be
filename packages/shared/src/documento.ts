import { cnpj, cpf } from 'cpf-cnpj-validator';
import { normalizarDocumento } from './format';

/*
 * CPF and CNPJ as the Receita issues them (decision 0180): a CPF is 11 digits; a CNPJ is 14
 * characters, the first 12 letters or digits (the alphanumeric CNPJ issued since July 2026) and the last two
 * numeric check digits. Typed with or without the mask, in either case; kept and compared as the bare
 * characters in upper case ('12ABC34501DE35'). The check digits are verified by cpf-cnpj-validator, which
 * knows the alphanumeric rule (module 11 over each character's ASCII code minus 48).
 */

/** Which document the bare characters are by their shape (check digits not looked at), or null. */
export function tipoDocumento(v: string | null | undefined): 'cpf' | 'cnpj' | null {
  const d = normalizarDocumento(v);
  if (/^\d{11}$/.test(d)) return 'cpf';
  if (/^[0-9A-Z]{12}\d{2}$/.test(d)) return 'cnpj';
  return null;
}

/** Whether a typed CPF/CNPJ has the shape of one: only digits, letters and mask characters, 11 digits or a 14-character CNPJ. */
export const formaDeDocumento = (v: string) => /^[0-9A-Za-z.\-/\s]+$/.test(v) && tipoDocumento(v) !== null;

/** Whether the check digits are right (and the number is not a repeated digit). */
export function documentoValido(v: string | null | undefined): boolean {
  const tipo = tipoDocumento(v);
  if (tipo === 'cpf') return cpf.isValid(normalizarDocumento(v));
  if (tipo === 'cnpj') return cnpj.isValid(normalizarDocumento(v));
  return false;
}

/** What a new or changed CPF/CNPJ with wrong check digits is refused with. */
export const DOCUMENTO_INVALIDO = { cpf: 'CPF inválido.', cnpj: 'CNPJ inválido.' } as const;

/** The refusal of a document's check digits, or null when they are right (or the shape is not a CPF/CNPJ's). */
export function erroDoDocumento(v: string | null | undefined): string | null {
  const tipo = tipoDocumento(v);
  return tipo && !documentoValido(v) ? DOCUMENTO_INVALIDO[tipo] : null;
}

/** Shape refusal of the cpfcnpj field. */
export const DOCUMENTO_FORMA = 'Informe um CPF (11 dígitos) ou um CNPJ (14 caracteres, os dois últimos dígitos)';

/**
 * A document with its check digits computed: 9 digits → an 11-digit CPF, 12 letters or digits → a 14-character
 * CNPJ (bare, upper case). For test data and the demo seed.
 */
export function completarDocumento(base: string): string {
  const b = normalizarDocumento(base);
  if (/^\d{9}$/.test(b)) {
    const d1 = b + cpf.verifierDigit(b);
    return d1 + cpf.verifierDigit(d1);
  }
  if (/^[0-9A-Z]{12}$/.test(b)) {
    const d1 = b + cnpj.verifierDigit(b);
    return d1 + cnpj.verifierDigit(d1);
  }
  throw new Error(`Base de documento inválida: ${base}`);
}
