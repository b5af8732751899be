import { bigint, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { chaveSerial } from './colunas';

/**
 * Each scheduled backup (docs/decisions/0201-backups-agendados.md): the moment it was due for, who made it,
 * when it started and ended, its file and size, or the error. One row per due moment, enforced by the
 * database: the server whose insert takes the moment writes the backup; the others of the database skip it.
 */
export const backups = pgTable(
  'backups',
  {
    id: chaveSerial(),
    agendadoPara: timestamp('agendado_para', { withTimezone: true, mode: 'string' }).notNull(),
    servidor: text('servidor').notNull(),
    inicio: timestamp('inicio', { withTimezone: true, mode: 'string' }).notNull().defaultNow(),
    fim: timestamp('fim', { withTimezone: true, mode: 'string' }),
    arquivo: text('arquivo'),
    bytes: bigint('bytes', { mode: 'number' }),
    erro: text('erro'),
  },
  (t) => [uniqueIndex('backups_agendado_para_uq').on(t.agendadoPara)],
);
