import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { backups } from '../../db/schema';
import { listaDaTabela } from '../../lib/recurso-da-tabela';
import { listRowOrThrow, type ListSpec } from '../../lib/list';
import { backupsRecurso, type Backup } from '@ceasa/shared';

const colunas = listaDaTabela<Backup>(backups, backupsRecurso.ordem);
/** Every column by its type; the size (bigint, text on the pg driver) as a JSON number. */
export const backupsList: ListSpec<Backup> = {
  ...colunas,
  select: sql`${backups.id} AS "id", ${backups.agendadoPara} AS "agendadoPara", ${backups.servidor} AS "servidor", ${backups.inicio} AS "inicio",
    ${backups.fim} AS "fim", ${backups.arquivo} AS "arquivo", ${backups.bytes}::float8 AS "bytes", ${backups.erro} AS "erro"`,
};

export function backupsRepository(db: Db) {
  return {
    /** One run, as the list shows it (GET /api/backups/{id}). */
    ler: (id: number): Promise<Backup> => listRowOrThrow(db, backupsList, id, backupsRecurso.rotulos.naoEncontrado),
    /** Takes the due moment `agendadoPara` for this server: its row's id, or null when another server took it. */
    async reservar(agendadoPara: Date, servidor: string): Promise<number | null> {
      const r = await db
        .insert(backups)
        .values({ agendadoPara: agendadoPara.toISOString(), servidor })
        .onConflictDoNothing({ target: backups.agendadoPara })
        .returning({ id: backups.id });
      return r[0]?.id ?? null;
    },
    async gravado(id: number, arquivo: string, bytes: number) {
      await db
        .update(backups)
        .set({ fim: sql`now()`, arquivo, bytes })
        .where(sql`${backups.id} = ${id}`);
    },
    async falhou(id: number, erro: string, arquivo: string) {
      await db
        .update(backups)
        .set({ fim: sql`now()`, erro, arquivo })
        .where(sql`${backups.id} = ${id}`);
    },
    /** Runs written and failed, and the last of each (Unix seconds), for /metrics. */
    async estado() {
      const [r] = (
        await db.execute(sql`SELECT count(*) FILTER (WHERE erro IS NULL AND fim IS NOT NULL)::int AS sucessos,
          count(*) FILTER (WHERE erro IS NOT NULL)::int AS falhas,
          extract(epoch FROM max(fim) FILTER (WHERE erro IS NULL))::float8 AS "ultimoSucesso",
          extract(epoch FROM max(fim) FILTER (WHERE erro IS NOT NULL))::float8 AS "ultimaFalha"
          FROM backups`)
      ).rows as { sucessos: number; falhas: number; ultimoSucesso: number | null; ultimaFalha: number | null }[];
      return r;
    },
  };
}
