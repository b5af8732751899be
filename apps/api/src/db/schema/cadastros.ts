import { sql, type SQL } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
  varchar,
  type PgColumn,
} from 'drizzle-orm/pg-core';

/**
 * Accent- and case-insensitive forms (f_unaccent, migration 0001), as the unique indexes compare
 * names: 'Açúcar', 'ACUCAR' and 'açucar' are one name.
 */
const semAcento = (c: PgColumn): SQL => sql`f_unaccent(${c})`;
/**
 * The Portuguese sort key of a column, as lib/list.ts chaveDeOrdem writes it (byte order of the
 * unaccented lower-case text): an index on it serves the lists and dropdowns sorted by that column.
 */
const chave = (c: PgColumn): SQL => sql`(f_unaccent(${c}) COLLATE "C")`;

export const municipio = pgTable(
  'municipio',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    sigla: varchar('sigla', { length: 2 }).notNull(),
  },
  (t) => [
    // One municipality per name and state ('Bom Jesus' exists in several states).
    uniqueIndex('municipio_nome_sigla_uq').on(semAcento(t.nome), semAcento(t.sigla)),
    index('municipio_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);

export const pessoaTipo = pgTable('pessoa_tipo', {
  id: serial('id').primaryKey(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
});

export const pessoa = pgTable(
  'pessoa',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    cpfcnpj: varchar('cpfcnpj', { length: 18 }).notNull(),
    celular: varchar('celular', { length: 11 }),
    tipoId: integer('tipo_id')
      .notNull()
      .references(() => pessoaTipo.id),
    observacao: text('observacao'),
    foto: text('foto'),
  },
  (t) => [
    index('pessoa_tipo_idx').on(t.tipoId),
    // One person per CPF/CNPJ, compared by its digits (masked or not); the photo is named by them.
    uniqueIndex('pessoa_cpfcnpj_uq').on(sql`regexp_replace(${t.cpfcnpj}, '[^0-9]', '', 'g')`),
    index('pessoa_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);

export const propriedade = pgTable(
  'propriedade',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    endereco: varchar('endereco', { length: 200 }),
    numero: varchar('numero', { length: 200 }),
    complemento: varchar('complemento', { length: 200 }),
    cep: varchar('cep', { length: 8 }),
    municipioId: integer('municipio_id')
      .notNull()
      .references(() => municipio.id),
    areaTotal: numeric('area_total', { precision: 12, scale: 2 }).notNull(),
    areaExplorada: numeric('area_explorada', { precision: 12, scale: 2 }).notNull(),
    areaCultivada: numeric('area_cultivada', { precision: 12, scale: 2 }).notNull(),
    geoLocalizacao: varchar('geo_localizacao', { length: 200 }).notNull().default('0,0'),
    pronaf: boolean('pronaf').notNull().default(false),
    tipoPosse: varchar('tipo_posse', { length: 20 }).notNull(),
    proprietarioId: integer('proprietario_id')
      .notNull()
      .references(() => pessoa.id),
  },
  (t) => [
    index('propriedade_proprietario_idx').on(t.proprietarioId),
    index('propriedade_nome_chave_idx').on(chave(t.nome), t.id),
    // The explored and the cultivated areas are parts of the total area.
    check('propriedade_area_explorada_ck', sql`${t.areaExplorada} <= ${t.areaTotal}`),
    check('propriedade_area_cultivada_ck', sql`${t.areaCultivada} <= ${t.areaTotal}`),
  ],
);

/** Stalls of the market floor (252 seeded). */
export const pedras = pgTable(
  'pedras',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    numero: varchar('numero', { length: 200 }).notNull(),
  },
  // One stall per number (spaces around it, case and accents do not make another).
  (t) => [uniqueIndex('pedras_numero_uq').on(sql`f_unaccent(trim(${t.numero}))`)],
);

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

/** Debts of the municipality's tax system, loaded from its CSV export (the default debt provider). */
export const dividas = pgTable('dividas', {
  numero: bigint('numero', { mode: 'number' }).primaryKey(),
  nomeContribuinte: varchar('nome_contribuinte', { length: 200 }).notNull(),
  valorPgto: numeric('valor_pgto', { precision: 12, scale: 2 }).notNull(),
  atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
});

export const produtoGrupo = pgTable(
  'produto_grupo',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    unPadrao: varchar('un_padrao', { length: 200 }).notNull(),
  },
  (t) => [
    // One group per name; the group list and dropdowns in name order.
    uniqueIndex('produto_grupo_nome_uq').on(semAcento(t.nome)),
    index('produto_grupo_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);

export const statusProduto = pgTable('status_produto', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 200 }).notNull().unique(),
});

export const produto = pgTable(
  'produto',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    nome: varchar('nome', { length: 200 }).notNull(),
    embalagem: varchar('embalagem', { length: 200 }).notNull(),
    pesoEmKg: numeric('peso_em_kg', { precision: 12, scale: 2 }).notNull().default('1'),
    produtoGrupoId: integer('produto_grupo_id')
      .notNull()
      .references(() => produtoGrupo.id),
    status: varchar('status', { length: 200 }).notNull().default('ATIVO'),
  },
  (t) => [
    index('produto_grupo_idx').on(t.produtoGrupoId),
    // One product per name and packaging.
    uniqueIndex('produto_nome_embalagem_uq').on(semAcento(t.nome), semAcento(t.embalagem)),
    // The product list in name / packaging order (the price list sorts on its own copies, migration 0006).
    index('produto_nome_chave_idx').on(chave(t.nome), t.id),
    index('produto_embalagem_chave_idx').on(chave(t.embalagem), t.id),
  ],
);

export const precos = pgTable(
  'precos',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    valor: numeric('valor', { precision: 12, scale: 2 }).notNull(),
    data: date('data', { mode: 'string' }).notNull(),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produto.id),
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
    produtoGrupoId: integer('produto_grupo_id')
      .notNull()
      .references(() => produtoGrupo.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
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
 * Harvest bulletins: an agronomist's visit report of what a property will harvest. Their validity
 * (dataVigencia, the latest fimColheita) and each item's commercialised quantity and balance are
 * computed when read (boletim.repository.ts), never stored.
 */
export const boletim = pgTable(
  'boletim',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    dataVisita: date('data_visita', { mode: 'string' }).notNull(),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
    produtorId: integer('produtor_id')
      .notNull()
      .references(() => pessoa.id),
    propriedadeId: integer('propriedade_id')
      .notNull()
      .references(() => propriedade.id),
    tecnicoId: integer('tecnico_id')
      .notNull()
      .references(() => pessoa.id),
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
    id: serial('id').primaryKey(),
    boletimId: integer('boletim_id')
      .notNull()
      .references(() => boletim.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produto.id),
    areaProducao: numeric('area_producao', { precision: 12, scale: 2 }).notNull(),
    producaoEstimada: numeric('producao_estimada', { precision: 14, scale: 2 }).notNull(),
    producaoEmbalada: numeric('producao_embalada', { precision: 14, scale: 2 }).notNull(),
    inicioColheita: date('inicio_colheita', { mode: 'string' }).notNull(),
    fimColheita: date('fim_colheita', { mode: 'string' }).notNull(),
  },
  (t) => [
    index('boletim_itens_boletim_idx').on(t.boletimId),
    index('boletim_itens_produto_idx').on(t.produtoId),
    check('boletim_itens_colheita_ck', sql`${t.fimColheita} >= ${t.inicioColheita}`),
    check('boletim_itens_quantidades_ck', sql`${t.areaProducao} >= 0 AND ${t.producaoEstimada} >= 0 AND ${t.producaoEmbalada} >= 0`),
  ],
);

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
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    boletimItemId: integer('boletim_item_id')
      .notNull()
      .references(() => boletimItens.id, { onDelete: 'no action' }),
    produtoAntigoId: integer('produto_antigo_id')
      .notNull()
      .references(() => produto.id),
    dataPlantio: date('data_plantio', { mode: 'string' }).notNull(),
    dataColheita: date('data_colheita', { mode: 'string' }).notNull(),
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

/** Fertilisation and soil correction rows of a notebook. */
export const adubacaoCorrecao = pgTable(
  'adubacao_correcao',
  {
    id: serial('id').primaryKey(),
    cadernoId: integer('caderno_id')
      .notNull()
      .references(() => caderno.id, { onDelete: 'cascade' }),
    naoNecessarias: boolean('nao_necessarias').notNull().default(false),
    dataAplicacao: date('data_aplicacao', { mode: 'string' }),
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
    id: serial('id').primaryKey(),
    cadernoId: integer('caderno_id')
      .notNull()
      .references(() => caderno.id, { onDelete: 'cascade' }),
    naoNecessarias: boolean('nao_necessarias').notNull().default(false),
    data: date('data', { mode: 'string' }),
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

/**
 * A debt number belongs to one romaneio batch (CONTRACT.md): the romaneios created together, one per
 * issue date, share their debt. The batch's row is the debt's one owner: a later batch with the same debt
 * fails on this primary key, also when two clerks save at the same moment.
 */
export const romaneioDivida = pgTable('romaneio_divida', {
  divida: bigint('divida', { mode: 'number' }).primaryKey(),
});

export const romaneio = pgTable(
  'romaneio',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    dataEmissao: date('data_emissao', { mode: 'string' }).notNull(),
    /** The batch this romaneio belongs to (its debt). */
    divida: bigint('divida', { mode: 'number' })
      .notNull()
      .references(() => romaneioDivida.divida),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id),
  },
  (t) => [
    index('romaneio_divida_idx').on(t.divida),
    index('romaneio_data_idx').on(t.dataEmissao),
    index('romaneio_pessoa_idx').on(t.pessoaId),
    // Target of romaneio_pedras' (romaneio_id, data) key: a stall is booked on its romaneio's own date.
    unique('romaneio_id_data_uq').on(t.id, t.dataEmissao),
  ],
);

export const romaneioItens = pgTable(
  'romaneio_itens',
  {
    id: serial('id').primaryKey(),
    romaneioId: integer('romaneio_id')
      .notNull()
      .references(() => romaneio.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produto.id),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
    boletimItensId: integer('boletim_itens_id').references(() => boletimItens.id),
  },
  (t) => [
    index('romaneio_itens_romaneio_idx').on(t.romaneioId),
    index('romaneio_itens_boletim_itens_idx').on(t.boletimItensId),
    check('romaneio_itens_quantidade_ck', sql`${t.quantidade} > 0 AND ${t.quantidade} <= 10000`),
  ],
);

/** Stall occupation per (stall, date): unique, so the database refuses a second occupant. */
export const romaneioPedras = pgTable(
  'romaneio_pedras',
  {
    id: serial('id').primaryKey(),
    romaneioId: integer('romaneio_id').notNull(),
    pedraId: integer('pedra_id')
      .notNull()
      .references(() => pedras.id),
    /** The romaneio's issue date (the key below keeps them equal). */
    data: date('data', { mode: 'string' }).notNull(),
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

/** A quotation (cotacao): a producer or shop owner whose prices the market surveys, active or not. */
export const cotacao = pgTable(
  'cotacao',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id),
    ativo: boolean('ativo').notNull().default(true),
  },
  (t) => [index('cotacao_pessoa_idx').on(t.pessoaId)],
);
