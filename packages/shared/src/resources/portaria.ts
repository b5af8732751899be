import { z } from 'zod';
import { formatDate, formatKg } from '../format';

/*
 * What a romaneio save asks the clerk to confirm (docs/decisions/0294-regras-da-portaria-no-servidor.md): the
 * server's soft rules of the gate (apps/api/src/modules/romaneio/regras.ts PERGUNTAS). A save that meets one whose
 * code the romaneio's `confirmar` does not list answers 409 with `confirmar` (the codes) and `perguntas` (each
 * question with its code, pt-BR message and figures); the same save with `confirmar: true` (all) or those codes goes
 * through. The web form shows exactly these questions.
 */

/** The codes of the questions, in the order they are asked. */
export const CONFIRMACOES_DO_ROMANEIO = ['emitenteNfe', 'saldoBoletim', 'romaneioNoDia', 'contribuinte', 'carteira'] as const;
export type ConfirmacaoDoRomaneio = (typeof CONFIRMACOES_DO_ROMANEIO)[number];

export const CONFIRMAR_INVALIDO = 'confirmar deve ser verdadeiro ou falso, ou uma lista de códigos de confirmação';

/** The body's `confirmar`: true confirms every question (as before the codes), a list only those codes. */
export const confirmarRomaneio = z.union([z.boolean(), z.array(z.enum(CONFIRMACOES_DO_ROMANEIO))], { error: CONFIRMAR_INVALIDO }).nullish();

/** Whether a romaneio's `confirmar` covers the question `codigo`. */
export const confirma = (confirmar: boolean | readonly ConfirmacaoDoRomaneio[] | null | undefined, codigo: ConfirmacaoDoRomaneio) =>
  confirmar === true || (Array.isArray(confirmar) && confirmar.includes(codigo));

/** One question of the 409: its code, its message, the body field it concerns, and the figures the message names. */
export type PerguntaDoRomaneio = { mensagem: string; field: string } & (
  | { codigo: 'emitenteNfe'; chave: string; emitente: string; produtor: string }
  | { codigo: 'saldoBoletim'; boletimItensId: number; produto: string; kg: number; saldo: number }
  | { codigo: 'romaneioNoDia'; romaneioId: number; dataEmissao: string; produtor: string }
  | { codigo: 'contribuinte'; divida: number; contribuinte: string; produtor: string }
  | { codigo: 'carteira'; dataEmissao: string; carteiraValidaAte: string }
);

/** The body of a romaneio save's 409 that asks (besides `message` and `fieldErrors`, as every refusal has). */
export interface PerguntasDoRomaneio {
  confirmar: ConfirmacaoDoRomaneio[];
  perguntas: PerguntaDoRomaneio[];
}

/** 'Tomate: 1.200 kg passam do saldo do boletim (800 kg).' (a balance below zero reads 0 kg). */
export const acimaDoSaldo = (produto: string, kg: number, saldo: number) =>
  `${produto}: ${formatKg(kg)} passam do saldo do boletim (${formatKg(Math.max(saldo, 0))}).`;

/** 'Já existe romaneio de Ana em 30/11/2026 (código 12).' */
export const romaneioNoDia = (produtor: string, data: string, id: number) => `Já existe romaneio de ${produtor} em ${formatDate(data)} (código ${id}).`;

/** 'O contribuinte da dívida 123 é Maria, não o produtor Ana.' */
export const contribuinteDiferente = (divida: number, contribuinte: string, produtor: string) =>
  `O contribuinte da dívida ${divida} é ${contribuinte}, não o produtor ${produtor}.`;

/** Lower case, no accents, only letters and digits as words: 'Lúcia  Dias-Alves' → ['lucia', 'dias', 'alves']. */
export const palavras = (s: string | null | undefined): string[] =>
  (s ?? '')
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The same name however written (case, accents, punctuation): the debt's taxpayer and the producer. */
export const mesmoNome = (a: string, b: string) => palavras(a).join(' ') === palavras(b).join(' ');
