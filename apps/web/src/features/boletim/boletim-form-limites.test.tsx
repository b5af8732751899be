import { cleanup, configure, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import BoletimForm from './boletim-form';
import { renderizarTela } from '../../lib/tela-de-teste';

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
  return renderizarTela('/boletimcreate', {
    '/boletim': <p>Lista de boletins</p>,
    '/boletimcreate': <BoletimForm />,
  });
}

describe('boletim form', { timeout: 30_000 }, () => {
  it('an area beyond the limit stays as typed and is refused on save with the schema message; nothing is sent', async () => {
    renderizar();
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'Adicionar item' }));
    const area = screen.getByRole('textbox', { name: 'Área de produção do item 1' });
    await u.type(area, '2000000');
    await u.tab();
    expect(area).toHaveValue('2.000.000,00');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A área de produção deve ser no máximo 999.999 ha')).toBeInTheDocument();
    expect(area).toHaveValue('2.000.000,00');
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'POST' || o?.method === 'PUT')).toEqual([]);
  });
});
