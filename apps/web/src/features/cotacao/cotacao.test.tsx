import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { cotacaoRecurso, cotacaoRegistro, type Cotacao } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { FormularioDoRecurso } from '../../components/form/formulario-do-recurso';
import CotacaoListPage from './cotacao-list-page';
import { pagina as paginaDe, registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The quotation screens with the API client mocked (no server); ApiError stays the real one. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);

/** A quotation and a page of them as the API answers them (checked against the shared schema). */
const ANA = registro(cotacaoRegistro, {
  id: 3,
  pessoaId: 9,
  ativo: true,
  nome: 'Mercearia Ana',
  tipo: 'Lojista',
  pessoa: { nome: 'Mercearia Ana', pessoaTipo: { descricao: 'Lojista' } },
});
const pagina = (content: Cotacao[]) => paginaDe(cotacaoRegistro, content);

function renderizar(caminho: string) {
  return renderizarTela(caminho, {
    '/cotacao': <CotacaoListPage />,
    '/cotacao/create': <FormularioDoRecurso recurso={cotacaoRecurso} />,
    '/cotacao/edit/:id': <FormularioDoRecurso recurso={cotacaoRecurso} />,
  });
}

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => {
  apiMock.mockReset();
  localStorage.clear();
});
afterEach(cleanup);

describe('cotacao screens', { timeout: 30_000 }, () => {
  it('toggles Ativa → Nao Ativa with a PUT of the whole record and says so', async () => {
    let atual = ANA;
    apiMock.mockImplementation(async (path, o) => {
      if (o?.method === 'PUT') return (atual = registro(cotacaoRegistro, { ...atual, ativo: (o.body as Cotacao).ativo }));
      return pagina([atual]);
    });
    renderizar('/cotacao');
    expect(await screen.findByRole('heading', { name: 'Cotacoes' })).toBeInTheDocument();
    fireEvent.click(await screen.findByRole('button', { name: 'Cotacao 3: Ativa (clique para alternar)' }));
    expect(await screen.findByText('Status Atualizado')).toBeInTheDocument();
    expect(screen.getByText('A cotacao 3 (Mercearia Ana) foi marcada como Nao Ativa')).toBeInTheDocument();
    expect(apiMock.mock.calls.find(([, o]) => o?.method === 'PUT')).toEqual(['cotacao', { method: 'PUT', body: { id: 3, pessoaId: 9, ativo: false } }]);
    expect(await screen.findByRole('button', { name: 'Cotacao 3: Nao Ativa (clique para alternar)' })).toBeInTheDocument();
  });

  it("a failed toggle says 'Erro ao Atualizar' and leaves the row as it was", async () => {
    apiMock.mockImplementation(async (path, o) => {
      if (o?.method === 'PUT') throw new ApiError(500, 'Erro interno');
      return pagina([ANA]);
    });
    renderizar('/cotacao');
    fireEvent.click(await screen.findByRole('button', { name: 'Cotacao 3: Ativa (clique para alternar)' }));
    expect(await screen.findByText('Erro ao Atualizar')).toBeInTheDocument();
    expect(screen.getByText('Ocorreu um erro ao atualizar o status da cotacao.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Cotacao 3: Ativa (clique para alternar)' })).toBeEnabled());
  });

  it("the form's save failure reads 'Erro ao salvar a cotacao.' with the server's text; an empty list says so", async () => {
    apiMock.mockImplementation(async (path, o) => {
      // GET pessoa/cotacoes has no shared schema: its answer as the route's summary names it (id, nome, tipoDescricao).
      if (path === 'pessoa/cotacoes') return [{ id: 9, nome: 'Mercearia Ana', tipoDescricao: 'Lojista' }];
      if (o?.method === 'PUT') throw new ApiError(400, 'A pessoa deve ser um lojista ou um produtor');
      if (path === 'cotacao/3') return ANA;
      return pagina([]);
    });
    renderizar('/cotacao/edit/3');
    expect(await screen.findByRole('heading', { name: 'Editar Cotacao 3' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Ativa')).toBeChecked());
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Erro ao salvar a cotacao.')).toBeInTheDocument();
    expect(screen.getByText('A pessoa deve ser um lojista ou um produtor')).toBeInTheDocument();
    cleanup();
    renderizar('/cotacao');
    expect(await screen.findByText('Nenhuma cotacao encontrada')).toBeInTheDocument();
  });
});
