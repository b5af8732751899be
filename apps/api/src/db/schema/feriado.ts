import { date, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { feriadoInput, limiteDe } from '@ceasa/shared';

export const feriado = pgTable(
  'feriado',
  {
    id: serial('id').primaryKey(),
    versao: integer('versao').notNull().default(1),
    data: date('data', { mode: 'string' }).notNull(),
    nome: varchar('nome', { length: limiteDe(feriadoInput, 'nome') }).notNull(),
  },
  (t) => [uniqueIndex('feriado_data_uq').on(t.data)],
);
