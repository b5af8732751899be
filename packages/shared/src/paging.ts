import { z } from 'zod';

/** One list contract for every resource: 0-based page, size 20 by default (max 1000), sort=field,dir. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;

export type SortDir = 'asc' | 'desc';

export interface Page<T> {
  content: T[];
  totalElements: number;
  totalPages: number;
  number: number;
  size: number;
  /**
   * Present, and false, only when the matches passed the count's cap (LIST_TOTAL_MAXIMO): totalElements
   * then holds the cap ("more than 10,000") and totalPages the pages up to it.
   */
  totalExato?: false;
}

/** The most matches a list's total counts exactly (the API's count stops there; see Page.totalExato). */
export const LIST_TOTAL_MAXIMO = 10_000;

/** A page's `size` query parameter, PAGE_SIZE by default: 1 to `maximo` (MAX_PAGE_SIZE, or a smaller list's own bound). */
export const tamanhoDaPagina = (maximo: number) =>
  z.coerce
    .number({ error: 'Tamanho de página inválido' })
    .int('Tamanho de página inválido')
    .min(1, 'Tamanho de página inválido')
    .max(maximo, `O tamanho da página deve ser no máximo ${maximo}`)
    .default(PAGE_SIZE);

export const pageQuery = z.object({
  page: z.coerce.number({ error: 'Página inválida' }).int('Página inválida').min(0, 'Página inválida').default(0),
  size: tamanhoDaPagina(MAX_PAGE_SIZE),
  sort: z.string().optional(),
});
export type PageQuery = z.infer<typeof pageQuery>;

/** Query of the search routes that take the sort in the path; `searchTerm` for the `/search` routes. */
export const searchTermQuery = pageQuery.extend({ searchTerm: z.string().optional() });

export const sortPath = z.object({
  dir: z.string().transform((d) => (d.toLowerCase() === 'desc' ? 'desc' : 'asc') as SortDir),
  field: z.string(),
});

/** Parses `field,dir` into its parts. */
export function parseSort(sort: string | undefined): { field?: string; dir: SortDir } {
  if (!sort) return { dir: 'asc' };
  const [field, dir] = sort.split(',');
  return { field: field || undefined, dir: dir?.toLowerCase() === 'desc' ? 'desc' : 'asc' };
}

export interface ApiErrorBody {
  status: number;
  error: string;
  message: string;
  fieldErrors?: { field: string; message: string }[];
}

/**
 * The path of a field error as the API reports it: ['itens', 2, 'quantidade'] → 'itens[2].quantidade'
 * (a row of a child list by its index in the request, 0-based).
 */
export function caminhoDoCampo(partes: readonly PropertyKey[]): string {
  let s = '';
  for (const p of partes) {
    if (typeof p === 'number' || (typeof p === 'string' && /^\d+$/.test(p))) s += `[${String(p)}]`;
    else s += s ? `.${String(p)}` : String(p);
  }
  return s;
}

/** A field error's path as react-hook-form names the field: 'itens[2].quantidade' → 'itens.2.quantidade'. */
export const caminhoDoForm = (campo: string) => campo.replace(/\[(\d+)\]/g, '.$1');
