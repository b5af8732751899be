import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { chaveSerial, dia, instante, instanteAgora, referencia } from './colunas';

/**
 * E-mail subscriptions to the day's quotation and price alerts (decision 0196). A request is pending until its
 * link is opened (`confirmada_em`); one confirmed subscription per e-mail (the database refuses a second); an
 * unsubscribe deletes the row (nothing of the person is kept after it). The unsubscribe token is not stored: it is
 * computed from the id and a secret key (assinaturas.repository.ts `tokenDeCancelamento`).
 */
export const assinaturas = pgTable(
  'assinaturas',
  {
    id: chaveSerial(),
    /** Lower-case. */
    email: text('email').notNull(),
    /** The products whose day's prices are mailed (empty: every product priced that day). */
    produtos: integer('produtos')
      .array()
      .notNull()
      .default(sql`'{}'::integer[]`),
    /** `[{produtoId, acima?, abaixo?}]`: an e-mail when the day's price crosses a threshold. */
    alertas: jsonb('alertas').$type<{ produtoId: number; acima?: number | null; abaixo?: number | null }[]>().notNull().default([]),
    /** SHA-256 of the confirmation token (the token itself is only in the e-mail). */
    confirmacaoHash: text('confirmacao_hash').notNull().unique(),
    criadaEm: instanteAgora('criada_em'),
    confirmadaEm: instante('confirmada_em'),
  },
  (t) => [
    uniqueIndex('assinaturas_email_confirmada_uq')
      .on(t.email)
      .where(sql`${t.confirmadaEm} IS NOT NULL`),
    index('assinaturas_criada_idx').on(t.criadaEm),
  ],
);

/** Subscription requests per client address and per mailbox (the SHA-256 of `caixaPostal`), for the limits; purged past a day. Counters: never in a backup. */
export const assinaturasPedidos = pgTable(
  'assinaturas_pedidos',
  {
    id: chaveSerial(),
    endereco: text('endereco').notNull(),
    emailHash: text('email_hash').notNull(),
    criadoEm: instanteAgora('criado_em'),
  },
  (t) => [index('assinaturas_pedidos_endereco_idx').on(t.endereco, t.criadoEm), index('assinaturas_pedidos_email_idx').on(t.emailHash, t.criadoEm)],
);

/** A day's quotation mailing: its primary key makes one server, once, send a day (publication or the timer). */
export const cotacaoEnvios = pgTable('cotacao_envios', {
  data: dia('data').primaryKey(),
  /** 'publicacao' (POST precos/publicar) or 'horario' (COTACAO_ENVIO_HORA). */
  origem: text('origem').notNull(),
  iniciadoEm: instanteAgora('iniciado_em'),
  concluidoEm: instante('concluido_em'),
  cotacoes: integer('cotacoes').notNull().default(0),
  alertas: integer('alertas').notNull().default(0),
});

/** What each subscriber was sent for a day ('cotacao' or 'alerta'): never twice, even if a mailing is resumed. */
export const assinaturasEnvios = pgTable(
  'assinaturas_envios',
  {
    assinaturaId: referencia('assinatura_id', () => assinaturas.id, { onDelete: 'cascade' }),
    data: dia('data').notNull(),
    tipo: text('tipo').notNull(),
    enviadoEm: instanteAgora('enviado_em'),
  },
  (t) => [primaryKey({ columns: [t.assinaturaId, t.data, t.tipo] })],
);

/** Texts the super-admin edits for the public pages (key 'metodologia': the open data's collection methodology). */
export const textosPublicos = pgTable('textos_publicos', {
  chave: text('chave').primaryKey(),
  texto: text('texto').notNull(),
  alteradoEm: instanteAgora('alterado_em'),
  alteradoPor: text('alterado_por').notNull(),
});
