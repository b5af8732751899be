import { afterEach, describe, expect, it, vi } from 'vitest';
import { buscarPrecos } from './dados-precos';
import { LINHAS_PRECOS } from './constantes';
import { CHAVE_DOS_FILTROS, ESTADO_PADRAO, scriptDoPedidoInicial } from './pedido-de-precos';

type Janela = typeof window & { __precosIniciais?: Promise<unknown> };

/** The requests `fetch` was asked for: URL, method and body. */
function espiarFetch() {
  const pedidos: { url: string; method?: string; body?: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      pedidos.push({ url, method: init?.method, body: init?.body });
      return new Response(JSON.stringify({ content: [], totalElements: 0 }), { status: 200, headers: { 'content-type': 'application/json' } });
    }),
  );
  return pedidos;
}

describe("/home's early request", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
    delete (window as Janela).__precosIniciais;
  });

  it("asks exactly what the table's first read of a first visit asks", async () => {
    window.history.replaceState(null, '', '/home');
    const pedidos = espiarFetch();
    new Function(scriptDoPedidoInicial(LINHAS_PRECOS))();
    await (window as Janela).__precosIniciais;
    await buscarPrecos(ESTADO_PADRAO, 0, LINHAS_PRECOS);
    expect(pedidos).toHaveLength(2);
    expect(pedidos[0]).toEqual(pedidos[1]);
    expect(pedidos[0].url).toBe('/api/precos/searchPrecosHome/precoData/desc?page=0&size=20');
  });

  it('asks nothing for a visitor who left another view, or on another page', async () => {
    const pedidos = espiarFetch();
    window.history.replaceState(null, '', '/home');
    localStorage.setItem(CHAVE_DOS_FILTROS, JSON.stringify({ ...ESTADO_PADRAO, page: 2 }));
    new Function(scriptDoPedidoInicial(LINHAS_PRECOS))();
    localStorage.clear();
    window.history.replaceState(null, '', '/assinar');
    new Function(scriptDoPedidoInicial(LINHAS_PRECOS))();
    expect(pedidos).toEqual([]);
    expect((window as Janela).__precosIniciais).toBeUndefined();
  });
});
