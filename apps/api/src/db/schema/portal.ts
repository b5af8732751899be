import { sql } from 'drizzle-orm';
import { check, index, numeric, pgTable, primaryKey, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { chaveEVersao, chaveSerial, dia, instante, instanteAgora, referencia } from './colunas';
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
    pessoaId: referencia('pessoa_id', () => pessoa.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    criadoPor: uuid('criado_por').references(() => usuarios.id, { onDelete: 'set null' }),
    criadoEm: instanteAgora('criado_em'),
    expiraEm: instante('expira_em').notNull(),
    aceitoEm: instante('aceito_em'),
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
    ...chaveEVersao(),
    pessoaId: referencia('pessoa_id', () => pessoa.id),
    data: dia('data').notNull(),
    chavesNfe: text('chaves_nfe')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    observacao: varchar('observacao', { length: 500 }),
    criadaEm: instanteAgora('criada_em'),
    alteradaEm: instanteAgora('alterada_em'),
  },
  (t) => [index('chegadas_data_idx').on(t.data, t.id), index('chegadas_pessoa_idx').on(t.pessoaId, t.data)],
);

export const chegadaItens = pgTable(
  'chegada_itens',
  {
    id: chaveSerial(),
    chegadaId: referencia('chegada_id', () => chegadas.id, { onDelete: 'cascade' }),
    produtoId: referencia('produto_id', () => produto.id),
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
    id: chaveSerial(),
    pessoaId: referencia('pessoa_id', () => pessoa.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    chave: text('chave').notNull().unique(),
    titulo: text('titulo').notNull(),
    texto: text('texto').notNull(),
    criadoEm: instanteAgora('criado_em'),
    enviadoEm: instante('enviado_em'),
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
    pessoaId: referencia('pessoa_id', () => pessoa.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 12 }).notNull(),
    criadoEm: instanteAgora('criado_em'),
  },
  (t) => [primaryKey({ columns: [t.pessoaId, t.tipo] })],
);
