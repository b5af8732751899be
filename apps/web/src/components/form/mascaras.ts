import { soDigitos } from '@ceasa/shared/format';

/*
 * Masks as plain functions of the digits typed: each lays the digits into their groups as far as
 * they go ('2011' → '20/11'), with no placeholder characters and no caret of their own. The masked
 * inputs (MaskField, DateInput) and the public page's light date filter all use these, so a mask
 * reads the same everywhere. No React and no library here: the /home bundle imports this file.
 */

export interface Mascara {
  /** Digits (anything else is ignored) → the masked text, cut at `digitos`. */
  formatar: (v: string | null | undefined) => string;
  /** How many digits the longest form takes. */
  digitos: number;
  /** Shown while empty. */
  placeholder: string;
  /**
   * The characters that count in what is typed (default: the digits). A mask that takes letters too (the
   * alphanumeric CNPJ) gives them here, upper case, and the input then opens the phone's full keyboard.
   */
  caracteres?: (v: string | null | undefined) => string;
}

/** Digits laid into groups with separators, as far as they go: aplicar('1234', [3, 3], ['.']) → '123.4'. */
function aplicar(d: string, grupos: number[], seps: string[]) {
  let out = '';
  let i = 0;
  for (const [k, g] of grupos.entries()) {
    if (i >= d.length) break;
    if (k > 0) out += seps[k - 1];
    out += d.slice(i, i + g);
    i += g;
  }
  return out;
}

/** dd/mm/aaaa. */
export const mascaraData: Mascara = {
  formatar: (v) => aplicar(soDigitos(v).slice(0, 8), [2, 2, 4], ['/', '/']),
  digitos: 8,
  placeholder: 'dd/mm/aaaa',
};

/** 99999-999. */
export const mascaraCep: Mascara = {
  formatar: (v) => aplicar(soDigitos(v).slice(0, 8), [5, 3], ['-']),
  digitos: 8,
  placeholder: '00000-000',
};

/** Letters and digits as typed: the case is kept while typing (the caret follows the characters as they are). */
const letrasEDigitos = (v: string | null | undefined) => (v ?? '').replace(/[^0-9A-Za-z]/g, '');

/**
 * CPF while up to 11 digits (999.999.999-99), CNPJ from 12 characters or as soon as a letter is typed
 * (XX.XXX.XXX/XXXX-99: the alphanumeric CNPJ, decision 0180). Letters keep the case they were typed in: the
 * field shows them in capitals (MaskField) and the shared schema stores them upper case. Upper-casing here
 * made the input's caret lose track of a lower-case letter just typed, and the next characters went before it.
 */
export const mascaraCpfCnpj: Mascara = {
  formatar: (v) => {
    const d = letrasEDigitos(v).slice(0, 14);
    return d.length <= 11 && /^\d*$/.test(d) ? aplicar(d, [3, 3, 3, 2], ['.', '.', '-']) : aplicar(d, [2, 3, 3, 4, 2], ['.', '.', '/', '-']);
  },
  digitos: 14,
  placeholder: '000.000.000-00',
  caracteres: letrasEDigitos,
};

/** (99) 9999-9999 up to 10 digits, (99) 99999-9999 with 11. */
export const mascaraTelefone: Mascara = {
  formatar: (v) => {
    const d = soDigitos(v).slice(0, 11);
    if (!d) return '';
    if (d.length <= 2) return `(${d}`;
    const meio = d.length === 11 ? 5 : 4;
    const resto = d.slice(2);
    return `(${d.slice(0, 2)}) ${resto.slice(0, meio)}${resto.length > meio ? `-${resto.slice(meio)}` : ''}`;
  },
  digitos: 11,
  placeholder: '(00) 00000-0000',
};

/** 'dd/mm/aaaa' → 'yyyy-mm-dd' when it is a real calendar day, else null. */
export function paraIso(v: string | null | undefined): string | null {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v ?? '');
  if (!m) return null;
  const [dd, mm, yyyy] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const d = new Date(Date.UTC(yyyy, mm - 1, dd));
  if (d.getUTCFullYear() !== yyyy || d.getUTCMonth() !== mm - 1 || d.getUTCDate() !== dd) return null;
  return `${m[3]}-${m[2]}-${m[1]}`;
}

/** A calendar date as the API sends it. */
export const ehDataIso = (v: unknown): v is string => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v);
