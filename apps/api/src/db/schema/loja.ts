import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, uniqueIndex } from 'drizzle-orm/pg-core';
import { municipio } from './municipio';
import { pessoa } from './pessoa';
import { produto } from './produto';
import { romaneioItens } from './romaneio';

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

/**
 * The lots a shop item sold (decision 0181): romaneio items of the same product from romaneios of the sheet's day,
 * so a recall from a lot reaches the buyers. Gone with the shop item; a romaneio item that is a sold lot is
 * removed only with its trace (cascade: the recall then no longer names that sheet).
 */
export const lojaItemLotes = pgTable(
  'loja_item_lotes',
  {
    id: serial('id').primaryKey(),
    lojaItemId: integer('loja_item_id')
      .notNull()
      .references(() => lojaItens.id, { onDelete: 'cascade' }),
    romaneioItemId: integer('romaneio_item_id')
      .notNull()
      .references(() => romaneioItens.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('loja_item_lotes_uq').on(t.lojaItemId, t.romaneioItemId), index('loja_item_lotes_romaneio_item_idx').on(t.romaneioItemId)],
);
