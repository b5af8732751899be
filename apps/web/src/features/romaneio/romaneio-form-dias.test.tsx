import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { mensagemDiaDeMercado } from '@ceasa/shared';
import { SETTINGS_PADRAO } from '@ceasa/shared/settings';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import RomaneioForm from './romaneio-form';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The gate form with the API client mocked: GET config gives the market days, every list is empty. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

function renderizar(diasDeMercado: number[]) {
  apiMock.mockImplementation(async (path) => (path === 'config' ? { ...SETTINGS_PADRAO, diasDeMercado } : []) as never);
  return renderizarTela('/romaneiocreate', {
    '/romaneiocreate': <RomaneioForm />,
  });
}

/** Types a date (dd/mm/aaaa digits) into the issue dates and includes it with the button. */
async function incluir(digitos: string) {
  const u = userEvent.setup({ delay: null });
  const campo = screen.getByLabelText('Datas de Emissão');
  await u.clear(campo);
  await u.type(campo, digitos);
  await u.click(screen.getByRole('button', { name: 'Incluir data' }));
}

afterEach(() => {
  cleanup();
  apiMock.mockReset();
});

// The whole gate form (PrimeReact) renders in seconds on a loaded machine: more than Vitest's default 5 s.
describe('romaneio form: the issue dates are market days, with the message the server gives', { timeout: 30_000 }, () => {
  it('refuses a Tuesday with the shared message naming Monday and Thursday, and includes a Monday', async () => {
    renderizar([1, 4]);
    await screen.findByText('Inclua uma ou mais datas de mercado (segunda-feira ou quinta-feira)');
    await incluir('24112026');
    expect(await screen.findByRole('alert')).toHaveTextContent('A data de emissão deve ser um dia de mercado (segunda-feira ou quinta-feira).');
    expect(screen.queryByRole('button', { name: 'Remover a data 24/11/2026' })).toBeNull();
    await incluir('23112026');
    expect(await screen.findByRole('button', { name: 'Remover a data 23/11/2026' })).toBeInTheDocument();
  });

  it('follows the configured days (GET /api/config): Tuesday allowed, Monday refused naming only Tuesday', async () => {
    renderizar([2]);
    await screen.findByText('Inclua uma ou mais datas de mercado (terça-feira)');
    await incluir('23112026');
    expect(await screen.findByRole('alert')).toHaveTextContent(mensagemDiaDeMercado([2]));
    await incluir('24112026');
    expect(await screen.findByRole('button', { name: 'Remover a data 24/11/2026' })).toBeInTheDocument();
  });
});
