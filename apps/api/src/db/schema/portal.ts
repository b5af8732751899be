import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, primaryKey, serial, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { usuarios } from './identity';
import { pessoa } from './pessoa';
import { produto } from './produto';

/**
 * The producers' portal (docs/produto/portal.md). A portal account is a row of `usuarios` with the role
 * `produtor` bound to one person (`usuarios.pessoa_id`); these tables hold what only the portal has.
 */

/** An invitation mailed by the desk: the link's token is kept only as its SHA-256; accepted once, before it expires. */
export const portalConvites = pgTable(
  'portal_convites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    criadoPor: uuid('criado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
    aceitoEm: timestamp('aceito_em', { withTimezone: true }),
  },
  (t) => [index('portal_convites_pessoa_idx').on(t.pessoaId)],
);

/**
 * A load the producer announces before the gate. It is received when a romaneio names it (`romaneio.chegada_id`,
 * unique): its situation is read from that, never stored twice.
 */
export const chegadas = pgTable(
  'chegadas',
  {
    id: serial('id').primaryKey(),
    /** Changes on every save: a save that sends another is refused (decision 0085). */
    versao: integer('versao').notNull().default(1),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id),
    data: date('data', { mode: 'string' }).notNull(),
    chavesNfe: text('chaves_nfe')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    observacao: varchar('observacao', { length: 500 }),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    alteradaEm: timestamp('alterada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('chegadas_data_idx').on(t.data, t.id), index('chegadas_pessoa_idx').on(t.pessoaId, t.data)],
);

export const chegadaItens = pgTable(
  'chegada_itens',
  {
    id: serial('id').primaryKey(),
    chegadaId: integer('chegada_id')
      .notNull()
      .references(() => chegadas.id, { onDelete: 'cascade' }),
    produtoId: integer('produto_id')
      .notNull()
      .references(() => produto.id),
    quantidade: numeric('quantidade', { precision: 12, scale: 2 }).notNull(),
  },
  (t) => [index('chegada_itens_chegada_idx').on(t.chegadaId), check('chegada_itens_quantidade_ck', sql`${t.quantidade} > 0 AND ${t.quantidade} <= 10000`)],
);

/** The kinds of news the portal sends a producer (each unsubscribed on its own, RFC 8058). */
export const TIPOS_DE_AVISO_DO_PORTAL = ['inspecao', 'suspensao', 'chegada', 'carencia'] as const;

/**
 * News for a producer: shown in the portal and e-mailed (unless he unsubscribed from its kind). `chave` names the
 * event (e.g. a withdrawal period's end), so a daily job that runs twice tells it once.
 */
export const portalAvisos = pgTable(
  'portal_avisos',
  {
    id: serial('id').primaryKey(),
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    chave: text('chave').notNull().unique(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }),
  },
  (t) => [
    index('portal_avisos_pessoa_idx').on(t.pessoaId, t.id),
    check('portal_avisos_tipo_ck', sql`${t.tipo} IN ('inspecao', 'suspensao', 'chegada', 'carencia')`),
  ],
);

/** A kind of news a producer asked not to get by e-mail (he still sees it in the portal). */
export const portalAvisosCancelados = pgTable(
  'portal_avisos_cancelados',
  {
    pessoaId: integer('pessoa_id')
      .notNull()
      .references(() => pessoa.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.pessoaId, t.tipo] })],
);
