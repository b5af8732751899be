import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bairroRecurso, limiteDe } from '@ceasa/shared';
import { municipio } from './municipio';

/** A neighbourhood of a municipality, one name per municipality. */
export const bairro = pgTable(
  'bairro',
  {
    id: serial('id').primaryKey(),
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: limiteDe(bairroRecurso.api.entrada, 'nome') }).notNull(),
    municipioId: integer('municipio_id')
      .notNull()
      .references(() => municipio.id),
  },
  (t) => [uniqueIndex('bairro_nome_municipio_uq').on(t.nome, t.municipioId)],
);
