import { formatDate } from '../format';
import { diasEntre } from '../tempo';

/*
 * The producer's card (carteira de produtor, decision 0182): markets renew a producer's registration each year.
 * A producer with `carteiraValidaAte` is warned at the gate within 30 days of that day; past it, the gate warns or
 * refuses as CARTEIRA_PRODUTOR says ('avisar', the default, or 'exigir'). A producer without a date recorded is
 * not checked.
 */

export type ModoCarteira = 'avisar' | 'exigir';
export const MODOS_CARTEIRA: readonly ModoCarteira[] = ['avisar', 'exigir'];

/** How many days before its last day a card starts being warned about (and listed by the /pessoa filter). */
export const CARTEIRA_DIAS_AVISO = 30;

/** What the gate says of a producer's card on a romaneio's date: nothing, a warning to confirm, or a refusal. */
export type SituacaoCarteira = { tipo: 'aviso' | 'recusa'; mensagem: string } | null;

export const carteiraVencida = (validaAte: string) => `A carteira de produtor venceu em ${formatDate(validaAte)}: renove-a no cadastro do produtor.`;
export const carteiraVencendo = (validaAte: string, restam: number) =>
  `A carteira de produtor vence em ${formatDate(validaAte)} (${restam === 0 ? 'hoje' : restam === 1 ? 'amanhã' : `em ${restam} dias`}).`;

/**
 * The card's situation on `data` (the romaneio's issue date, yyyy-mm-dd): valid until `validaAte` inclusive; within
 * CARTEIRA_DIAS_AVISO days of it a warning; after it a warning ('avisar') or a refusal ('exigir'). Pure.
 */
export function situacaoDaCarteira(data: string, validaAte: string | null | undefined, modo: ModoCarteira): SituacaoCarteira {
  if (!validaAte) return null;
  const restam = diasEntre(data, validaAte);
  if (restam < 0) return { tipo: modo === 'exigir' ? 'recusa' : 'aviso', mensagem: carteiraVencida(validaAte) };
  if (restam <= CARTEIRA_DIAS_AVISO) return { tipo: 'aviso', mensagem: carteiraVencendo(validaAte, restam) };
  return null;
}
