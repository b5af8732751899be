import { startTransition, useEffect, useRef, useState } from 'react';

export interface Carga<T> {
  data: T | undefined;
  error: Error | null;
  /** No answer yet (the first one is on its way). */
  isLoading: boolean;
  isFetching: boolean;
}

/**
 * A small stand-in for TanStack Query's `useQuery` on the light entries (/home, /portal: their own
 * bundles, which load no query library): `carregar` runs again whenever `chave` changes; the last answer stays on screen
 * while the next one loads (keepPreviousData), and an answer that arrives after a newer request is dropped. An answer is drawn as a transition.
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
        // As a transition: React draws a long answer (a day's 150 products) in slices, answering taps between them,
        // instead of in one task that freezes a slow phone.
        if (atual) startTransition(() => setEstado({ data, error: null, buscando: false }));
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
