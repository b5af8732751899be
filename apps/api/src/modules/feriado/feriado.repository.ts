import { sql } from 'drizzle-orm';
import Holidays from 'date-holidays';
import { avisoRomaneiosNoFeriado, feriadoRecurso, motivoSemMercado, type DiaDoCalendario, type Feriado, type RomaneioDoDia } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { feriado } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import { repositorioDaTabela } from '../../lib/recurso-da-tabela';

export const feriadoRepository = (db: Db) =>
  repositorioDaTabela(db, feriadoRecurso, feriado, { unicos: { feriado_data_uq: { mensagem: 'Já existe um feriado nesta data.', campos: ['data'] } } });

/** The calendar's holidays and extra market days on the dates `datas`, or from `de` to `ate`. */
export async function diasDoCalendario(db: Db | Tx, o: { datas: string[] } | { de: string; ate: string }): Promise<DiaDoCalendario[]> {
  if ('datas' in o && !o.datas.length) return [];
  const onde = 'datas' in o ? sql`data = ANY(${`{${o.datas.join(',')}}`}::date[])` : sql`data BETWEEN ${o.de}::date AND ${o.ate}::date`;
  const r = await db.execute(sql`SELECT to_char(data, 'YYYY-MM-DD') AS data, nome, tipo FROM feriado WHERE ${onde} ORDER BY data`);
  return r.rows as unknown as DiaDoCalendario[];
}

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

/** The romaneios issued on a date, with their producer: what a holiday on that date warns about. */
export async function romaneiosDoDia(db: Db | Tx, data: string): Promise<RomaneioDoDia[]> {
  const r = await db.execute(sql`
    SELECT ro.id, ro.divida::float8 AS divida, p.nome AS produtor
    FROM romaneio ro JOIN pessoa p ON p.id = ro.pessoa_id
    WHERE ro.data_emissao = ${data}::date ORDER BY ro.id`);
  return r.rows as unknown as RomaneioDoDia[];
}

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
 * the market too; not the optional half days nor the observances (Mother's Day).
 */
export function feriadosNacionais(ano: number): { data: string; nome: string }[] {
  const h = new Holidays('BR');
  const vistos = new Set<string>();
  return h
    .getHolidays(ano, 'pt')
    .filter((x) => x.type === 'public' || x.type === 'bank')
    .map((x) => ({ data: x.date.slice(0, 10), nome: NOMES[x.name] ?? x.name }))
    .filter((x) => !vistos.has(x.data) && vistos.add(x.data));
}
