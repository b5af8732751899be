import { date, integer, serial, timestamp, uuid, type ReferenceConfig } from 'drizzle-orm/pg-core';

/**
 * The columns the tables share, said once. Each call makes a new column (a column belongs to one table), and each
 * is the very builder it stands for: the database and the types drizzle infers ($inferSelect, $inferInsert) are the
 * same as when the table wrote it out.
 */

/** The surrogate key: `id serial PRIMARY KEY`. */
export const chaveSerial = () => serial('id').primaryKey();

/** The key and the optimistic-lock version of a record the forms edit; spread first into its table's columns. */
export const chaveEVersao = () => ({
  id: chaveSerial(),
  /** Changes on every save: a save that sends another is refused (decision 0085). */
  versao: integer('versao').notNull().default(1),
});

/** What a foreign key does when its row is deleted or its key changes (no option: NO ACTION). */
type Acoes = ReferenceConfig['actions'];

/** A mandatory reference to a row's serial key: `integer NOT NULL REFERENCES`. */
export const referencia = <N extends string>(nome: N, alvo: ReferenceConfig['ref'], acoes?: Acoes) => integer(nome).notNull().references(alvo, acoes);

/** A mandatory reference to a row's uuid key (an account, a session): `uuid NOT NULL REFERENCES`. */
export const referenciaUuid = <N extends string>(nome: N, alvo: ReferenceConfig['ref'], acoes?: Acoes) => uuid(nome).notNull().references(alvo, acoes);

/** A moment, with its time zone (`timestamptz`), read as a Date. */
export const instante = <N extends string>(nome: N) => timestamp(nome, { withTimezone: true });

/** The moment a row was written (or last touched): `timestamptz NOT NULL DEFAULT now()`. */
export const instanteAgora = <N extends string>(nome: N) => instante(nome).notNull().defaultNow();

/** A calendar day, read and written as its 'YYYY-MM-DD' text. */
export const dia = <N extends string>(nome: N) => date(nome, { mode: 'string' });
