import type { ReactNode } from 'react';
import { caminhoDeEdicao, type Page, type Recurso } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import type { PrintColumn } from '../print/print-dialog';

/** The back office list's settings and state: its columns, what a resource declares, the filters kept per route, the search call. */

export type Filtros = Record<string, string | number | null>;

export interface ListColumn<T> {
  field: string;
  header: string;
  /** Filter control in the column header row. */
  filter?: 'text' | 'date' | { options: { label: string; value: string | number }[]; placeholder?: string };
  sortable?: boolean;
  body?: (row: T) => ReactNode;
  /** Text of the cell in the CSV export (defaults to what `body` returns if that is text or a number, else the field's value). */
  csv?: (row: T) => string | number;
  style?: React.CSSProperties;
}

/** What the list needs; with `recurso` (the resource's declaration) all but `columns` come from it, and a prop given wins. */
export interface ResourceListProps<T extends { id: number | string }> extends Partial<ListaDoRecurso<T>> {
  recurso?: Recurso;
  columns: ListColumn<T>[];
  /** What the delete prompt and toast call the row. */
  rotulo?: (row: T) => string;
  /** What the delete prompt names, when not `rotulo` (the romaneio asks by its debt, its toast names its id). */
  rotuloRemocao?: (row: T) => string;
  /** Extra buttons per row (always visible). */
  rowActions?: (row: T) => ReactNode;
  /** Extra buttons in the header; `buscarTodos` loads every row of the filtered, sorted list. */
  headerActions?: (ctx: { buscarTodos: () => Promise<T[]> }) => ReactNode;
  /** 'Gerar relatório': a printable report (titled like the list) of the rows on screen. */
  relatorio?: {
    colunas: PrintColumn<T>[];
    /** Subtitle 'Mostrando de {first} a {last} de N {plural}'. */
    mostrando?: boolean;
    /** Below the table, e.g. a total. */
    rodape?: (rows: T[]) => ReactNode;
    /** Text of an empty report (defaults to `vazio`). */
    vazio?: string;
  };
}

/** The list's settings a resource declares. */
export interface ListaDoRecurso<T> {
  titulo: string;
  /** Permission route name. */
  rota: string;
  /** API base path, e.g. 'municipio'. */
  base: string;
  /** Name of the search call: POST {base}/{search}/{dir}/{field}. */
  search?: string;
  /**
   * For resources whose only search is GET {base}/search?searchTerm&page&size&sort (e.g. pedras):
   * the column whose filter is sent as `searchTerm` (used instead of `search`).
   */
  searchTerm?: string;
  /** Plural for the footer 'Mostrando de {first} a {last} de N {plural}'. */
  plural: string;
  vazio: string;
  /** 'Erro ao obter {x}' toast. */
  erroObter: string;
  /** 'Erro ao remover {x}' toast. */
  erroRemover: string;
  caminhoDoNovo?: string;
  caminhoDeEdicao?: (row: T) => string;
  defaultSort?: { field: string; order: 1 | -1 };
  /** No delete button even with the deletar permission (e.g. user accounts are disabled, not removed). */
  semRemover?: boolean;
}

export interface Estado {
  page: number;
  sortField: string;
  sortOrder: 1 | -1;
  filtros: Filtros;
}

export const chave = (rota: string) => `ceasa.filtros.${rota}`;

export function lerEstado(rota: string, padrao: Estado): Estado {
  try {
    const raw = localStorage.getItem(chave(rota));
    return raw ? { ...padrao, ...JSON.parse(raw) } : padrao;
  } catch {
    return padrao;
  }
}

/** '' in a text filter means no filter. */
export const semVazios = (f: Filtros): Filtros => Object.fromEntries(Object.entries(f).map(([k, v]) => [k, v === '' ? null : v]));

/**
 * The declaration's settings, with the props given winning: route name, API base and search call,
 * texts, paths (create and edit only for a resource with an input schema; delete unless declared
 * never removed) and default order.
 */
export function doRecurso<T extends { id: number | string }>(props: ResourceListProps<T>): ResourceListProps<T> & ListaDoRecurso<T> {
  const r = props.recurso;
  if (!r) return props as ResourceListProps<T> & ListaDoRecurso<T>;
  const editavel = !!r.api?.entrada;
  const declarado: Partial<ListaDoRecurso<T>> = {
    ...r.rotulos,
    rota: r.rota,
    base: r.api?.base,
    search: r.api?.busca,
    // A resource searched only by a term (GET {base}/search) sends that column's filter as the term.
    searchTerm: r.api?.busca ? undefined : r.api?.buscaPorTermo,
    caminhoDoNovo: editavel ? r.caminhos.novo : undefined,
    caminhoDeEdicao: editavel && r.caminhos.editar ? (row: T) => caminhoDeEdicao(r, row.id) : undefined,
    defaultSort: r.ordem ? { field: r.ordem.campo, order: r.ordem.dir === 'desc' ? -1 : 1 } : undefined,
    semRemover: !editavel || r.api?.remover === false,
  };
  const dados = Object.fromEntries(Object.entries(props).filter(([, v]) => v !== undefined));
  return { ...declarado, ...dados } as ResourceListProps<T> & ListaDoRecurso<T>;
}

export async function buscar<T>(p: ListaDoRecurso<T>, e: Estado, size: number): Promise<Page<T>> {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  if (p.searchTerm || !p.search)
    return api<Page<T>>(p.searchTerm ? `${p.base}/search` : p.base, {
      query: { page: e.page, size, sort: `${e.sortField},${dir}`, searchTerm: p.searchTerm ? (e.filtros[p.searchTerm] as string | null) : undefined },
    });
  return api<Page<T>>(`${p.base}/${p.search}/${dir}/${e.sortField}`, { method: 'POST', body: e.filtros, query: { page: e.page, size } });
}
