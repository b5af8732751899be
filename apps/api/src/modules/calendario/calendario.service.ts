import { motivoSemMercado } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { badRequest } from '../../lib/errors';
import { diasDoCalendario } from './calendario.repository';

/**
 * The market calendar (decision 0145): the market days of the configuration, less the holidays and plus the
 * extra market days kept in the `feriado` table. Used by the romaneio's save and the day's close.
 */

/**
 * The API's market-day check (the shared `motivoSemMercado`, with the holidays and extra days stored for
 * those dates): one pt-BR 400 naming every date that is not a market day, on its field.
 */
export async function exigirDiasDeMercado(db: Db | Tx, dias: readonly number[], datas: { campo: string; data: string }[]): Promise<void> {
  const calendario = await diasDoCalendario(db, { datas: [...new Set(datas.map((d) => d.data))] });
  const erros = datas.flatMap((d) => {
    const m = motivoSemMercado(d.data, dias, calendario);
    return m ? [{ field: d.campo, message: m }] : [];
  });
  if (erros.length) throw badRequest(erros[0].message, erros);
}

/** Why a date is not a market day with the holidays stored for it (the shared rule), or null. */
export async function motivoSemMercadoNoDia(db: Db | Tx, dias: readonly number[], data: string): Promise<string | null> {
  return motivoSemMercado(data, dias, await diasDoCalendario(db, { datas: [data] }));
}
