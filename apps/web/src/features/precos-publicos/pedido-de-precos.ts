/*
 * The public quotation's request, described once: the app's reads (dados-precos.tsx) and the early request that
 * /home's page makes while its code downloads (`precos-iniciais.js`, written from this module by vite.config.ts) both
 * build it here. No import: vite.config.ts reads this file in Node.
 */

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

/** Where the visitor's view of the table is kept between visits (localStorage). */
export const CHAVE_DOS_FILTROS = 'ceasa.filtros.home';
/** The view of a first visit: the newest quotations first, no filter. */
export const ESTADO_PADRAO: EstadoPrecos = { page: 0, sortField: 'precoData', sortOrder: -1, filtros: {} };

/** POST precos/searchPrecosHome/{field}/{dir} (field first, then dir): its path, query and body for a view and page. */
export function pedidoDePrecos(e: Pick<EstadoPrecos, 'sortField' | 'sortOrder' | 'filtros'>, page: number, size: number) {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  return {
    caminho: `precos/searchPrecosHome/${e.sortField}/${dir}`,
    query: { page, size },
    corpo: Object.fromEntries(Object.entries(e.filtros).filter(([, v]) => v !== null && v !== undefined && v !== '')) as Record<string, string>,
  };
}

/**
 * /home's early request (`/precos-iniciais.js`, a file of its own: the Content-Security-Policy allows scripts from this
 * server only): a first visit's view, its first page of `linhas` rows, asked for while the page's code downloads, built
 * by `pedidoDePrecos` as the app's own reads are. vite.config.ts serves and writes it; tabela-precos.tsx takes the answer
 * once (`window.__precosIniciais`, and `__precosIniciaisDados` once it arrived).
 */
export function scriptDoPedidoInicial(linhas: number): string {
  const p = pedidoDePrecos(ESTADO_PADRAO, 0, linhas);
  const url = `/api/${p.caminho}?${new URLSearchParams(Object.entries(p.query).map(([k, v]) => [k, String(v)]))}`;
  return `(function () {
  try {
    var s = localStorage.getItem(${JSON.stringify(CHAVE_DOS_FILTROS)});
    if (location.pathname !== '/home' || (s && s !== ${JSON.stringify(JSON.stringify(ESTADO_PADRAO))})) return;
    window.__precosIniciais = fetch(${JSON.stringify(url)}, { method: 'POST', headers: { 'content-type': 'application/json' }, body: ${JSON.stringify(JSON.stringify(p.corpo))} })
      .then(function (r) { return r.ok ? r.json() : null; }, function () { return null; })
      .then(function (d) { window.__precosIniciaisDados = d; return d; });
  } catch (e) {
    // No storage or no fetch: the page asks for its rows itself.
  }
})();
`;
}
