/*
 * Constants of the public page, copied from @ceasa/shared so that /home imports nothing that pulls
 * zod (the package's index and its schema modules do). home.test.tsx checks they stay equal.
 */

/** PAGE_SIZE: the quotation shows 20 rows a page (docs/produto/funcionamento.md). */
export const LINHAS_PRECOS = 20;
/** MAX_PAGE_SIZE: the printed quotation fetches up to 1000 rows. */
export const MAX_LINHAS_RELATORIO = 1000;
/** PRECO_HISTORICO_DIAS: the price-history chart covers the last 90 days. */
export const HISTORICO_DIAS = 90;
