import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable } from 'drizzle-orm/pg-core';
import { chaveEVersao, chaveSerial, dia, referencia } from './colunas';
import { pessoa } from './pessoa';
import { produto } from './produto';
import { propriedade } from './propriedade';

/**
 * Harvest bulletins: an agronomist's visit report of what a property will harvest. Their validity
 * (dataVigencia, the latest fimColheita) and each item's commercialised quantity and balance are
 * computed when read (boletim.repository.ts), never stored.
 */
export const boletim = pgTable(
  'boletim',
  {
    ...chaveEVersao(),
    dataVisita: dia('data_visita').notNull(),
    dataEmissao: dia('data_emissao').notNull(),
    produtorId: referencia('produtor_id', () => pessoa.id),
    propriedadeId: referencia('propriedade_id', () => propriedade.id),
    tecnicoId: referencia('tecnico_id', () => pessoa.id),
  },
  // The list's dropdown filters and the issue-date filter.
  (t) => [
    index('boletim_produtor_idx').on(t.produtorId),
    index('boletim_propriedade_idx').on(t.propriedadeId),
    index('boletim_tecnico_idx').on(t.tecnicoId),
    index('boletim_data_emissao_idx').on(t.dataEmissao, t.id),
  ],
);

export const boletimItens = pgTable(
  'boletim_itens',
  {
    id: chaveSerial(),
    boletimId: referencia('boletim_id', () => boletim.id, { onDelete: 'cascade' }),
    produtoId: referencia('produto_id', () => produto.id),
    areaProducao: numeric('area_producao', { precision: 12, scale: 2 }).notNull(),
    producaoEstimada: numeric('producao_estimada', { precision: 14, scale: 2 }).notNull(),
    producaoEmbalada: numeric('producao_embalada', { precision: 14, scale: 2 }).notNull(),
    inicioColheita: dia('inicio_colheita').notNull(),
    fimColheita: dia('fim_colheita').notNull(),
  },
  (t) => [
    index('boletim_itens_boletim_idx').on(t.boletimId),
    index('boletim_itens_produto_idx').on(t.produtoId),
    // The producers with a harvest ending on or after a day (the gate form's producers, decision 0126): a year's items.
    index('boletim_itens_fim_colheita_idx').on(t.fimColheita, t.boletimId),
    check('boletim_itens_colheita_ck', sql`${t.fimColheita} >= ${t.inicioColheita}`),
    check('boletim_itens_quantidades_ck', sql`${t.areaProducao} >= 0 AND ${t.producaoEstimada} >= 0 AND ${t.producaoEmbalada} >= 0`),
  ],
);
