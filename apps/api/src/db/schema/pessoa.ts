import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave } from './chaves';

export const pessoaTipo = pgTable('pessoa_tipo', {
  id: serial('id').primaryKey(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
});

export const pessoa = pgTable(
  'pessoa',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    cpfcnpj: varchar('cpfcnpj', { length: 18 }).notNull(),
    celular: varchar('celular', { length: 11 }),
    tipoId: integer('tipo_id')
      .notNull()
      .references(() => pessoaTipo.id),
    observacao: text('observacao'),
    foto: text('foto'),
  },
  (t) => [
    index('pessoa_tipo_idx').on(t.tipoId),
    // One person per CPF/CNPJ, compared by its digits (masked or not); the photo is named by them.
    uniqueIndex('pessoa_cpfcnpj_uq').on(sql`regexp_replace(${t.cpfcnpj}, '[^0-9]', '', 'g')`),
    index('pessoa_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);
