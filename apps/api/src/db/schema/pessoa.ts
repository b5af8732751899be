import { sql } from 'drizzle-orm';
import { check, customType, date, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave } from './chaves';

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
    /** The producer's card (carteira de produtor) is valid until this day; null: no card recorded (decision 0182). */
    carteiraValidaAte: date('carteira_valida_ate', { mode: 'string' }),
  },
  (t) => [
    index('pessoa_tipo_idx').on(t.tipoId),
    // One person per CPF/CNPJ, compared by its letters and digits in upper case (masked or not, decision 0180);
    // the photo is named by them.
    uniqueIndex('pessoa_cpfcnpj_uq').on(sql`upper(regexp_replace(${t.cpfcnpj}, '[^0-9A-Za-z]', '', 'g'))`),
    index('pessoa_carteira_idx').on(t.carteiraValidaAte),
    index('pessoa_nome_chave_idx').on(chave(t.nome), t.id),
  ],
);

/** Bytes as a Buffer on both drivers (PGlite gives a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Person photos, `<cpf/cnpj characters, upper case>.png` (decision 0180), in the database so every server of it serves
 * the same photos (docs/decisions/0103-fotos-no-banco.md); they go into the backups with the other rows.
 */
export const fotoPessoa = pgTable(
  'foto_pessoa',
  {
    nome: varchar('nome', { length: 40 }).primaryKey(),
    dados: bytea('dados').notNull(),
    alteradaEm: timestamp('alterada_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('foto_pessoa_nome_ck', sql`${t.nome} ~ '^[0-9A-Z]{1,30}\\.png$'`)],
);
