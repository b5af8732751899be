import { sql } from 'drizzle-orm';
import { bigint, boolean, check, foreignKey, index, integer, numeric, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { boletimItens } from './boletim';
import { chaveEVersao, chaveSerial, dia, referencia } from './colunas';
import { pedras } from './pedra';
import { pessoa } from './pessoa';
import { chegadas } from './portal';
import { produto } from './produto';

/**
 * A debt number belongs to one romaneio batch (docs/produto/dados.md): the romaneios created together, one per
 * issue date, share their debt. The batch's row is the debt's one owner: a later batch with the same debt
 * fails on this primary key, also when two clerks save at the same moment. A day of a batch deleted may be
 * entered again under its debt: by the batch's producer, on one of the batch's dates it no longer has.
 */
export const romaneioDivida = pgTable('romaneio_divida', {
  divida: bigint('divida', { mode: 'number' }).primaryKey(),
  /** The batch's issue dates as it was entered: a day deleted may be entered again under the debt, no other. */
  datas: dia('datas').array(),
});

export const romaneio = pgTable(
  'romaneio',
  {
    ...chaveEVersao(),
    dataEmissao: dia('data_emissao').notNull(),
    /** The batch this romaneio belongs to (its debt). */
    divida: bigint('divida', { mode: 'number' })
      .notNull()
      .references(() => romaneioDivida.divida),
    pessoaId: referencia('pessoa_id', () => pessoa.id),
    /** The load the producer announced in the portal, received by this romaneio (at most one romaneio each). */
    chegadaId: integer('chegada_id')
      .unique()
      .references(() => chegadas.id),
  },
  (t) => [
    index('romaneio_divida_idx').on(t.divida),
    // The romaneio list's own order (date, then id; newest first read backwards): a page reads its 20 romaneios and
    // stops, however many the newest day holds (on the date alone it computed every one of that day's 'Quantidade
    // zerado?' before sorting them by id: docs/performance.md, 'A decade of data'). Also what a date filter reads.
    index('romaneio_data_idx').on(t.dataEmissao, t.id),
    index('romaneio_pessoa_idx').on(t.pessoaId),
    // Target of romaneio_pedras' (romaneio_id, data) key: a stall is booked on its romaneio's own date.
    unique('romaneio_id_data_uq').on(t.id, t.dataEmissao),
    // One romaneio per date in a batch: a day deleted and entered again under the same debt never doubles a date.
    unique('romaneio_divida_data_uq').on(t.divida, t.dataEmissao),
  ],
);

export const romaneioItens = pgTable(
  'romaneio_itens',
  {
    id: chaveSerial(),
    romaneioId: referencia('romaneio_id', () => romaneio.id, { onDelete: 'cascade' }),
    produtoId: referencia('produto_id', () => produto.id),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
    boletimItensId: integer('boletim_itens_id').references(() => boletimItens.id),
    /**
     * The lot code of its label (decision 0107): 12 random signs of ALFABETO_LOTE drawn by the database
     * (`f_codigo_lote()`, from gen_random_uuid's random bytes), unique. Null on items saved before it:
     * their code stays 'romaneioIdRitemId'.
     */
    codigoLote: varchar('codigo_lote', { length: 12 }).default(sql`f_codigo_lote()`),
  },
  (t) => [
    unique('romaneio_itens_codigo_lote_uq').on(t.codigoLote),
    // A romaneio's items; with their product, so the list's product-name filter checks a romaneio from the index alone.
    index('romaneio_itens_romaneio_idx').on(t.romaneioId, t.produtoId),
    index('romaneio_itens_boletim_itens_idx').on(t.boletimItensId),
    // The romaneios with an item of some products (the list's product-name filter), read from the index alone.
    index('romaneio_itens_produto_idx').on(t.produtoId, t.romaneioId),
    check('romaneio_itens_quantidade_ck', sql`${t.quantidade} > 0 AND ${t.quantidade} <= 10000`),
  ],
);

/** Stall occupation per (stall, date): unique, so the database refuses a second occupant. */
export const romaneioPedras = pgTable(
  'romaneio_pedras',
  {
    id: chaveSerial(),
    romaneioId: integer('romaneio_id').notNull(),
    pedraId: referencia('pedra_id', () => pedras.id),
    /** The romaneio's issue date (the key below keeps them equal). */
    data: dia('data').notNull(),
    ocupacao: varchar('ocupacao', { length: 50 }),
  },
  (t) => [
    unique('romaneio_pedras_pedra_data_uq').on(t.pedraId, t.data),
    index('romaneio_pedras_romaneio_idx').on(t.romaneioId),
    index('romaneio_pedras_data_idx').on(t.data),
    foreignKey({ name: 'romaneio_pedras_romaneio_data_fk', columns: [t.romaneioId, t.data], foreignColumns: [romaneio.id, romaneio.dataEmissao] }).onDelete(
      'cascade',
    ),
  ],
);

/**
 * The producer's NF-e access keys of a romaneio (decision 0175): a key belongs to one romaneio only, which
 * the unique key keeps (also between two saves at the same moment). `emitente_confere` false: the key's issuer was
 * not the producer's document and the clerk confirmed it.
 */
export const romaneioNfe = pgTable(
  'romaneio_nfe',
  {
    id: chaveSerial(),
    romaneioId: referencia('romaneio_id', () => romaneio.id, { onDelete: 'cascade' }),
    chave: varchar('chave', { length: 44 }).notNull(),
    emitenteConfere: boolean('emitente_confere').notNull(),
  },
  (t) => [
    unique('romaneio_nfe_chave_uq').on(t.chave),
    index('romaneio_nfe_romaneio_idx').on(t.romaneioId),
    check('romaneio_nfe_chave_ck', sql`${t.chave} ~ '^[0-9]{6}[0-9A-Z]{14}[0-9]{24}$'`),
  ],
);
