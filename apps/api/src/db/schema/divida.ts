import { bigint, numeric, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/** Debts of the municipality's tax system, loaded from its CSV export (the default debt provider). */
export const dividas = pgTable('dividas', {
  numero: bigint('numero', { mode: 'number' }).primaryKey(),
  nomeContribuinte: varchar('nome_contribuinte', { length: 200 }).notNull(),
  valorPgto: numeric('valor_pgto', { precision: 12, scale: 2 }).notNull(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});
