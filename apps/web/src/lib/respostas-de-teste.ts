import { PAGE_SIZE, pageSchema, type Page } from '@ceasa/shared';
import { z, type ZodType } from 'zod';

/*
 * For the web unit tests that answer for the API (api-client mocked): each fake answer goes through the shared schema
 * the route answers with (packages/shared: a resource's `…Registro`, a list's row), so a record the server could not
 * send — a field missing, renamed or of another type — fails the test where it is written, with the field named.
 * What is returned is what the schema gives (unknown fields dropped, defaults filled), as the screen would read it.
 */

/** One record, as the route answers it. */
export function registro<S extends ZodType>(schema: S, dados: z.input<S>): z.output<S> {
  return schema.parse(dados);
}

/** A list answered as an array (not paged): every row checked. */
export function linhas<S extends ZodType>(schema: S, dados: z.input<S>[]): z.output<S>[] {
  return z.array(schema).parse(dados);
}

/**
 * A page of the list contract (docs/produto/api.md): `dados` its rows, checked against the row schema; the total is
 * the rows' count and the page the first unless `o` says otherwise (one page of many, a total past the count's cap).
 */
export function pagina<S extends ZodType>(schema: S, dados: z.input<S>[], o: Partial<Omit<Page<unknown>, 'content'>> = {}): Page<z.output<S>> {
  const size = o.size ?? PAGE_SIZE;
  const totalElements = o.totalElements ?? dados.length;
  return pageSchema(schema).parse({ content: dados, totalElements, totalPages: Math.ceil(totalElements / size), number: 0, size, ...o });
}
