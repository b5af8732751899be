import { bigint, date, integer, numeric, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { pessoa } from './pessoa';

export const veiculoTipo = pgTable('veiculo_tipo', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull(),
});

export const estacionamento = pgTable('estacionamento', {
  id: serial('id').primaryKey(),
  /** Changes on every save: a save that sends another is refused (decision 0085). */
  versao: integer('versao').notNull().default(1),
  data: date('data', { mode: 'string' }).notNull(),
  placa: varchar('placa', { length: 200 }).notNull(),
  valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
  divida: bigint('divida', { mode: 'number' }).notNull(),
  pessoaId: integer('pessoa_id')
    .notNull()
    .references(() => pessoa.id),
  veiculoTipoId: integer('veiculo_tipo_id')
    .notNull()
    .references(() => veiculoTipo.id),
});
