import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { municipioRecurso, municipioRegistro, MSG_VERSAO_DESATUALIZADA, type Municipio } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { registro as resposta } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import { FormularioDoRecurso } from './formulario-do-recurso';

/**
 * Stale saves (decision 0085) through a real form of the product (Município) on the generic
 * useResourceForm + FormPage, with the API client mocked: the form sends the versao it loaded, and a
 * 409 for a stale one shows the message with a 'Recarregar' that reads the record into the form.
 */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

function renderizar(caminho: string) {
  return renderizarTela(caminho, {
    '/municipio': <p>Lista de municípios</p>,
    '/municipio/edit/:id': <FormularioDoRecurso recurso={municipioRecurso} />,
  });
}

const nome = () => screen.getByLabelText('Nome');
const puts = () => apiMock.mock.calls.filter(([, o]) => o?.method === 'PUT').map(([, o]) => o?.body);

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => apiMock.mockReset());
afterEach(() => cleanup());

describe('a stale save on the generic form', { timeout: 30_000 }, () => {
  it('sends the versao it loaded; on the 409 shows the message and reloads the record, whose versao the next save sends', async () => {
    let registro: Municipio = resposta(municipioRegistro, { id: 5, versao: 3, nome: 'São João', sigla: 'MG', codigoIbge: null });
    apiMock.mockImplementation(async (_path, o) => {
      if (!o?.method) return registro;
      const body = o.body as { versao?: number };
      if (body.versao !== registro.versao) throw new ApiError(409, MSG_VERSAO_DESATUALIZADA, { message: MSG_VERSAO_DESATUALIZADA });
      registro = resposta(municipioRegistro, { ...registro, ...(o.body as object), versao: registro.versao! + 1 });
      return registro;
    });
    renderizar('/municipio/edit/5');
    await waitFor(() => expect(nome()).toHaveValue('São João'));

    // Someone else saves in the meantime.
    registro = resposta(municipioRegistro, { ...registro, nome: 'São João del-Rei', versao: 4 });
    fireEvent.change(nome(), { target: { value: 'São João da Barra' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByTestId('versao-desatualizada')).toHaveTextContent(MSG_VERSAO_DESATUALIZADA);
    expect(puts()).toEqual([{ id: 5, versao: 3, nome: 'São João da Barra', sigla: 'MG', codigoIbge: null }]);

    fireEvent.click(screen.getByRole('button', { name: 'Recarregar' }));
    await waitFor(() => expect(nome()).toHaveValue('São João del-Rei'));
    expect(screen.queryByTestId('versao-desatualizada')).not.toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Cadastro atualizado!')).toBeInTheDocument();
    expect(puts()[1]).toMatchObject({ id: 5, versao: 4, nome: 'São João del-Rei' });
  });
});
