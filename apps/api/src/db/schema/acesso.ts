import { bigserial, boolean, index, integer, pgTable, serial, text, timestamp, unique, varchar } from 'drizzle-orm/pg-core';

export const rotas = pgTable('rotas', {
  id: serial('id').primaryKey(),
  /** Changes on every save: a save that sends another is refused (decision 0085). */
  versao: integer('versao').notNull().default(1),
  nome: varchar('nome', { length: 200 }).notNull().unique(),
  /**
   * What the permission checks match (decision 0163): the route's name when it was created, never changed by a
   * rename (the database keeps it: migration rotas_chave's trigger). The product's routes have ROTAS as keys.
   */
  chave: varchar('chave', { length: 200 }).notNull().unique(),
});

export const grupoPermissoes = pgTable('grupo_permissoes', {
  id: serial('id').primaryKey(),
  /** Changes on every save: a save that sends another is refused (decision 0085). */
  versao: integer('versao').notNull().default(1),
  nome: varchar('nome', { length: 200 }).notNull(),
});

export const permissoes = pgTable(
  'permissoes',
  {
    id: serial('id').primaryKey(),
    grupoId: integer('grupo_id')
      .notNull()
      .references(() => grupoPermissoes.id, { onDelete: 'cascade' }),
    rotaId: integer('rota_id')
      .notNull()
      .references(() => rotas.id, { onDelete: 'cascade' }),
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
    updated: timestamp('updated', { withTimezone: true }).notNull().defaultNow(),
    cadastro: text('cadastro').notNull(),
    cadastroId: text('cadastro_id').notNull(),
    acao: text('acao').notNull(),
    conteudo: text('conteudo').notNull(),
    conteudoAnterior: text('conteudo_anterior'),
  },
  (t) => [index('logs_cadastro_idx').on(t.cadastro, t.cadastroId)],
);
