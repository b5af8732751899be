/**
 * The audit rows of the demo's data: one `logs` row per record the seed inserts, in the
 * shape the app writes for a create (lib/audit.ts: 'Cadastro(campo=valor, ...)', acao INSERT, the
 * record's id), dated on the record's own day, written with one INSERT ... SELECT per table.
 */
import { FUSO_DO_MERCADO } from '@ceasa/shared/tempo';
import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Tx } from '../client';

/** The clerks the demo's audit rows name (who would have typed each kind of record). */
export const USUARIOS_DEMO = {
  portaria: 'portaria@ceasa.demo',
  agronomia: 'agronomia@ceasa.demo',
  administrativo: 'administrativo@ceasa.demo',
} as const;

/**
 * Audits the rows of `tabela` inserted since the last call for that table (by id): `cadastro` is the
 * entity name the app writes, `quando` the row's day (an SQL expression on the alias `x`), `chave` its
 * key column when not `id`. Returns how many rows it wrote.
 */
export type Auditar = (tabela: PgTable, cadastro: string, usuario: string, quando: SQL, chave?: string) => Promise<number>;

export function auditoriaDoSeed(t: Tx): Auditar {
  const ultimo = new Map<string, number>();
  return async function auditar(tabela: PgTable, cadastro: string, usuario: string, quando: SQL, chave = 'id'): Promise<number> {
    const colunas = Object.entries(getTableColumns(tabela)).filter(([k]) => k !== 'versao');
    const campo = (nome: string) => sql.raw(`x."${nome}"`);
    const partes = colunas.map(([k, c]) => sql`${k + '='} || coalesce(${campo(c.name)}::text, 'null')`);
    const desde = ultimo.get(cadastro) ?? 0;
    const r = await t.execute(sql`
      WITH novos AS (
        INSERT INTO logs (usuario, updated, cadastro, cadastro_id, acao, conteudo)
        SELECT ${usuario}, ((${quando})::timestamp + interval '7 hours' + (${campo(chave)} % 360) * interval '1 minute') AT TIME ZONE ${FUSO_DO_MERCADO},
               ${cadastro}, ${campo(chave)}::text, 'INSERT', ${cadastro + '('} || concat_ws(', ', ${sql.join(partes, sql`, `)}) || ')'
        FROM ${tabela} x WHERE ${campo(chave)} > ${desde}
        ORDER BY ${campo(chave)}
        RETURNING cadastro_id
      )
      SELECT count(*)::int AS n, coalesce(max(cadastro_id::bigint), ${desde})::float8 AS ate FROM novos`);
    const { n, ate } = r.rows[0] as { n: number; ate: number };
    ultimo.set(cadastro, Number(ate));
    return Number(n);
  };
}
