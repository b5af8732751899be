import { bigint, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { instanteAgora } from './colunas';

/** Debts of the municipality's tax system, loaded from its CSV export (the default debt provider). */
export const dividas = pgTable('dividas', {
  numero: bigint('numero', { mode: 'number' }).primaryKey(),
  nomeContribuinte: varchar('nome_contribuinte', { length: 200 }).notNull(),
  valorPgto: numeric('valor_pgto', { precision: 12, scale: 2 }).notNull(),
  atualizadoEm: instanteAgora('atualizado_em'),
});
