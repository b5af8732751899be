import { boolean, index, integer, pgTable, serial } from 'drizzle-orm/pg-core';
import { pessoa } from './pessoa';

/** A quotation (cotacao): a producer or shop owner whose prices the market surveys, active or not. */
export const cotacao = pgTable(
  'cotacao',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('cotacao_pessoa_idx').on(t.pessoaId)],
);
