import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ehDiaDeMercado, mapaDePedras as mapaDePedrasSchema, motivoSemMercado, type DiaDoCalendario } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import { ToastProvider } from '../../lib/toast';
import { diaDoMapa } from './mapa-layout';
import { PedrasPainel } from './pedras-painel';

vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
vi.mock('../../lib/settings', () => ({ useSettings: () => ({ diasDeMercado: [1, 4], municipio: 'Prefeitura', mercado: 'CEASA' }) }));
// The market calendar (holidays and extra days) as /api/feriado/calendario would answer it, with the shared rule.
let calendario: DiaDoCalendario[] = [];
vi.mock('../../lib/calendario', () => ({
  useCalendarioDeMercado: () => ({
    carregado: true,
    dias: [1, 4],
    calendario,
    ehDiaDeMercado: (d: string) => ehDiaDeMercado(d, [1, 4], calendario),
    motivo: (d: string) => motivoSemMercado(d, [1, 4], calendario),
  }),
}));
const apiMock = vi.mocked(api);

/** The map's answer (POST pedras/ocupadas), checked against the shared schema. */
const pedras = (ocupadas: number[]) =>
  registro(
    mapaDePedrasSchema,
    Array.from({ length: 252 }, (_, i) => {
      const uso = ocupadas.includes(i + 1);
      return { id: i + 1, numero: String(i + 1), uso, ocupante: uso ? 'Ana' : null, ocupacao: null, romaneioId: uso ? 9 : null };
    }),
  );

function Endereco() {
  return <output aria-label="endereço">{useLocation().search}</output>;
}

const renderizar = (url = '/admin') =>
  render(
    <ToastProvider>
      <MemoryRouter initialEntries={[url]}>
        <PedrasPainel />
        <Endereco />
      </MemoryRouter>
    </ToastProvider>,
  );

/**
 * A button by its name, among the buttons only: role queries over the whole page would compute the role and
 * name of each of the map's 252 stalls (seconds on a loaded machine).
 */
function botao(nome: string): HTMLButtonElement {
  const b = Array.from(document.querySelectorAll('button')).find((e) => (e.getAttribute('aria-label') ?? e.textContent?.trim()) === nome);
  if (!b) throw new Error(`Botão não encontrado: ${nome}`);
  return b;
}

/** The map, once shown (the same cheap lookup). */
const mapaDePedras = () =>
  waitFor(() => {
    const m = document.querySelector<HTMLElement>('[role="group"][aria-label="Mapa de pedras"]');
    if (!m) throw new Error('Mapa de pedras ainda não exibido');
    return m;
  });

/** The days the map was asked for, in order. */
const dias = () => apiMock.mock.calls.map(([path, o]) => [path, o?.body]);

beforeEach(() => {
  apiMock.mockReset();
  calendario = [];
});
afterEach(cleanup);

describe('stall page search', () => {
  it('opens on the default day with no toast, and a search of that same day loads it again, toasts and keeps it in the address', async () => {
    apiMock.mockResolvedValue(pedras([]));
    const u = userEvent.setup();
    renderizar();
    const hoje = diaDoMapa(new Date(), [1, 4]);
    await waitFor(() => expect(dias()).toEqual([['pedras/ocupadas', hoje]]));
    await mapaDePedras();
    expect(screen.queryByText('Nenhuma Pedras encontrada')).toBeNull();

    await u.click(botao('Pesquisar...'));
    expect(await screen.findByText('Nenhuma Pedras encontrada')).toBeInTheDocument();
    expect(dias()).toEqual([
      ['pedras/ocupadas', hoje],
      ['pedras/ocupadas', hoje],
    ]);
    expect(document.querySelector('output[aria-label="endereço"]')).toHaveTextContent(`?data=${hoje}`);
  });

  it('searches a typed day through the address, and says how many stalls are occupied', async () => {
    apiMock.mockResolvedValueOnce(pedras([])).mockResolvedValueOnce(pedras([1, 2]));
    const u = userEvent.setup();
    renderizar('/admin?data=2024-05-06');
    await waitFor(() => expect(dias()).toEqual([['pedras/ocupadas', '2024-05-06']]));
    const campo = screen.getByLabelText('Data da pesquisa');
    await u.clear(campo);
    await u.type(campo, '02052024');
    await u.click(botao('Pesquisar...'));
    expect(await screen.findByText('Pesquisa concluída!')).toBeInTheDocument();
    expect(screen.getByText('2 pedra(s) ocupada(s) em 02/05/2024')).toBeInTheDocument();
    expect(dias().at(-1)).toEqual(['pedras/ocupadas', '2024-05-02']);
    expect(document.querySelector('output[aria-label="endereço"]')).toHaveTextContent('?data=2024-05-02');
    expect(document.querySelectorAll('[role="img"][aria-label*="ocupada por Ana"]')).toHaveLength(2);
  });

  it("toasts 'Erro ao pesquisar!' with the server's message, and hides or shows the map", async () => {
    apiMock.mockResolvedValueOnce(pedras([])).mockRejectedValueOnce(new ApiError(500, 'Falha simulada'));
    const u = userEvent.setup();
    renderizar('/admin?data=2024-05-06');
    const mapa = await mapaDePedras();
    await u.click(botao('Ocultar Pedras'));
    expect(mapa).not.toBeVisible();
    await u.click(botao('Mostrar Pedras'));
    expect(mapa).toBeVisible();
    await u.click(botao('Pesquisar...'));
    expect(await screen.findByText('Erro ao pesquisar!')).toBeInTheDocument();
    expect(screen.getByText('Falha simulada')).toBeInTheDocument();
  });

  it('the default day skips a holiday on the next market day; on a holiday a free stall opens no romaneio', async () => {
    apiMock.mockResolvedValue(pedras([]));
    const semFeriado = diaDoMapa(new Date(), [1, 4]);
    calendario = [{ data: semFeriado, nome: 'Dia do Evangélico', tipo: 'feriado' }];
    const depois = diaDoMapa(new Date(), [1, 4], calendario);
    expect(depois > semFeriado).toBe(true);
    renderizar();
    await waitFor(() => expect(dias()).toEqual([['pedras/ocupadas', depois]]));
    await mapaDePedras();
    expect(document.querySelectorAll('a[href^="/romaneiocreate"]').length).toBeGreaterThan(0);
    cleanup();
    renderizar(`/admin?data=${semFeriado}`);
    await mapaDePedras();
    const [a, m, d] = semFeriado.split('-');
    expect(await screen.findByText(`${d}/${m}/${a} é feriado: Dia do Evangélico. As pedras livres não abrem o romaneio.`)).toBeInTheDocument();
    expect(document.querySelectorAll('a[href^="/romaneiocreate"]')).toHaveLength(0);
  });
});
