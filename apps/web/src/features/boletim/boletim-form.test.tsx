import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { Boletim, BoletimItem } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMAR_REMOCAO } from '../../components/form/items-field';
import { api } from '../../lib/api-client';
import { ToastProvider } from '../../lib/toast';
import BoletimForm from './boletim-form';

/** The bulletin form with the API client mocked (no server); ApiError stays the real one. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);

const item = (id: number, produtoId: number, produtoNome: string, temCaderno: boolean): BoletimItem => ({
  id,
  boletimId: 1,
  produtoId,
  produtoNome,
  produtoEmbalagem: 'CX',
  areaProducao: 1,
  producaoEstimada: 1000,
  producaoEmbalada: 900,
  inicioColheita: '2026-05-01',
  fimColheita: '2026-07-31',
  producaoComercializada: 0,
  saldoQtde: 1000,
  temCaderno,
});
const BOLETIM: Boletim = {
  id: 1,
  dataVisita: '2026-04-20',
  dataEmissao: '2026-04-22',
  dataVigencia: '2026-07-31',
  produtorId: 7,
  produtorNome: 'João Lavrador',
  propriedadeId: 3,
  propriedadeNome: 'Sítio Boa Esperança',
  propriedadeMunicipioNome: 'Imperatriz',
  tecnicoId: 8,
  tecnicoNome: 'Eng. Carla Ribeiro',
  // The first item has a field notebook, the second none.
  itens: [item(11, 101, 'Alface', true), item(12, 102, 'Tomate', false)],
};

function renderizar() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <ConfirmDialog />
        <MemoryRouter initialEntries={['/boletim/edit/1']}>
          <Routes>
            <Route path="/boletim" element={<p>Lista de boletins</p>} />
            <Route path="/boletim/edit/:id" element={<BoletimForm />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => (path === 'boletim/1' ? BOLETIM : []));
});
afterEach(cleanup);

describe('boletim form', { timeout: 30_000 }, () => {
  it('refuses removing an item that has a field notebook before asking, naming it; an item without one is asked as usual', async () => {
    const u = userEvent.setup();
    renderizar();
    const remover1 = await screen.findByRole('button', { name: 'Remover item 1' });
    await waitFor(() => expect(screen.getByLabelText('Produção estimada do item 2')).toHaveValue('1.000,00'));

    await u.click(remover1);
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('O item "Alface" tem caderno de campo: remova o caderno antes de remover o item.')).toBeInTheDocument();
    expect(screen.queryByText(CONFIRMAR_REMOCAO)).toBeNull();
    await u.click(within(dialogo).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Both rows stay, and nothing went to the server.
    expect(screen.getByLabelText('Produção estimada do item 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Produção estimada do item 2')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method && o.method !== 'GET')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Remover item 2' }));
    expect(await screen.findByText(CONFIRMAR_REMOCAO)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByLabelText('Produção estimada do item 2')).toBeNull());
    expect(screen.getByLabelText('Produção estimada do item 1')).toBeInTheDocument();
  });
});
