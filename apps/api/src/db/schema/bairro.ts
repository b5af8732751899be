import { pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { bairroRecurso, limiteDe } from '@ceasa/shared';
import { chaveEVersao, referencia } from './colunas';
import { municipio } from './municipio';

/** A neighbourhood of a municipality, one name per municipality. */
export const bairro = pgTable(
  'bairro',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: limiteDe(bairroRecurso.api.entrada, 'nome') }).notNull(),
    municipioId: referencia('municipio_id', () => municipio.id),
  },
  (t) => [uniqueIndex('bairro_nome_municipio_uq').on(t.nome, t.municipioId)],
);
