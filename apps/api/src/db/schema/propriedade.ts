import { sql } from 'drizzle-orm';
import { boolean, check, index, numeric, pgTable, varchar } from 'drizzle-orm/pg-core';
import { chave } from './chaves';
import { chaveEVersao, referencia } from './colunas';
import { municipio } from './municipio';
import { pessoa } from './pessoa';

export const propriedade = pgTable(
  'propriedade',
  {
    ...chaveEVersao(),
    nome: varchar('nome', { length: 200 }).notNull(),
    endereco: varchar('endereco', { length: 200 }),
    numero: varchar('numero', { length: 200 }),
    complemento: varchar('complemento', { length: 200 }),
    cep: varchar('cep', { length: 8 }),
    municipioId: referencia('municipio_id', () => municipio.id),
    areaTotal: numeric('area_total', { precision: 12, scale: 2 }).notNull(),
    areaExplorada: numeric('area_explorada', { precision: 12, scale: 2 }).notNull(),
    areaCultivada: numeric('area_cultivada', { precision: 12, scale: 2 }).notNull(),
    geoLocalizacao: varchar('geo_localizacao', { length: 200 }).notNull().default('0,0'),
    pronaf: boolean('pronaf').notNull().default(false),
    tipoPosse: varchar('tipo_posse', { length: 20 }).notNull(),
    proprietarioId: referencia('proprietario_id', () => pessoa.id),
  },
  (t) => [
    index('propriedade_proprietario_idx').on(t.proprietarioId),
    index('propriedade_nome_chave_idx').on(chave(t.nome), t.id),
    // The explored and the cultivated areas are parts of the total area.
    check('propriedade_area_explorada_ck', sql`${t.areaExplorada} <= ${t.areaTotal}`),
    check('propriedade_area_cultivada_ck', sql`${t.areaCultivada} <= ${t.areaTotal}`),
  ],
);
