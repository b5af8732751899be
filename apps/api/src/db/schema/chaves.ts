import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * Accent- and case-insensitive forms (f_unaccent, migration 0001), as the unique indexes compare
 * names: 'Açúcar', 'ACUCAR' and 'açucar' are one name.
 */
export const semAcento = (c: PgColumn): SQL => sql`f_unaccent(${c})`;
/**
 * The Portuguese sort key of a column, as lib/list.ts chaveDeOrdem writes it (byte order of the
 * unaccented lower-case text): an index on it serves the lists and dropdowns sorted by that column.
 */
export const chave = (c: PgColumn): SQL => sql`(f_unaccent(${c}) COLLATE "C")`;
