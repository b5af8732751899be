import { vi } from 'vitest';

/*
 * For the portal's unit tests: a fetch that answers as the API would, recording every request (method, path and
 * query, JSON body, headers). `responder` answers a request with [status, body], or undefined for the defaults below
 * (a session that refreshes, the portal's settings, a producer, three public products, no loads).
 */

export interface Pedido {
  metodo: string;
  caminho: string;
  corpo: unknown;
  cabecalhos: Record<string, string>;
}
/** [status, JSON body, extra headers]. */
export type Resposta = [number, unknown, Record<string, string>?];

export const PRODUTOS = [
  { id: 1, nome: 'Tomate Italiano', embalagem: 'CX 20kg' },
  { id: 2, nome: 'Alface Crespa', embalagem: 'DZ' },
  { id: 3, nome: 'Abóbora', embalagem: 'SC 20kg' },
];

export function respostaPadrao(p: Pedido): Resposta {
  const rota = `${p.metodo} ${p.caminho.split('?')[0]}`;
  const padrao: Record<string, Resposta> = {
    'POST /api/portal/sessao/refresh': [200, { access_token: 'token-1', expires_in: 300 }],
    'POST /api/portal/sessao/logout': [204, undefined],
    'GET /api/config': [200, {}],
    'GET /api/portal/config': [200, { govbr: true, nivelMinimo: 'prata', diasAntecedencia: 7 }],
    'GET /api/portal/eu': [200, { nome: 'Maria da Horta', conta: { email: 'maria@horta.test' }, suspensao: null }],
    'GET /api/publico/produtos': [200, PRODUTOS],
    'GET /api/portal/chegadas': [200, []],
  };
  return padrao[rota] ?? [404, { message: `Rota ${rota} não encontrada` }];
}

/** Installs the fake fetch; returns the requests it got, in order. */
export function apiDeTeste(responder: (p: Pedido) => Resposta | undefined | Promise<Resposta | undefined> = () => undefined): Pedido[] {
  const pedidos: Pedido[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const p: Pedido = {
        metodo: init?.method ?? 'GET',
        caminho: String(url),
        corpo: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
        cabecalhos: Object.fromEntries(new Headers(init?.headers).entries()),
      };
      pedidos.push(p);
      const [status, body, cabecalhos] = (await responder(p)) ?? respostaPadrao(p);
      return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...cabecalhos } });
    }),
  );
  return pedidos;
}

/** The requests to `rota` ('POST /api/portal/chegadas'). */
export const pedidosA = (pedidos: Pedido[], rota: string) => pedidos.filter((p) => `${p.metodo} ${p.caminho.split('?')[0]}` === rota);
