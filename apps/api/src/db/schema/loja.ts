import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, uniqueIndex } from 'drizzle-orm/pg-core';
import { chaveEVersao, chaveSerial, dia, referencia } from './colunas';
import { municipio } from './municipio';
import { pessoa } from './pessoa';
import { produto } from './produto';
import { romaneioItens } from './romaneio';

export const loja = pgTable(
  'loja',
  {
    ...chaveEVersao(),
    lojistaId: referencia('lojista_id', () => pessoa.id),
    dataEmissao: dia('data_emissao').notNull(),
  },
  (t) => [index('loja_data_idx').on(t.dataEmissao), index('loja_lojista_idx').on(t.lojistaId)],
);

export const lojaItens = pgTable(
  'loja_itens',
  {
    id: chaveSerial(),
    lojaId: referencia('loja_id', () => loja.id, { onDelete: 'cascade' }),
    produtoId: referencia('produto_id', () => produto.id),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
    municipioId: referencia('municipio_id', () => municipio.id),
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
    id: chaveSerial(),
    lojaItemId: referencia('loja_item_id', () => lojaItens.id, { onDelete: 'cascade' }),
    romaneioItemId: referencia('romaneio_item_id', () => romaneioItens.id, { onDelete: 'cascade' }),
  },
  (t) => [uniqueIndex('loja_item_lotes_uq').on(t.lojaItemId, t.romaneioItemId), index('loja_item_lotes_romaneio_item_idx').on(t.romaneioItemId)],
);
