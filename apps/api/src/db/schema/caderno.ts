import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, numeric, pgTable, unique, varchar } from 'drizzle-orm/pg-core';
import { boletimItens } from './boletim';
import { chaveEVersao, chaveSerial, dia, referencia } from './colunas';
import { produto } from './produto';

/**
 * The field notebook of one bulletin item (at most one per item). Its four checkbox sections are
 * stored whole as JSON objects: a fixed set of flags the shared schema (packages/shared caderno.ts)
 * validates, always read and written together, never filtered on. Its item cannot be removed while
 * it exists (NO ACTION, migration 0015; decision 0078): the notebook is removed first, on its own,
 * with an audit row for it and for each of its rows.
 */
export const caderno = pgTable(
  'caderno',
  {
    ...chaveEVersao(),
    boletimItemId: referencia('boletim_item_id', () => boletimItens.id, { onDelete: 'no action' }),
    produtoAntigoId: referencia('produto_antigo_id', () => produto.id),
    dataPlantio: dia('data_plantio').notNull(),
    dataColheita: dia('data_colheita').notNull(),
    areaCultivo: varchar('area_cultivo', { length: 200 }).notNull(),
    preparoSolo: jsonb('preparo_solo').notNull(),
    praticasConservacionistas: jsonb('praticas_conservacionistas').notNull(),
    sementesEMudas: jsonb('sementes_e_mudas').notNull(),
    irrigacao: jsonb('irrigacao').notNull(),
  },
  (t) => [
    unique('caderno_boletim_item_uq').on(t.boletimItemId),
    check('caderno_colheita_ck', sql`${t.dataColheita} >= ${t.dataPlantio}`),
    check(
      'caderno_secoes_ck',
      sql`jsonb_typeof(${t.preparoSolo}) = 'object' AND jsonb_typeof(${t.praticasConservacionistas}) = 'object' AND jsonb_typeof(${t.sementesEMudas}) = 'object' AND jsonb_typeof(${t.irrigacao}) = 'object'`,
    ),
  ],
);

/**
 * The columns every row of a notebook starts with: its key, its notebook (deleted with it), and 'não necessárias':
 * a row either says none were needed or is complete (each table's check).
 */
const linhaDoCaderno = () => ({
  id: chaveSerial(),
  cadernoId: referencia('caderno_id', () => caderno.id, { onDelete: 'cascade' }),
  naoNecessarias: boolean('nao_necessarias').notNull().default(false),
});

/** Fertilisation and soil correction rows of a notebook. */
export const adubacaoCorrecao = pgTable(
  'adubacao_correcao',
  {
    ...linhaDoCaderno(),
    dataAplicacao: dia('data_aplicacao'),
    nomeFormula: varchar('nome_formula', { length: 200 }),
    dose: integer('dose'),
    formaDose: varchar('forma_dose', { length: 10 }),
    formaAplicacao: varchar('forma_aplicacao', { length: 20 }),
    responsavelAplicacao: varchar('responsavel_aplicacao', { length: 200 }),
    observacao: varchar('observacao', { length: 1000 }),
  },
  (t) => [
    index('adubacao_correcao_caderno_idx').on(t.cadernoId),
    check('adubacao_correcao_forma_dose_ck', sql`${t.formaDose} IN ('KG_M', 'L_M', 'G_PLANTA')`),
    check('adubacao_correcao_forma_aplicacao_ck', sql`${t.formaAplicacao} IN ('PLANTIO', 'COBERTURA', 'FOLIAR', 'FERTIRRIGACAO')`),
    check('adubacao_correcao_dose_ck', sql`${t.dose} BETWEEN 1 AND 9999999`),
    // A row is either 'não necessárias' or complete.
    check(
      'adubacao_correcao_completa_ck',
      sql`${t.naoNecessarias} OR (${t.dataAplicacao} IS NOT NULL AND ${t.nomeFormula} IS NOT NULL AND ${t.dose} IS NOT NULL AND ${t.formaDose} IS NOT NULL AND ${t.formaAplicacao} IS NOT NULL AND ${t.responsavelAplicacao} IS NOT NULL)`,
    ),
  ],
);

/** Chemical application rows of a notebook (with their withdrawal period in days). */
export const aplicacaoProdutosQuimicos = pgTable(
  'aplicacao_produtos_quimicos',
  {
    ...linhaDoCaderno(),
    data: dia('data'),
    periodoCarencia: integer('periodo_carencia'),
    pragaDoencaAlvo: varchar('praga_doenca_alvo', { length: 200 }),
    nomeProduto: varchar('nome_produto', { length: 200 }),
    dose: numeric('dose', { precision: 12, scale: 2 }),
    formaDose: varchar('forma_dose', { length: 10 }),
    volumeCalda: numeric('volume_calda', { precision: 12, scale: 2 }),
    operador: varchar('operador', { length: 200 }),
  },
  (t) => [
    index('aplicacao_produtos_quimicos_caderno_idx').on(t.cadernoId),
    check('aplicacao_produtos_quimicos_forma_dose_ck', sql`${t.formaDose} IN ('KG_M', 'L_M', 'G_PLANTA')`),
    check(
      'aplicacao_produtos_quimicos_valores_ck',
      sql`${t.periodoCarencia} BETWEEN 1 AND 9999999 AND ${t.dose} BETWEEN 1 AND 9999999 AND ${t.volumeCalda} BETWEEN 1 AND 9999999`,
    ),
    check(
      'aplicacao_produtos_quimicos_completa_ck',
      sql`${t.naoNecessarias} OR (${t.data} IS NOT NULL AND ${t.periodoCarencia} IS NOT NULL AND ${t.pragaDoencaAlvo} IS NOT NULL AND ${t.nomeProduto} IS NOT NULL AND ${t.dose} IS NOT NULL AND ${t.formaDose} IS NOT NULL AND ${t.volumeCalda} IS NOT NULL AND ${t.operador} IS NOT NULL)`,
    ),
  ],
);
