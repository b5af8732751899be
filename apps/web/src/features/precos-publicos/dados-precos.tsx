import { useEffect, useRef, useState } from 'react';
import type { Page, PrecoResumo } from '@ceasa/shared';
// Subpath imports on purpose: the package's index pulls zod (schemas), which /home does not need.
import { formatBRL } from '@ceasa/shared/format';
import { api } from '../../lib/api-client';

/* What the public price table and its printed report share (one module, so neither imports the other). */

export type CampoPrecos = 'produtoGrupoNome' | 'produtoGrupoUn' | 'valorMinimo' | 'valorMedio' | 'valorMaximo' | 'precoData';
export interface FiltrosPrecos {
  produtoGrupoNome?: string | null;
  precoData?: string | null;
}
export interface EstadoPrecos {
  page: number;
  sortField: CampoPrecos;
  sortOrder: 1 | -1;
  filtros: FiltrosPrecos;
}

/** POST precos/searchPrecosHome/{field}/{dir} (field first, then dir). */
export function buscarPrecos(e: Pick<EstadoPrecos, 'sortField' | 'sortOrder' | 'filtros'>, page: number, size: number) {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  const filtros = Object.fromEntries(Object.entries(e.filtros).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  return api<Page<PrecoResumo>>(`precos/searchPrecosHome/${e.sortField}/${dir}`, { method: 'POST', body: filtros, query: { page, size } });
}

/** Package price with the price per kg beside it. */
export function Valor({ valor, kg }: { valor: number; kg: number | null | undefined }) {
  return (
    <span className="valor">
      <span>{formatBRL(valor)}</span>
      {kg !== null && kg !== undefined && <small className="valor-kg">{formatBRL(kg)}/kg</small>}
    </span>
  );
}

export interface Carga<T> {
  data: T | undefined;
  error: Error | null;
  /** No answer yet (the first one is on its way). */
  isLoading: boolean;
  isFetching: boolean;
}

/**
 * A small stand-in for TanStack Query's `useQuery` on the public page (its own entry, which loads no
 * query library): `carregar` runs again whenever `chave` changes; the last answer stays on screen
 * while the next one loads (keepPreviousData), and an answer that arrives after a newer request is dropped.
 */
export function useCarga<T>(chave: string, carregar: () => Promise<T>, inicial?: T): Carga<T> {
  const [estado, setEstado] = useState<{ data?: T; error: Error | null; buscando: boolean }>({ data: inicial, error: null, buscando: inicial === undefined });
  const funcao = useRef(carregar);
  funcao.current = carregar;
  // An answer already at hand (`inicial`) stands for the first request: one render with the rows, not two.
  const pularPrimeira = useRef(inicial !== undefined);
  useEffect(() => {
    if (pularPrimeira.current) {
      pularPrimeira.current = false;
      return;
    }
    let atual = true;
    setEstado((e) => ({ ...e, buscando: true }));
    funcao.current().then(
      (data) => {
        if (atual) setEstado({ data, error: null, buscando: false });
      },
      (error: unknown) => {
        if (atual) setEstado({ data: undefined, error: error instanceof Error ? error : new Error(String(error)), buscando: false });
      },
    );
    return () => {
      atual = false;
    };
  }, [chave]);
  return { data: estado.data, error: estado.error, isFetching: estado.buscando, isLoading: estado.buscando && estado.data === undefined && !estado.error };
}
