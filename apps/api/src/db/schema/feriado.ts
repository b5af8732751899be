import { sql } from 'drizzle-orm';
import { check, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { feriadoInput, limiteDe } from '@ceasa/shared';
import { chaveEVersao, dia } from './colunas';

/** The market calendar's dated records: a holiday ('feriado') closes a market day, an 'extra' one opens a day (decision 0145). */
export const feriado = pgTable(
  'feriado',
  {
    ...chaveEVersao(),
    data: dia('data').notNull(),
    nome: varchar('nome', { length: limiteDe(feriadoInput, 'nome') }).notNull(),
    tipo: varchar('tipo', { length: 10 }).notNull().default('feriado'),
  },
  (t) => [uniqueIndex('feriado_data_uq').on(t.data), check('feriado_tipo_ck', sql`${t.tipo} IN ('feriado', 'extra')`)],
);
