import { sql } from 'drizzle-orm';
import type { DiaDoCalendario, RomaneioDoDia } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';

/** The calendar's holidays and extra market days on the dates `datas`, or from `de` to `ate`. */
export async function diasDoCalendario(db: Db | Tx, o: { datas: string[] } | { de: string; ate: string }): Promise<DiaDoCalendario[]> {
  if ('datas' in o && !o.datas.length) return [];
  const onde = 'datas' in o ? sql`data = ANY(${`{${o.datas.join(',')}}`}::date[])` : sql`data BETWEEN ${o.de}::date AND ${o.ate}::date`;
  const r = await db.execute(sql`SELECT to_char(data, 'YYYY-MM-DD') AS data, nome, tipo FROM feriado WHERE ${onde} ORDER BY data`);
  return r.rows as unknown as DiaDoCalendario[];
}

/** The romaneios issued on a date, with their producer: what a holiday on that date warns about. */
export async function romaneiosDoDia(db: Db | Tx, data: string): Promise<RomaneioDoDia[]> {
  const r = await db.execute(sql`
    SELECT ro.id, ro.divida::float8 AS divida, p.nome AS produtor
    FROM romaneio ro JOIN pessoa p ON p.id = ro.pessoa_id
    WHERE ro.data_emissao = ${data}::date ORDER BY ro.id`);
  return r.rows as unknown as RomaneioDoDia[];
}
