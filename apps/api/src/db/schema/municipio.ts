import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { limiteDe, municipioInput } from '@ceasa/shared';
import { chave, semAcento } from './chaves';

export const municipio = pgTable(
  'municipio',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: limiteDe(municipioInput, 'nome') }).notNull(),
    sigla: varchar('sigla', { length: limiteDe(municipioInput, 'sigla') }).notNull(),
  },
  (t) => [
    // One municipality per name and state ('Bom Jesus' exists in several states).
    uniqueIndex('municipio_nome_sigla_uq').on(semAcento(t.nome), semAcento(t.sigla)),
    index('municipio_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);
