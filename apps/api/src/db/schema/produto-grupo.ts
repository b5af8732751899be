import { index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave, semAcento } from './chaves';

export const produtoGrupo = pgTable(
  'produto_grupo',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    unPadrao: varchar('un_padrao', { length: 200 }).notNull(),
  },
  (t) => [
    // One group per name; the group list and dropdowns in name order.
    uniqueIndex('produto_grupo_nome_uq').on(semAcento(t.nome)),
    index('produto_grupo_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);
