import { boolean, index, pgTable } from 'drizzle-orm/pg-core';
import { chaveEVersao, referencia } from './colunas';
import { pessoa } from './pessoa';

/** A quotation (cotacao): a producer or shop owner whose prices the market surveys, active or not. */
export const cotacao = pgTable(
  'cotacao',
  {
    ...chaveEVersao(),
    pessoaId: referencia('pessoa_id', () => pessoa.id),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('cotacao_pessoa_idx').on(t.pessoaId)],
);
