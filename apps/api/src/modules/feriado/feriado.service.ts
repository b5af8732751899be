import { avisoRomaneiosNoFeriado, motivoSemMercado, type Feriado } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { diasDoCalendario as diasDoCalendarioDe, romaneiosDoDia } from './feriado.repository';

/** A saved holiday with the warning of the romaneios already on its date (none for an extra market day). */
export async function comAviso(db: Db, f: Feriado): Promise<Feriado> {
  if (f.tipo !== 'feriado') return f;
  const romaneios = await romaneiosDoDia(db, f.data);
  return romaneios.length ? { ...f, aviso: avisoRomaneiosNoFeriado(f.data, romaneios), romaneios } : f;
}

/** The library's names that are not the ones used in Brazil. */
const NOMES: Record<string, string> = { 'Corpo de Deus': 'Corpus Christi', 'Dia do trabalhador': 'Dia do Trabalhador' };

/**
 * The national holidays of a year, computed by date-holidays (Easter-based ones included): its public
 * holidays and its whole-day 'bank' ones (Carnaval's Monday and Tuesday, Corpus Christi), which close
 * the market too; not the optional half days nor the observances (Mother's Day). The library (every country's
 * calendar: ~22 MB and ~60 ms once loaded) is loaded on the first request, not at every server start.
 */
export async function feriadosNacionais(ano: number): Promise<{ data: string; nome: string }[]> {
  const { default: Holidays } = await import('date-holidays');
  const h = new Holidays('BR');
  const vistos = new Set<string>();
  return h
    .getHolidays(ano, 'pt')
    .filter((x) => x.type === 'public' || x.type === 'bank')
    .map((x) => ({ data: x.date.slice(0, 10), nome: NOMES[x.name] ?? x.name }))
    .filter((x) => !vistos.has(x.data) && vistos.add(x.data));
}

/** The holidays and extra market days stored for these dates (what the gate's market-day rule reads). */
export const diasDoCalendario = (db: Db | Tx, datas: string[]) => diasDoCalendarioDe(db, { datas });

/** Why a date is not a market day with the holidays stored for it (the shared rule), or null. */
export async function motivoSemMercadoNoDia(db: Db | Tx, dias: readonly number[], data: string): Promise<string | null> {
  return motivoSemMercado(data, dias, await diasDoCalendarioDe(db, { datas: [data] }));
}
