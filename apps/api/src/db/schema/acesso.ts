import { bigserial, boolean, index, pgTable, text, unique, varchar } from 'drizzle-orm/pg-core';
import { chaveEVersao, chaveSerial, instanteAgora, referencia } from './colunas';

export const rotas = pgTable('rotas', {
  ...chaveEVersao(),
  nome: varchar('nome', { length: 200 }).notNull().unique(),
  /**
   * What the permission checks match (decision 0163): the route's name when it was created, never changed by a
   * rename (the database keeps it: migration rotas_chave's trigger). The product's routes have ROTAS as keys.
   */
  chave: varchar('chave', { length: 200 }).notNull().unique(),
});

export const grupoPermissoes = pgTable('grupo_permissoes', {
  ...chaveEVersao(),
  nome: varchar('nome', { length: 200 }).notNull(),
});

export const permissoes = pgTable(
  'permissoes',
  {
    id: chaveSerial(),
    grupoId: referencia('grupo_id', () => grupoPermissoes.id, { onDelete: 'cascade' }),
    rotaId: referencia('rota_id', () => rotas.id, { onDelete: 'cascade' }),
    criar: boolean('criar').notNull().default(false),
    editar: boolean('editar').notNull().default(false),
    deletar: boolean('deletar').notNull().default(false),
    visualizar: boolean('visualizar').notNull().default(false),
  },
  (t) => [unique('permissoes_grupo_rota_uq').on(t.grupoId, t.rotaId)],
);

/** Audit trail: one row per create, update and delete, written in the same transaction. */
export const logs = pgTable(
  'logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuario: text('usuario').notNull(),
    updated: instanteAgora('updated'),
    cadastro: text('cadastro').notNull(),
    cadastroId: text('cadastro_id').notNull(),
    acao: text('acao').notNull(),
    conteudo: text('conteudo').notNull(),
    conteudoAnterior: text('conteudo_anterior'),
  },
  (t) => [index('logs_cadastro_idx').on(t.cadastro, t.cadastroId)],
);
