/**
 * The market's time: its time zone, today's date there, and calendar-day arithmetic. A calendar date is a
 * 'yyyy-mm-dd' string (CONTRACT: dates travel and are stored without a time zone); the arithmetic below counts
 * whole days on those strings, in UTC, so no daylight-saving change or server time zone can shift a day.
 */

/** The market's time zone: Brazil's official time, in which its days, schedules and timestamps are told. */
export const FUSO_DO_MERCADO = 'America/Sao_Paulo';

const DIA_MS = 86_400_000;
const meiaNoite = (dia: string) => Date.parse(`${dia.slice(0, 10)}T00:00:00Z`);

/** The date ('yyyy-mm-dd') at the market at the moment `agora` (now by default). */
export const hojeNoMercado = (agora: Date = new Date()): string => agora.toLocaleDateString('sv-SE', { timeZone: FUSO_DO_MERCADO });

/** The calendar day `dias` days after `dia` (before it when negative). */
export const somarDias = (dia: string, dias: number): string => new Date(meiaNoite(dia) + dias * DIA_MS).toISOString().slice(0, 10);

/** Whole calendar days from `de` to `ate` (negative when `ate` comes first). */
export const diasEntre = (de: string, ate: string): number => Math.round((meiaNoite(ate) - meiaNoite(de)) / DIA_MS);
