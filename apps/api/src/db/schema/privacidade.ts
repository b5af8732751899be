import { bigserial, index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { chaveSerial, dia, instante, instanteAgora } from './colunas';

/**
 * The holders' requests (LGPD, arts. 18 and 19): kept once the mailbox confirms them (a pending one lives in
 * titular_confirmacoes only, a secret table out of the backups); the deadline counts from the confirmation.
 */
export const titularSolicitacoes = pgTable(
  'titular_solicitacoes',
  {
    id: chaveSerial(),
    tipo: text('tipo').notNull(),
    /** Upper case, letters and digits. Personal data (identificacao). */
    cpfcnpj: text('cpfcnpj').notNull(),
    /** Lower case. Personal data (solicitacao). */
    email: text('email').notNull(),
    texto: text('texto'),
    criadaEm: instante('criada_em').notNull(),
    confirmadaEm: instanteAgora('confirmada_em'),
    prazo: dia('prazo').notNull(),
    resposta: text('resposta'),
    respondidaEm: instante('respondida_em'),
    respondidaPor: text('respondida_por'),
  },
  (t) => [index('titular_solicitacoes_cpfcnpj_idx').on(t.cpfcnpj)],
);

/** A request waiting for its mailbox's confirmation: the token's SHA-256 only; purged after 7 days. Secret: never in a backup. */
export const titularConfirmacoes = pgTable('titular_confirmacoes', {
  id: chaveSerial(),
  tokenHash: text('token_hash').notNull().unique(),
  tipo: text('tipo').notNull(),
  cpfcnpj: text('cpfcnpj').notNull(),
  email: text('email').notNull(),
  texto: text('texto'),
  criadaEm: instanteAgora('criada_em'),
});

/** Requests per client address and per mailbox (its SHA-256), for the limits; purged past a day. Counters: never in a backup. */
export const titularPedidos = pgTable(
  'titular_pedidos',
  {
    id: chaveSerial(),
    endereco: text('endereco').notNull(),
    caixaHash: text('caixa_hash').notNull(),
    criadoEm: instanteAgora('criado_em'),
  },
  (t) => [index('titular_pedidos_endereco_idx').on(t.endereco, t.criadoEm), index('titular_pedidos_caixa_idx').on(t.caixaHash, t.criadoEm)],
);

/** Who read a person's data (who, when, which record; never the data), kept RETENCAO_ACESSOS_MESES. */
export const leituras = pgTable(
  'leituras',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuario: text('usuario').notNull(),
    em: instanteAgora('em'),
    /** What was opened: 'pessoa', 'romaneio', 'recall', 'exportacao'. */
    cadastro: text('cadastro').notNull(),
    cadastroId: text('cadastro_id').notNull(),
    /** The person whose data it shows, when one. */
    pessoaId: integer('pessoa_id'),
  },
  (t) => [index('leituras_pessoa_idx').on(t.pessoaId, t.em), index('leituras_em_idx').on(t.em)],
);

/** Security incidents with personal data (Res. CD/ANPD 15/2024): never deleted, corrections audited. */
export const incidentes = pgTable('incidentes', {
  id: chaveSerial(),
  detectadoEm: dia('detectado_em').notNull(),
  descricao: text('descricao').notNull(),
  categorias: jsonb('categorias').$type<string[]>().notNull(),
  titularesAfetados: integer('titulares_afetados').notNull(),
  medidas: text('medidas').notNull(),
  /** The 3rd business day after detection: the ANPD and the holders are notified by then. */
  prazo: dia('prazo').notNull(),
  registradoEm: instanteAgora('registrado_em'),
  registradoPor: text('registrado_por').notNull(),
});

/** What each anonymisation did (the person's number, why, by whom or by the daily job); no former data. */
export const anonimizacoes = pgTable('anonimizacoes', {
  id: chaveSerial(),
  pessoaId: integer('pessoa_id').notNull().unique(),
  motivo: text('motivo').notNull(),
  feitaEm: instanteAgora('feita_em'),
  feitaPor: text('feita_por').notNull(),
});
