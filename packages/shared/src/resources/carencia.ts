import { formatDate } from '../format';
import { somarDias } from '../tempo';

/**
 * Withdrawal period (carência): a chemical application of a field notebook
 * (`aplicacaoProdutosQuimicos`: `data`, `periodoCarencia` days) forbids selling its bulletin item's
 * produce before `data + periodoCarencia` days. One rule, used by the server (POST/PUT romaneio, the
 * public lot's `carenciaRespeitada`) and by the gate form (the row's message before saving). No zod
 * here: the public lot page imports its texts (its schema, `aplicacaoCarencia`, is in romaneio.ts).
 */
export type AplicacaoCarencia = {
  nomeProduto: string | null;
  /** yyyy-mm-dd; null on a 'não necessárias' row. */
  data: string | null;
  periodoCarencia: number | null;
};

/** The first day an application allows selling: its date plus its withdrawal period; null for a row without both. */
export const primeiroDiaPermitido = (a: AplicacaoCarencia): string | null =>
  a.data && a.periodoCarencia !== null && a.periodoCarencia !== undefined ? somarDias(a.data, a.periodoCarencia) : null;

/** 'Carência não cumprida: Inseticida X aplicado em 02/03/2027 só permite comercializar a partir de 09/03/2027.' */
export const mensagemCarencia = (nomeProduto: string, data: string, liberado: string) =>
  `Carência não cumprida: ${nomeProduto} aplicado em ${formatDate(data)} só permite comercializar a partir de ${formatDate(liberado)}.`;

/**
 * The application still in its withdrawal period on `dataEmissao` (the one released last, when several
 * are), as its refusal message; null when every application had ended its period (or there is none).
 */
export function carenciaNaoCumprida(aplicacoes: readonly AplicacaoCarencia[] | null | undefined, dataEmissao: string): string | null {
  let pior: { a: AplicacaoCarencia; liberado: string } | null = null;
  for (const a of aplicacoes ?? []) {
    const liberado = primeiroDiaPermitido(a);
    if (liberado && dataEmissao < liberado && (!pior || liberado > pior.liberado)) pior = { a, liberado };
  }
  return pior ? mensagemCarencia(pior.a.nomeProduto ?? 'produto químico', pior.a.data!, pior.liberado) : null;
}

/**
 * The public lot's `carenciaRespeitada`: null without a field notebook (`aplicacoes` null), true when every
 * chemical application had ended its withdrawal period on the commerce date, false when one had not.
 */
export const carenciaRespeitada = (aplicacoes: readonly AplicacaoCarencia[] | null, dataEmissao: string): boolean | null =>
  aplicacoes === null ? null : carenciaNaoCumprida(aplicacoes, dataEmissao) === null;

/** What the public lot page and the control sheet say of an item's notebook. */
export const TEXTOS_CARENCIA = {
  respeitada: 'Carência respeitada',
  naoRespeitada: 'Carência não respeitada',
  semCaderno: 'Sem caderno de campo',
  /** On the romaneio's control sheet, beside an item taken from a bulletin item without a notebook. */
  semCadernoCurto: 'sem caderno',
} as const;

export const textoCarencia = (v: boolean | null) => (v === null ? TEXTOS_CARENCIA.semCaderno : v ? TEXTOS_CARENCIA.respeitada : TEXTOS_CARENCIA.naoRespeitada);
