import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, configure, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ConfirmDialog } from 'primereact/confirmdialog';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { ToastProvider } from '../../lib/toast';
import BoletimForm from './boletim-form';

/** The bulletin form with the API client mocked (no server). */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockResolvedValue([]);
});
afterEach(cleanup);

function renderizar() {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <ConfirmDialog />
        <MemoryRouter initialEntries={['/boletimcreate']}>
          <Routes>
            <Route path="/boletim" element={<p>Lista de boletins</p>} />
            <Route path="/boletimcreate" element={<BoletimForm />} />
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}

describe('boletim form', { timeout: 30_000 }, () => {
  it('an area beyond the limit stays as typed and is refused on save with the schema message; nothing is sent', async () => {
    renderizar();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Adicionar item' }));
    const area = screen.getByRole('spinbutton', { name: 'Área de produção do item 1' });
    await u.type(area, '2000000');
    await u.tab();
    expect(area).toHaveValue('2.000.000,00');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A área de produção deve ser no máximo 999.999 ha')).toBeInTheDocument();
    expect(area).toHaveValue('2.000.000,00');
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'POST' || o?.method === 'PUT')).toEqual([]);
  });
});
