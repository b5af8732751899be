import { boolean, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { pessoa } from './pessoa';

/** A quotation (cotacao): a producer or shop owner whose prices the market surveys, active or not. */
export const cotacao = pgTable(
  'cotacao',
  {
    id: serial('id').primaryKey(),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('cotacao_pessoa_idx').on(t.pessoaId)],
);
