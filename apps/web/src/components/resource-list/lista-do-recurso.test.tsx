import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { data, idOpcional, referencia, rotulosDoNome, texto, versaoEntrada, type Recurso } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { renderizarTela } from '../../lib/tela-de-teste';
import { ListaDoRecurso } from './lista-do-recurso';

/** The API client is mocked (no server); every action is allowed. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);

const nome = { singular: 'Bairro', plural: 'Bairros', genero: 'm' } as const;
/** A flat resource as a declaration makes it: a text, a reference to the municipalities, a date and an enum. */
const bairro: Recurso = {
  rota: 'feriado',
  nome,
  menu: { rotulo: 'Bairro', icone: 'pi pi-map' },
  caminhos: { lista: '/bairro', novo: '/bairrocreate', editar: '/bairro/edit/:id' },
  api: {
    base: 'bairro',
    busca: 'searchBairro',
    registro: z.object({}),
    entrada: z.object({
      id: idOpcional,
      versao: versaoEntrada,
      nome: texto('O nome é obrigatório'),
      municipioId: referencia('Município é obrigatório'),
      fundacao: data('A data é obrigatória'),
      tipo: z.enum(['urbano', 'rural']),
    }),
  },
  rotulos: rotulosDoNome(nome),
  campos: {
    nome: { rotulo: 'Nome' },
    municipioId: { rotulo: 'Município' },
    fundacao: { rotulo: 'Data de fundação', coluna: 'Fundação' },
    tipo: { rotulo: 'Tipo', opcoes: { urbano: 'Urbano', rural: 'Rural' } },
  },
};
const CENTRO = { id: 1, versao: 1, nome: 'Centro', municipioId: 3, fundacao: '1852-07-16', tipo: 'urbano' };

beforeEach(() => {
  localStorage.clear();
  apiMock.mockReset();
  apiMock.mockImplementation(
    async (path) =>
      (path === 'municipio/findAllBasic'
        ? [
            { id: 3, nome: 'Imperatriz', sigla: 'MA' },
            { id: 4, nome: 'Caxias', sigla: null },
          ]
        : { content: [CENTRO], totalElements: 1, totalPages: 1, number: 0, size: 20 }) as never,
  );
});
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 5_000 });

describe('ListaDoRecurso', { timeout: 30_000 }, () => {
  it('makes the list of a declaration’s fields: their headers and filters, a reference, a date and an enum in words', async () => {
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={bairro} /> });
    expect(await screen.findByRole('heading', { name: 'Bairros' })).toBeInTheDocument();
    expect(await screen.findByText('Imperatriz - MA')).toBeInTheDocument();
    expect(screen.getByText('Centro')).toBeInTheDocument();
    expect(screen.getByText('16/07/1852')).toBeInTheDocument();
    expect(screen.getByText('Urbano')).toBeInTheDocument();
    for (const h of ['Nome', 'Município', 'Fundação', 'Tipo']) expect(screen.getByRole('columnheader', { name: h })).toBeInTheDocument();
    // A text and a date are filtered; a reference and an enum are not unless declared.
    expect(screen.getByLabelText('Filtrar por Nome')).toBeInTheDocument();
    expect(screen.getByLabelText('Filtrar por Fundação')).toBeInTheDocument();
    expect(screen.queryByLabelText('Filtrar por Município')).toBeNull();
    expect(screen.queryByLabelText('Filtrar por Tipo')).toBeNull();
    // A row is named by its first column.
    expect(screen.getByRole('button', { name: 'Editar Centro' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover Centro' })).toBeInTheDocument();
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('bairro/searchBairro/asc/id', { method: 'POST', body: {}, query: { page: 0, size: 20 } }));
  });
});
