import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { inspecaoInput, limiteDe } from '@ceasa/shared';
import { chaveEVersao, dia, instanteAgora, referencia } from './colunas';
import { romaneio } from './romaneio';

/**
 * The draw of each romaneio for inspection (decision 0185): one row per romaneio, written once (the first
 * time the inspector's day list meets it) and never changed, so a drawn romaneio stays drawn. Goes with
 * its romaneio.
 */
export const inspecaoSorteio = pgTable(
  'inspecao_sorteio',
  {
    romaneioId: integer('romaneio_id')
      .primaryKey()
      .references(() => romaneio.id, { onDelete: 'cascade' }),
    /** The romaneio's issue date (the market day it was drawn on). */
    data: dia('data').notNull(),
    sorteado: boolean('sorteado').notNull(),
    /** INSPECAO_PERCENTUAL when it was drawn. */
    percentual: numeric('percentual', { precision: 5, scale: 2 }).notNull(),
    sorteadoEm: instanteAgora('sorteado_em'),
  },
  (t) => [index('inspecao_sorteio_data_idx').on(t.data), check('inspecao_sorteio_percentual_ck', sql`${t.percentual} BETWEEN 0 AND 100`)],
);

/**
 * An inspection of a romaneio's load (decisions 0185–0187): a label checklist or a residue sample with its
 * laboratory result. A non-conforming residue result keeps the last day of the producer's suspension.
 */
export const inspecao = pgTable(
  'inspecao',
  {
    ...chaveEVersao(),
    romaneioId: referencia('romaneio_id', () => romaneio.id),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    coletaEm: dia('coleta_em').notNull(),
    laboratorio: varchar('laboratorio', { length: limiteDe(inspecaoInput, 'laboratorio') }),
    codigoAmostra: varchar('codigo_amostra', { length: limiteDe(inspecaoInput, 'codigoAmostra') }),
    resultado: varchar('resultado', { length: 12 }),
    principioAtivo: varchar('principio_ativo', { length: limiteDe(inspecaoInput, 'principioAtivo') }),
    checklist: jsonb('checklist').$type<Record<string, boolean>>(),
    observacao: varchar('observacao', { length: limiteDe(inspecaoInput, 'observacao') }),
    /** Last day of the producer's suspension (a non-conforming residue result: the collection date plus SUSPENSAO_DIAS). */
    suspensoAte: dia('suspenso_ate'),
  },
  (t) => [
    index('inspecao_romaneio_idx').on(t.romaneioId),
    uniqueIndex('inspecao_amostra_uq').on(t.laboratorio, t.codigoAmostra),
    check('inspecao_tipo_ck', sql`${t.tipo} IN ('rotulagem', 'residuo')`),
    check('inspecao_resultado_ck', sql`${t.resultado} IN ('conforme', 'nao_conforme', 'pendente')`),
    // A residue sample has its lab, code and result; a label inspection its checklist.
    check(
      'inspecao_residuo_ck',
      sql`${t.tipo} <> 'residuo' OR (${t.laboratorio} IS NOT NULL AND ${t.codigoAmostra} IS NOT NULL AND ${t.resultado} IS NOT NULL)`,
    ),
    check('inspecao_rotulagem_ck', sql`${t.tipo} <> 'rotulagem' OR ${t.checklist} IS NOT NULL`),
    // Only a non-conforming residue result suspends, and it always does.
    check('inspecao_suspensao_ck', sql`(${t.suspensoAte} IS NOT NULL) = (${t.tipo} = 'residuo' AND ${t.resultado} = 'nao_conforme')`),
  ],
);
