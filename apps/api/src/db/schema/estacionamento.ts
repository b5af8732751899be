import { bigint, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { chaveEVersao, chaveSerial, dia, referencia } from './colunas';
import { pessoa } from './pessoa';

export const veiculoTipo = pgTable('veiculo_tipo', {
  id: chaveSerial(),
  nome: varchar('nome', { length: 200 }).notNull(),
});

export const estacionamento = pgTable('estacionamento', {
  ...chaveEVersao(),
  data: dia('data').notNull(),
  placa: varchar('placa', { length: 200 }).notNull(),
  valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
  divida: bigint('divida', { mode: 'number' }).notNull(),
  pessoaId: referencia('pessoa_id', () => pessoa.id),
  veiculoTipoId: referencia('veiculo_tipo_id', () => veiculoTipo.id),
});
