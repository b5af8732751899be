import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial } from 'drizzle-orm/pg-core';
import { municipio } from './municipio';
import { pessoa } from './pessoa';
import { produto } from './produto';

export const loja = pgTable(
  'loja',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    lojistaId: integer('lojista_id')
      .notNull()
      .references(() => pessoa.id),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
  },
  (t) => [index('loja_data_idx').on(t.dataEmissao), index('loja_lojista_idx').on(t.lojistaId)],
);

export const lojaItens = pgTable(
  'loja_itens',
  {
    id: serial('id').primaryKey(),
    lojaId: integer('loja_id')
      .notNull()
      .references(() => loja.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produto.id),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
    municipioId: integer('municipio_id')
      .notNull()
      .references(() => municipio.id),
  },
  (t) => [index('loja_itens_loja_idx').on(t.lojaId), check('loja_itens_quantidade_ck', sql`${t.quantidade} > 0 AND ${t.quantidade} <= 10000`)],
);
