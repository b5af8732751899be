import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { romaneioDoDia } from '@ceasa/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../lib/api-client';
import { linhas } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import FeriadoForm from './feriado-form';

vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);
afterEach(cleanup);

describe('holiday form', () => {
  it('lists the romaneios already on the typed date before saving, and says nothing for an empty day', async () => {
    apiMock.mockImplementation(
      async (path) =>
        (String(path) === 'feriado/romaneios?data=2026-12-10'
          ? linhas(romaneioDoDia, [
              { id: 12, divida: 500, produtor: 'João Lavrador' },
              { id: 13, divida: 501, produtor: 'Maria Roça' },
            ])
          : []) as never,
    );
    const u = userEvent.setup();
    renderizarTela('/feriadocreate', { '/feriadocreate': <FeriadoForm /> });
    const data = screen.getByLabelText('Data', { exact: true });
    await u.type(data, '10122026');
    expect(await screen.findByTestId('aviso-romaneios')).toHaveTextContent(
      'Já existem 2 romaneio(s) em 10/12/2026: nº 12 (João Lavrador), nº 13 (Maria Roça).',
    );
    await u.clear(data);
    await u.type(data, '14122026');
    await waitFor(() => expect(screen.queryByTestId('aviso-romaneios')).toBeNull());
  });
});
