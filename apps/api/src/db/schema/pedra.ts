import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';

/** Stalls of the market floor (252 seeded). */
export const pedras = pgTable(
  'pedras',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    numero: varchar('numero', { length: 200 }).notNull(),
  },
  // One stall per number (spaces around it, case and accents do not make another).
  (t) => [uniqueIndex('pedras_numero_uq').on(sql`f_unaccent(trim(${t.numero}))`)],
);
