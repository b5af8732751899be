import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../lib/api-client';
import { useRenovacaoAntesDeExpirar } from '../lib/use-renovacao';
import { apiDeTeste, pedidosA, type Pedido } from './api-de-teste';
import {
  definirSessaoDoPortal,
  entrarNoPortal,
  iniciarSessaoDoPortal,
  sairDoPortal,
  SEM_CONEXAO,
  SESSAO_TERMINOU,
  useSessaoDoPortal,
} from './sessao-do-portal';

const REFRESH = 'POST /api/portal/sessao/refresh';
let estado: ReturnType<typeof useSessaoDoPortal> | null = null;
/** What the portal's root mounts: the session's state and the refresh before expiry. */
function Raiz() {
  estado = useSessaoDoPortal();
  useRenovacaoAntesDeExpirar();
  return null;
}

beforeEach(() => definirSessaoDoPortal({ situacao: 'iniciando' }));
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("the portal's session (docs/produto/portal.md, 'Sessions')", () => {
  it('on load asks its own refresh endpoint, with the CSRF header, and its token goes on the next calls', async () => {
    const pedidos = apiDeTeste();
    render(<Raiz />);
    await act(() => iniciarSessaoDoPortal());
    expect(estado?.situacao).toBe('dentro');
    expect(pedidosA(pedidos, REFRESH)).toHaveLength(1);
    expect(pedidos[0].cabecalhos['x-ceasa-csrf']).toBe('1');
    await api('portal/eu');
    expect(pedidos.at(-1)).toMatchObject({ caminho: '/api/portal/eu', cabecalhos: { authorization: 'Bearer token-1' } });
    // The back office's endpoint is never asked.
    expect(pedidos.some((p) => p.caminho.startsWith('/api/auth/'))).toBe(false);
  });

  it('without a session cookie shows the sign-in saying nothing; a server out of reach is said', async () => {
    apiDeTeste((p) => (p.caminho === '/api/portal/sessao/refresh' ? [401, { message: 'Sessão expirada ou inválida. Entre novamente.' }] : undefined));
    await iniciarSessaoDoPortal();
    render(<Raiz />);
    expect(estado).toEqual({ situacao: 'fora', aviso: undefined });

    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await act(() => iniciarSessaoDoPortal());
    expect(estado).toEqual({ situacao: 'fora', aviso: SEM_CONEXAO });
  });

  it('refreshes the token 10 s before it expires, and the calls carry the new one', async () => {
    vi.useFakeTimers();
    let vez = 0;
    const pedidos = apiDeTeste((p) => (p.caminho === '/api/portal/sessao/refresh' ? [200, { access_token: `token-${++vez}`, expires_in: 30 }] : undefined));
    render(<Raiz />);
    await act(() => iniciarSessaoDoPortal());
    await act(() => vi.advanceTimersByTimeAsync(19_000));
    expect(pedidosA(pedidos, REFRESH)).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(1_500));
    expect(pedidosA(pedidos, REFRESH)).toHaveLength(2);
    await api('portal/eu');
    expect(pedidos.at(-1)?.cabecalhos.authorization).toBe('Bearer token-2');
    // And again before the new one expires.
    await act(() => vi.advanceTimersByTimeAsync(20_500));
    expect(pedidosA(pedidos, REFRESH)).toHaveLength(3);
  });

  it('a refresh the server refuses ends the session here, saying so', async () => {
    vi.useFakeTimers();
    let vez = 0;
    apiDeTeste((p) =>
      p.caminho === '/api/portal/sessao/refresh'
        ? ++vez === 1
          ? [200, { access_token: 't', expires_in: 15 }]
          : [401, { message: 'Sessão encerrada' }]
        : undefined,
    );
    render(<Raiz />);
    await act(() => iniciarSessaoDoPortal());
    expect(estado?.situacao).toBe('dentro');
    await act(() => vi.advanceTimersByTimeAsync(6_000));
    expect(estado).toEqual({ situacao: 'fora', aviso: SESSAO_TERMINOU });
  });

  it("signs in by e-mail and password at the portal's login, and a refusal keeps him out with the server's message", async () => {
    const pedidos = apiDeTeste((p: Pedido) =>
      p.caminho === '/api/portal/sessao/login'
        ? (p.corpo as { senha: string }).senha === 'certa'
          ? [200, { access_token: 'token-login', expires_in: 300 }]
          : [401, { message: 'E-mail ou senha inválidos.' }]
        : undefined,
    );
    render(<Raiz />);
    act(() => definirSessaoDoPortal({ situacao: 'fora' }));
    const recusa = await entrarNoPortal('maria@horta.test', 'errada').catch((e: unknown) => e);
    expect(recusa).toBeInstanceOf(ApiError);
    expect((recusa as ApiError).message).toBe('E-mail ou senha inválidos.');
    expect(estado?.situacao).toBe('fora');
    await act(() => entrarNoPortal('maria@horta.test', 'certa'));
    expect(estado?.situacao).toBe('dentro');
    const login = pedidosA(pedidos, 'POST /api/portal/sessao/login').at(-1)!;
    expect(login.corpo).toEqual({ email: 'maria@horta.test', senha: 'certa' });
    expect(login.cabecalhos['x-ceasa-csrf']).toBe('1');
    await api('portal/chegadas');
    expect(pedidos.at(-1)?.cabecalhos.authorization).toBe('Bearer token-login');
  });

  it("signing out after gov.br goes where the server says gov.br's session ends; otherwise the page stays", async () => {
    const fim = 'https://sso.staging.acesso.gov.br/logout?post_logout_redirect_uri=https%3A%2F%2Fceasa.test%2Fportal';
    const pedidos = apiDeTeste((p) => (p.caminho === '/api/portal/sessao/logout' ? [200, { encerrarEm: fim }] : undefined));
    render(<Raiz />);
    await act(() => iniciarSessaoDoPortal());
    const ir = vi.fn();
    expect(await act(() => sairDoPortal(ir))).toBe(false);
    expect(ir).toHaveBeenCalledWith(fim);
    expect(estado?.situacao).toBe('fora');
    expect(pedidosA(pedidos, 'POST /api/portal/sessao/logout')[0].cabecalhos['x-ceasa-csrf']).toBe('1');

    apiDeTeste();
    await act(() => iniciarSessaoDoPortal());
    const ir2 = vi.fn();
    expect(await act(() => sairDoPortal(ir2))).toBe(true);
    expect(ir2).not.toHaveBeenCalled();
    // The token is gone: a call after signing out carries none.
    const depois = apiDeTeste();
    await api('portal/config');
    expect(depois.at(-1)?.cabecalhos.authorization).toBeUndefined();
  });
});
