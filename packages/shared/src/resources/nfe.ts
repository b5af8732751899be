import { z } from 'zod';
import { formatCpfCnpj, formatDate } from '../format';

/*
 * The producer's invoice at the gate (decision 0175): the 44-character access key of an NF-e (or
 * NFP-e), checked here by the web form and the API alike. Its layout, position by position (counted from 1):
 *   1–2 cUF (the issuing state's IBGE code) · 3–6 AAMM (year and month of issue) · 7–20 the issuer's CNPJ — since
 *   NT 2025.001 (July 2026) an alphanumeric CNPJ may stand there: letters A–Z and digits, upper case — or its CPF as
 *   000 + 11 digits · 21–22 model (55) · 23–25 series · 26–34 invoice number · 35 tpEmis · 36–43 cNF ·
 *   44 the check digit (module 11 over the first 43 characters, each worth its ASCII code minus 48 — a digit its
 *   own value, 'A' 17 … 'Z' 42 —, weights 2 to 9 from the right). Every position but 7–20 is a digit.
 */

/** The IBGE codes of the 26 states and the Federal District. */
export const UFS_IBGE: Readonly<Record<string, string>> = {
  '11': 'RO', '12': 'AC', '13': 'AM', '14': 'RR', '15': 'PA', '16': 'AP', '17': 'TO',
  '21': 'MA', '22': 'PI', '23': 'CE', '24': 'RN', '25': 'PB', '26': 'PE', '27': 'AL', '28': 'SE', '29': 'BA',
  '31': 'MG', '32': 'ES', '33': 'RJ', '35': 'SP',
  '41': 'PR', '42': 'SC', '43': 'RS',
  '50': 'MS', '51': 'MT', '52': 'GO', '53': 'DF',
}; // prettier-ignore

/** How many keys one romaneio may carry. */
export const NFE_MAX_CHAVES = 20;

/** A key as the DANFE prints it: eleven groups of four characters. */
export const formatChaveNfe = (c: string) => c.replace(/([0-9A-Z]{4})(?=[0-9A-Z])/g, '$1 ');

/** A key's shape: 44 characters, letters (upper case) only in the issuer's positions 7–20 (NT 2025.001). */
export const FORMATO_CHAVE_NFE = /^\d{6}[0-9A-Z]{14}\d{24}$/;

export const NFE_MSG = {
  formato: 'A chave de acesso deve ter 44 dígitos',
  letras: 'Chave de acesso inválida: letras só podem estar nas posições 7 a 20 (o CNPJ do emitente)',
  digito: 'Chave de acesso inválida: o dígito verificador não confere (confira os números)',
  uf: (uf: string) => `Chave de acesso inválida: ${uf} não é o código de um estado brasileiro`,
  modelo: (m: string) => `Chave de acesso de modelo ${m}: a nota do produtor deve ser uma NF-e (modelo 55)`,
  mes: (mesAno: string, data: string) => `Chave de acesso de ${mesAno}, posterior à data do romaneio (${formatDate(data)})`,
  repetida: 'Esta chave de acesso aparece mais de uma vez',
  obrigatoria: 'Informe a chave de acesso da NF-e do produtor',
  maximo: `Um romaneio pode ter no máximo ${NFE_MAX_CHAVES} chaves de acesso`,
  lista: 'As chaves de acesso devem ser uma lista',
} as const;

/**
 * The check digit of the first 43 characters of a key (module 11, weights 2 to 9 from the right, each character
 * worth its ASCII code minus 48 as NT 2025.001 sets; a remainder 0 or 1 gives 0).
 */
export function digitoChaveNfe(primeiros43: string): number {
  let soma = 0;
  for (let i = primeiros43.length - 1, peso = 2; i >= 0; i--, peso = peso === 9 ? 2 : peso + 1) soma += (primeiros43.charCodeAt(i) - 48) * peso;
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

/** The parts of a key (already 44 characters). */
export function partesDaChave(c: string) {
  return {
    cUF: c.slice(0, 2),
    ano: 2000 + Number(c.slice(2, 4)),
    mes: Number(c.slice(4, 6)),
    emitente: c.slice(6, 20),
    modelo: c.slice(20, 22),
    serie: Number(c.slice(22, 25)),
    numero: Number(c.slice(25, 34)),
  };
}

/** The issuer's document inside the key: a CPF (11 digits) when positions 7–20 are 000 + 11 digits, else the CNPJ. */
export const emitenteDaChave = (c: string) => {
  const e = c.slice(6, 20);
  return e.startsWith('000') ? e.slice(3) : e;
};

/** Whether a key's issuer (`emitenteDaChave`) is this CPF or CNPJ, however it is written. */
export const mesmoDocumento = (emitente: string, cpfcnpj: string) => {
  const doc = cpfcnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  return doc.length > 0 && (doc === emitente || `000${doc}` === emitente.padStart(14, '0'));
};

/** What is wrong with a key on its own (format, check digit, state, model), or null. */
export function problemaDaChave(c: string): string | null {
  if (c.length === 44 && /^[0-9A-Z]+$/.test(c) && !FORMATO_CHAVE_NFE.test(c)) return NFE_MSG.letras;
  if (!FORMATO_CHAVE_NFE.test(c)) return NFE_MSG.formato;
  if (digitoChaveNfe(c.slice(0, 43)) !== Number(c[43])) return NFE_MSG.digito;
  const p = partesDaChave(c);
  if (!UFS_IBGE[p.cUF]) return NFE_MSG.uf(p.cUF);
  if (p.modelo !== '55') return NFE_MSG.modelo(p.modelo);
  return null;
}

/** A key issued after the romaneio's month (its AAMM later than the issue date's): the message, or null. */
export function mesDaChaveDepois(c: string, dataEmissao: string): string | null {
  const p = partesDaChave(c);
  const chave = `${p.ano}-${String(p.mes).padStart(2, '0')}`;
  return chave > dataEmissao.slice(0, 7) ? NFE_MSG.mes(`${String(p.mes).padStart(2, '0')}/${p.ano}`, dataEmissao) : null;
}

/**
 * A key typed, pasted or read: its characters upper case (a letter typed in lower case is the same letter), the
 * DANFE's spaces and dots and a reader's stray spaces dropped.
 */
export const lerChaveNfe = (v: string) => v.replace(/[\s.\-/]/g, '').toUpperCase();

/** One key of `chavesNfe`: stored as its 44 characters (upper case); format, check digit, state code and model checked. */
export const chaveNfe = z
  .string({ error: NFE_MSG.formato })
  .transform(lerChaveNfe)
  .superRefine((c, ctx) => {
    const p = problemaDaChave(c);
    if (p) ctx.addIssue({ code: 'custom', message: p });
  });

/** A romaneio's keys (each romaneio of a batch its own). */
export const chavesNfe = z.array(chaveNfe, { error: NFE_MSG.lista }).max(NFE_MAX_CHAVES, NFE_MSG.maximo);

/** The refinement of a romaneio's keys against its issue date (each key's month, on `chavesNfe[n]`), and no key twice. */
export function chavesNoDia(r: { dataEmissao: string; chavesNfe?: readonly string[] }, ctx: z.RefinementCtx) {
  const vistas = new Set<string>();
  (r.chavesNfe ?? []).forEach((c, n) => {
    if (vistas.has(c)) ctx.addIssue({ code: 'custom', message: NFE_MSG.repetida, path: ['chavesNfe', n] });
    vistas.add(c);
    const m = FORMATO_CHAVE_NFE.test(c) && /^\d{4}-\d{2}-\d{2}$/.test(r.dataEmissao) ? mesDaChaveDepois(c, r.dataEmissao) : null;
    if (m) ctx.addIssue({ code: 'custom', message: m, path: ['chavesNfe', n] });
  });
}

/** The invoice's number and series as the control sheet and the label print them: 'NF-e 123456 série 920'. */
export const notaDaChave = (c: string) => {
  const p = partesDaChave(c);
  return `NF-e ${p.numero} série ${p.serie}`;
};

/** 409: a key another romaneio holds (named when known; a save at the same moment is 'outro romaneio'). */
export const nfeEmOutroRomaneio = (c: string, romaneioId?: number) =>
  `A chave de acesso ${formatChaveNfe(c)} já está ${romaneioId ? `no romaneio ${romaneioId}` : 'em outro romaneio'}`;

/** The confirmation asked when the key's issuer is not the producer. */
export const nfeEmitenteDiferente = (c: string, produtor: string) =>
  `A ${notaDaChave(c)} foi emitida por ${formatCpfCnpj(emitenteDaChave(c))}, não pelo produtor ${produtor}.`;

/** A key of a saved romaneio with what the control sheet, label and list show of it. */
export const nfeRegistro = z.object({
  chave: z.string(),
  /** false: its issuer is not the producer's document, saved after a confirmation. */
  emitenteConfere: z.boolean(),
});
export type NfeDoRomaneio = z.infer<typeof nfeRegistro>;

/**
 * A key built from its parts with its check digit (what a DANFE carries; the tests and the demonstration build
 * theirs with it): `emitente` a CNPJ (14 characters, numeric or alphanumeric) or a CPF (11 digits, written as 000 + CPF).
 */
export function montarChaveNfe(p: { cUF?: string; ano: number; mes: number; emitente: string; modelo?: string; serie?: number; numero: number; cNF?: number }) {
  const doc = p.emitente.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
  const base = [
    p.cUF ?? '21',
    String(p.ano % 100).padStart(2, '0'),
    String(p.mes).padStart(2, '0'),
    doc.length === 11 ? `000${doc}` : doc.padStart(14, '0'),
    p.modelo ?? '55',
    String(p.serie ?? 920).padStart(3, '0'),
    String(p.numero).padStart(9, '0'),
    '1',
    String(p.cNF ?? 12345678).padStart(8, '0'),
  ].join('');
  return `${base}${digitoChaveNfe(base)}`;
}
