import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
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

  it('lists a column only (the code), a number and a date and time by their format, names a row by `lista.linha`, prints', async () => {
    const quadra: Recurso = {
      ...bairro,
      campos: {
        id: { rotulo: 'Código', formulario: false, filtro: true, largura: '7rem' },
        nome: { rotulo: 'Nome' },
        area: { rotulo: 'Área', formato: 'decimal' },
        criado: { rotulo: 'Criado', formato: 'dataHora', formulario: false },
      },
      api: {
        ...bairro.api!,
        registro: z.object({ id: z.number().int(), nome: z.string(), area: z.number(), criado: z.string() }),
        entrada: z.object({ id: idOpcional, nome: texto('O nome é obrigatório'), area: z.number() }),
      },
      lista: { linha: 'Quadra {nome} ({area})', imprimirCodigos: true, relatorio: { mostrando: true } },
    };
    apiMock.mockResolvedValue({
      content: [{ id: 7, nome: 'Norte', area: 1234.5, criado: '2026-12-02T12:00:00.000Z' }],
      totalElements: 1,
      totalPages: 1,
      number: 0,
      size: 20,
    });
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={quadra} /> });
    expect(await screen.findByText('1.234,50')).toBeInTheDocument();
    expect(screen.getByText('02/12/2026 09:00:00')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Código' })).toHaveStyle({ width: '7rem' });
    expect(screen.getByLabelText('Filtrar por Código')).toBeInTheDocument();
    expect(screen.getByLabelText('Filtrar por Criado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar Quadra Norte (1.234,50)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Imprimir' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Gerar relatório' }));
    const relatorio = await screen.findByRole('dialog', { name: 'Bairros' });
    expect(relatorio).toHaveTextContent('Mostrando de 1 a 1 de 1 bairros');
    expect(relatorio).toHaveTextContent('CódigoNomeÁreaCriado7Norte1.234,5002/12/2026 09:00:00');
  });

  it('shows a read-only resource’s detail from each row, and takes what a feature adds to a column', async () => {
    const leitura: Recurso = {
      ...bairro,
      caminhos: { lista: '/bairro', editar: '/bairro/edit/:id' },
      api: { ...bairro.api!, entrada: undefined, registro: bairro.api!.entrada! },
    };
    renderizarTela('/bairro', {
      '/bairro': <ListaDoRecurso recurso={leitura} colunas={{ nome: { body: (r) => `«${String(r.nome)}»` } }} />,
      '/bairro/edit/:id': <p>Detalhe</p>,
    });
    expect(await screen.findByText('«Centro»')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Editar Centro' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Ver bairro 1' }));
    expect(await screen.findByText('Detalhe')).toBeInTheDocument();
  });

  it('sorts and filters a reference by its list field, with the pick lists of its records and of the server’s texts', async () => {
    const lote: Recurso = {
      ...bairro,
      campos: {
        nome: { rotulo: 'Nome' },
        municipioId: { rotulo: 'Município', campoDaLista: 'municipio', filtro: true, filtroVazio: 'Todos' },
        situacao: { rotulo: 'Situação', opcoesDe: 'situacoes', filtroVazio: 'Todas' },
      },
      api: { ...bairro.api!, entrada: z.object({ nome: texto('O nome é obrigatório'), municipioId: referencia('Município'), situacao: texto('S') }) },
    };
    apiMock.mockImplementation(async (path) =>
      path === 'municipio/findAllBasic'
        ? ([{ id: 3, nome: 'Imperatriz', sigla: 'MA' }] as never)
        : path === 'situacoes'
          ? (['ATIVO', 'INATIVO'] as never)
          : ({ content: [{ ...CENTRO, situacao: 'ATIVO' }], totalElements: 1, totalPages: 1, number: 0, size: 20 } as never),
    );
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={lote} /> });
    expect(await screen.findByText('Imperatriz - MA')).toBeInTheDocument();
    expect(screen.getByLabelText('Filtrar por Município')).toBeInTheDocument();
    expect(screen.getAllByText('Todos').length).toBeGreaterThan(0);
    expect(screen.getAllByText('Todas').length).toBeGreaterThan(0);
    expect(screen.queryByText('Selecione')).toBeNull();
    fireEvent.click(screen.getByRole('columnheader', { name: 'Município' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('bairro/searchBairro/asc/municipio', { method: 'POST', body: {}, query: { page: 0, size: 20 } }));
  });

  it('shows a reference’s label when its options come after the rows (the table keeps the cells it drew)', async () => {
    let dar: (l: unknown) => void = () => {};
    apiMock.mockImplementation((path) =>
      path === 'municipio/findAllBasic'
        ? (new Promise((ok) => (dar = ok)) as never)
        : (Promise.resolve({ content: [CENTRO], totalElements: 1, totalPages: 1, number: 0, size: 20 }) as never),
    );
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={bairro} /> });
    expect(await screen.findByText('Centro')).toBeInTheDocument();
    dar([{ id: 3, nome: 'Imperatriz', sigla: 'MA' }]);
    expect(await screen.findByText('Imperatriz - MA')).toBeInTheDocument();
  });

  it('shows a yes/no column by its labels, filtered by a pick list of them', async () => {
    const ativo: Recurso = {
      ...bairro,
      campos: {
        nome: { rotulo: 'Nome' },
        ativo: { rotulo: 'Ativo', formulario: false, filtro: true, filtroVazio: 'Todas', opcoes: { true: 'Ativa', false: 'Nao Ativa' } },
      },
      api: { ...bairro.api!, registro: z.object({ id: z.number(), nome: z.string(), ativo: z.boolean() }) },
    };
    apiMock.mockResolvedValue({ content: [{ ...CENTRO, ativo: false }], totalElements: 1, totalPages: 1, number: 0, size: 20 });
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={ativo} /> });
    expect(await screen.findByRole('cell', { name: 'AtivoNao Ativa' })).toBeInTheDocument();
    expect(screen.getByLabelText('Filtrar por Ativo')).toBeInTheDocument();
    expect(screen.getAllByText('Todas').length).toBeGreaterThan(0);
  });

  it('orders its columns by `lista.colunas`, shows a column from another field of the row, and prints with the declared headers, extras and total', async () => {
    const sitio: Recurso = {
      ...bairro,
      campos: {
        id: { rotulo: 'Código', formulario: false, filtro: true, relatorio: false },
        donoId: {
          rotulo: 'Proprietário',
          coluna: 'Proprietario',
          relatorio: 'Proprietário',
          referencia: { caminho: 'pessoa/pessoaAll', rotulo: ['nome'], erro: 'Erro ao obter pessoas' },
          exibir: 'dono.nome',
          campoDaLista: 'dono',
          filtro: true,
          filtroVazio: 'Todos',
        },
        nome: { rotulo: 'Nome', coluna: 'Nome Sítio', relatorio: 'Nome' },
        area: { rotulo: 'Área', formato: 'decimal', direita: true },
        valor: { rotulo: 'Valor', formato: 'moeda', coluna: false, relatorio: true },
      },
      api: {
        ...bairro.api!,
        entrada: z.object({ id: idOpcional, donoId: referencia('Dono'), nome: texto('Nome'), area: z.number(), valor: z.number() }),
      },
      lista: { colunas: ['id', 'nome', 'donoId', 'area'], relatorio: { total: 'valor' } },
    };
    apiMock.mockImplementation(async (path) =>
      path === 'pessoa/pessoaAll'
        ? ([{ id: 9, nome: 'Ana (lista)' }] as never)
        : ({
            content: [
              { id: 7, nome: 'Norte', donoId: 9, dono: { nome: 'Ana' }, area: 1234.5, valor: 10 },
              { id: 8, nome: 'Sul', donoId: 9, dono: { nome: 'Ana' }, area: 1, valor: '1540.5' },
            ],
            totalElements: 2,
            totalPages: 1,
            number: 0,
            size: 20,
          } as never),
    );
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={sitio} /> });
    expect(await screen.findByText('Norte')).toBeInTheDocument();
    expect(
      [...document.querySelectorAll('thead th')]
        .map((th) => th.textContent)
        .filter(Boolean)
        .slice(0, 4),
    ).toEqual(['Código', 'Nome Sítio', 'Proprietario', 'Área']);
    expect(screen.queryByRole('columnheader', { name: 'Valor' })).toBeNull();
    expect(screen.getByText('1.234,50')).toHaveStyle({ textAlign: 'right' });
    // The row is named by its first listed field of the form; the owner, shown from the row, is filtered by the list's people.
    expect(screen.getByRole('button', { name: 'Editar Norte' })).toBeInTheDocument();
    expect(screen.getByLabelText('Filtrar por Proprietario')).toBeInTheDocument();
    expect(screen.getAllByText('Todos').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('columnheader', { name: 'Proprietario' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('bairro/searchBairro/asc/dono', { method: 'POST', body: {}, query: { page: 0, size: 20 } }));
    fireEvent.click(screen.getByRole('button', { name: 'Gerar relatório' }));
    const relatorio = await screen.findByRole('dialog', { name: 'Bairros' });
    expect(relatorio.querySelector('thead')).toHaveTextContent('NomeProprietárioÁreaValor');
    expect(relatorio.querySelector('tbody')).toHaveTextContent(/^NorteAna1\.234,50R\$\s10,00SulAna1,00R\$\s1\.540,50$/);
    // The declared total: the sum of the field over the rows printed (a decimal's text too), in its format.
    expect(relatorio).toHaveTextContent(/Total: R\$\s1\.550,50/);
  });

  it('says when a named list of a filter cannot be loaded, in its own words', async () => {
    const sitio: Recurso = {
      ...bairro,
      campos: {
        nome: { rotulo: 'Nome' },
        donoId: { rotulo: 'Dono', filtro: true, referencia: { caminho: 'pessoa/pessoaAll', rotulo: ['nome'], erro: 'Erro ao obter pessoas' } },
      },
      api: { ...bairro.api!, entrada: z.object({ nome: texto('Nome'), donoId: referencia('Dono') }) },
    };
    apiMock.mockImplementation(async (path) => {
      if (path === 'pessoa/pessoaAll') throw new Error('Falhou');
      return { content: [{ ...CENTRO, donoId: 9 }], totalElements: 1, totalPages: 1, number: 0, size: 20 } as never;
    });
    renderizarTela('/bairro', { '/bairro': <ListaDoRecurso recurso={sitio} /> });
    expect(await screen.findByText('Erro ao obter pessoas')).toBeInTheDocument();
    expect(screen.getAllByText('Erro ao obter pessoas')).toHaveLength(1);
  });
});
