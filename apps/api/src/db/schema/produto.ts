import { index, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave, semAcento } from './chaves';
import { chaveEVersao, chaveSerial, referencia } from './colunas';
import { produtoGrupo } from './produto-grupo';

export const statusProduto = pgTable('status_produto', {
  id: chaveSerial(),
  nome: varchar('nome', { length: 200 }).notNull().unique(),
});

export const produto = pgTable(
  'produto',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: 200 }).notNull(),
    embalagem: varchar('embalagem', { length: 200 }).notNull(),
    pesoEmKg: numeric('peso_em_kg', { precision: 12, scale: 2 }).notNull().default('1'),
    produtoGrupoId: referencia('produto_grupo_id', () => produtoGrupo.id),
    status: varchar('status', { length: 200 }).notNull().default('ATIVO'),
  },
  (t) => [
    index('produto_grupo_idx').on(t.produtoGrupoId),
    // One product per name and packaging.
    uniqueIndex('produto_nome_embalagem_uq').on(semAcento(t.nome), semAcento(t.embalagem)),
    // The product list in name / packaging order (the price list sorts on its own copies, migration 0006).
    index('produto_nome_chave_idx').on(chave(t.nome), t.id),
    index('produto_embalagem_chave_idx').on(chave(t.embalagem), t.id),
  ],
);
