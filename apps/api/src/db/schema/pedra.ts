import { sql } from 'drizzle-orm';
import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chaveEVersao } from './colunas';

/** Stalls of the market floor (252 seeded). */
export const pedras = pgTable(
  'pedras',
  {
    ...chaveEVersao(),
    numero: varchar('numero', { length: 200 }).notNull(),
  },
  // One stall per number (spaces around it, case and accents do not make another).
  (t) => [uniqueIndex('pedras_numero_uq').on(sql`f_unaccent(trim(${t.numero}))`)],
);
