import { sql } from 'drizzle-orm';
import { check, index, integer, numeric, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { chaveEVersao, dia, referencia } from './colunas';
import { produto } from './produto';
import { produtoGrupo } from './produto-grupo';

export const precos = pgTable(
  'precos',
  {
    ...chaveEVersao(),
    valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
    data: dia('data').notNull(),
    produtoId: referencia('produto_id', () => produto.id),
  },
  (t) => [
    // The list's default order (data, then id) and a product filter in that order (bench/run.ts).
    index('precos_produto_data_idx').on(t.produtoId, t.data, t.id),
    index('precos_data_idx').on(t.data, t.id),
    // A product's prices in id order (a page filtered by product columns, gathered product by product) and the list by value.
    index('precos_produto_id_idx').on(t.produtoId, t.id),
    index('precos_valor_idx').on(t.valor, t.id),
  ],
);

/**
 * The public quotation's aggregate: one row per (product group, price date) with the min/avg/max
 * of that day's prices of the group's products, and the same per kg (valor / pesoEmKg).
 * Written ONLY by database triggers on precos and produto (migration 'precos_resumo_gatilhos'),
 * so every writer keeps it right; the application never writes it.
 */
export const precosResumo = pgTable(
  'precos_resumo',
  {
    produtoGrupoId: referencia('produto_grupo_id', () => produtoGrupo.id, { onDelete: 'cascade' }),
    data: dia('data').notNull(),
    /** How many prices the row summarises. */
    quantidade: integer('quantidade').notNull(),
    valorMinimo: numeric('valor_minimo', { precision: 12, scale: 2 }).notNull(),
    valorMedio: numeric('valor_medio', { precision: 12, scale: 2 }).notNull(),
    valorMaximo: numeric('valor_maximo', { precision: 12, scale: 2 }).notNull(),
    valorKgMinimo: numeric('valor_kg_minimo', { precision: 12, scale: 2 }).notNull(),
    valorKgMedio: numeric('valor_kg_medio', { precision: 12, scale: 2 }).notNull(),
    valorKgMaximo: numeric('valor_kg_maximo', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.produtoGrupoId, t.data] }),
    index('precos_resumo_valor_minimo_idx').on(t.valorMinimo),
    index('precos_resumo_valor_medio_idx').on(t.valorMedio),
    index('precos_resumo_valor_maximo_idx').on(t.valorMaximo),
    index('precos_resumo_valor_kg_minimo_idx').on(t.valorKgMinimo),
    index('precos_resumo_valor_kg_medio_idx').on(t.valorKgMedio),
    index('precos_resumo_valor_kg_maximo_idx').on(t.valorKgMaximo),
  ],
);

/**
 * The market's situation of a product on a day as the price clerk set it on the day's grid ('firme', 'estavel',
 * 'fraco'; decision 0190). No row: the public quotation derives it from the change of the most common price.
 */
export const precosSituacao = pgTable(
  'precos_situacao',
  {
    produtoId: referencia('produto_id', () => produto.id, { onDelete: 'cascade' }),
    data: dia('data').notNull(),
    situacao: varchar('situacao', { length: 7 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.data, t.produtoId] }), check('precos_situacao_ck', sql`${t.situacao} IN ('firme', 'estavel', 'fraco')`)],
);
