import { sql } from 'drizzle-orm';
import { check, customType, index, pgTable, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { chave } from './chaves';
import { chaveEVersao, chaveSerial, dia, instanteAgora, referencia } from './colunas';

export const pessoaTipo = pgTable('pessoa_tipo', {
  id: chaveSerial(),
  descricao: varchar('descricao', { length: 200 }).notNull(),
});

export const pessoa = pgTable(
  'pessoa',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: 200 }).notNull(),
    cpfcnpj: varchar('cpfcnpj', { length: 18 }).notNull(),
    celular: varchar('celular', { length: 11 }),
    tipoId: referencia('tipo_id', () => pessoaTipo.id),
    observacao: text('observacao'),
    foto: text('foto'),
    /** The producer's card (carteira de produtor) is valid until this day; null: no card recorded (decision 0182). */
    carteiraValidaAte: dia('carteira_valida_ate'),
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
    alteradaEm: instanteAgora('alterada_em'),
  },
  (t) => [check('foto_pessoa_nome_ck', sql`${t.nome} ~ '^[0-9A-Z]{1,30}\\.png$'`)],
);
