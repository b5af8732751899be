import { index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave, semAcento } from './chaves';
import { chaveEVersao } from './colunas';

export const produtoGrupo = pgTable(
  'produto_grupo',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: 200 }).notNull(),
    unPadrao: varchar('un_padrao', { length: 200 }).notNull(),
  },
  (t) => [
    // One group per name; the group list and dropdowns in name order.
    uniqueIndex('produto_grupo_nome_uq').on(semAcento(t.nome)),
    index('produto_grupo_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);
