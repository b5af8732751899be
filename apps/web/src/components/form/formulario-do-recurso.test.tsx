import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { data, idOpcional, referencia, rotulosDoNome, texto, versaoEntrada, type Recurso } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { renderizarTela } from '../../lib/tela-de-teste';
import { FormularioDoRecurso } from './formulario-do-recurso';

/** The API client is mocked (no server). */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
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
    registro: z.object({}),
    entrada: z.object({
      id: idOpcional,
      versao: versaoEntrada,
      nome: texto('O nome é obrigatório', 60, 'O nome deve ter no máximo 60 caracteres'),
      municipioId: referencia('Município é obrigatório'),
      fundacao: data('A data é obrigatória'),
      tipo: z.enum(['urbano', 'rural'], { error: 'O tipo é obrigatório' }),
    }),
  },
  rotulos: rotulosDoNome(nome),
  campos: {
    nome: { rotulo: 'Nome' },
    municipioId: { rotulo: 'Município' },
    fundacao: { rotulo: 'Data de fundação' },
    tipo: { rotulo: 'Tipo', opcoes: { urbano: 'Urbano', rural: 'Rural' } },
  },
};
const CENTRO = { id: 1, versao: 1, nome: 'Centro', municipioId: 3, fundacao: '2016-07-16', tipo: 'urbano' };

const renderizar = (caminho: string) =>
  renderizarTela(caminho, {
    '/bairro': <p>Lista de bairros</p>,
    '/bairrocreate': <FormularioDoRecurso recurso={bairro} />,
    '/bairro/edit/:id': <FormularioDoRecurso recurso={bairro} />,
  });

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path, o) => {
    if (path === 'municipio/findAllBasic') return [{ id: 3, nome: 'Imperatriz', sigla: 'MA' }] as never;
    return (o?.method === 'PUT' ? { ...CENTRO, ...(o.body as object), versao: 2 } : CENTRO) as never;
  });
});
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 5_000 });

describe('FormularioDoRecurso', { timeout: 30_000 }, () => {
  it('makes the form of a declaration’s fields, in order, the first focused, checked by the input schema', async () => {
    renderizar('/bairrocreate');
    expect(screen.getByRole('heading', { name: 'Novo Bairro' })).toBeInTheDocument();
    const rotulos = [...document.querySelectorAll('form label')].map((l) => l.textContent);
    expect(rotulos).toEqual(['Nome', 'Município', 'Data de fundação', 'Tipo']);
    expect(screen.getByLabelText('Nome')).toHaveFocus();
    // The input's limit is the schema's.
    expect(screen.getByLabelText('Nome')).toHaveAttribute('maxLength', '60');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Município é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A data é obrigatória')).toBeInTheDocument();
    expect(screen.getByText('O tipo é obrigatório')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method)).toEqual([]);
  });

  it('loads a record into its fields (the reference by its label, the date as typed) and saves it with its versao', async () => {
    renderizar('/bairro/edit/1');
    expect(await screen.findByRole('heading', { name: 'Editar Bairro' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('Nome')).toHaveValue('Centro'));
    await waitFor(() => expect(screen.getByLabelText('Município')).toHaveValue('Imperatriz - MA'));
    expect(screen.getByLabelText('Data de fundação')).toHaveValue('16/07/2016');
    expect(screen.getByLabelText('Tipo')).toHaveValue('Urbano');
    fireEvent.change(screen.getByLabelText('Nome'), { target: { value: 'Centro Histórico' } });
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Cadastro atualizado!')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'PUT')).toEqual([['bairro', { method: 'PUT', body: { ...CENTRO, nome: 'Centro Histórico' } }]]);
  });

  it('starts a field at its `padrao`, picks a text from the server’s list (`opcoesDe`), and leaves a column only out', async () => {
    const lote: Recurso = {
      ...bairro,
      campos: {
        id: { rotulo: 'Código', formulario: false },
        nome: { rotulo: 'Nome' },
        peso: { rotulo: 'Peso (kg)', formato: 'decimal', padrao: 1 },
        situacao: { rotulo: 'Situação', opcoesDe: 'situacoes', padrao: 'ATIVO' },
        municipioId: { rotulo: 'Município' },
      },
      api: {
        ...bairro.api!,
        entrada: z.object({
          id: idOpcional,
          nome: texto('O nome é obrigatório'),
          peso: z.union([z.number(), z.string()]).transform(Number),
          situacao: texto('A situação é obrigatória'),
          municipioId: referencia('Município é obrigatório'),
        }),
      },
    };
    apiMock.mockImplementation(async (path) => (path === 'situacoes' ? ['ATIVO', 'INATIVO'] : []) as never);
    renderizarTela('/bairrocreate', { '/bairrocreate': <FormularioDoRecurso recurso={lote} /> });
    expect([...document.querySelectorAll('form label')].map((l) => l.textContent)).toEqual(['Nome', 'Peso (kg)', 'Situação', 'Município']);
    expect(screen.getByLabelText('Peso (kg)')).toHaveValue('1,00');
    await waitFor(() => expect(screen.getByLabelText('Situação')).toHaveValue('ATIVO'));
    // A reference's empty list says so in the words of the resource it names (the municipalities).
    await userEvent.setup({ delay: null }).type(screen.getByLabelText('Município'), 'x{Enter}');
    expect(await screen.findByText('Nenhum município encontrado')).toBeInTheDocument();
  });
});
