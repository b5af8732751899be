import { useCallback, useSyncExternalStore } from 'react';

/*
 * The address's query (`?produtoId=…&inicio=…`) as a page's state, for the light public pages (no router): a change
 * is a new history entry, as the router's setSearchParams made it, and Back and Forward bring the earlier query back.
 */

const ouvintes = new Set<() => void>();
const avisar = () => ouvintes.forEach((f) => f());

function assinar(f: () => void) {
  ouvintes.add(f);
  if (ouvintes.size === 1) window.addEventListener('popstate', avisar);
  return () => {
    ouvintes.delete(f);
    if (ouvintes.size === 0) window.removeEventListener('popstate', avisar);
  };
}

/** The query's parameters, and a function that sets them (a new history entry on the same path). */
export function useParametrosDaUrl(): [URLSearchParams, (novos: Record<string, string>) => void] {
  const busca = useSyncExternalStore(assinar, () => window.location.search);
  const definir = useCallback((novos: Record<string, string>) => {
    const q = new URLSearchParams(novos).toString();
    window.history.pushState(null, '', `${window.location.pathname}${q ? `?${q}` : ''}`);
    avisar();
  }, []);
  return [new URLSearchParams(busca), definir];
}
