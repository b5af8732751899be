import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { municipioRegistro, type Municipio, type Page } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { ResourceList, type ResourceListProps } from './resource-list';
import { pagina, registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The API client is mocked (no server); ApiError stays the real one. Permissions come from `permitidas`. */
const { permitidas } = vi.hoisted(() => ({ permitidas: new Set<string>() }));
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: (_rota: string, acao: string) => permitidas.has(acao) }) }));
const apiMock = vi.mocked(api);

/** A made-up resource whose rows are municipalities as the API answers them (checked against the shared schema). */
type Cidade = Municipio;
const SAO_LUIS = registro(municipioRegistro, { id: 7, nome: 'São Luís', sigla: 'MA', codigoIbge: '2111300' });
const JOAO_PESSOA = registro(municipioRegistro, { id: 8, nome: 'João Pessoa', sigla: 'PB', codigoIbge: null });
const page = (content: Cidade[], extra: Partial<Omit<Page<Cidade>, 'content'>> = {}) => pagina(municipioRegistro, content, extra);

/** The calls the list made to the search route, as [path, body]. */
const buscas = () => apiMock.mock.calls.filter(([p]) => p.startsWith('cidade/searchCidade/')).map(([p, o]) => [p, o?.body]);

const props: ResourceListProps<Cidade> = {
  titulo: 'Cidades',
  rota: 'cidade',
  base: 'cidade',
  search: 'searchCidade',
  plural: 'cidades',
  vazio: 'Nenhuma cidade encontrada',
  erroObter: 'Erro ao obter cidades',
  erroRemover: 'Erro ao remover a cidade',
  caminhoDoNovo: '/cidade/nova',
  caminhoDeEdicao: (c) => `/cidade/edit/${c.id}`,
  rotulo: (c) => c.nome,
  columns: [
    { field: 'nome', header: 'Nome', filter: 'text' },
    { field: 'sigla', header: 'Sigla' },
  ],
};

function renderizar(p: Partial<ResourceListProps<Cidade>> = {}) {
  return renderizarTela('/cidade', {
    '/cidade': <ResourceList<Cidade> {...props} {...p} />,
    '/cidade/edit/:id': <p>Editando cidade</p>,
  });
}

const linhas = () => [...screen.getByRole('table').querySelectorAll('tbody tr')].filter((tr) => !tr.classList.contains('p-datatable-emptymessage'));

beforeEach(() => {
  localStorage.clear();
  apiMock.mockReset();
  permitidas.clear();
  permitidas.add('editar').add('deletar').add('criar');
});
afterEach(() => cleanup());

// A busy machine renders PrimeReact's table slowly: generous waits (they end as soon as the text is there).
configure({ asyncUtilTimeout: 5_000 });

describe('ResourceList', { timeout: 30_000 }, () => {
  it('renders the rows of the first page from the search route, with the footer count', async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS, JOAO_PESSOA]));
    renderizar();
    expect(await screen.findByText('São Luís')).toBeInTheDocument();
    expect(screen.getByText('João Pessoa')).toBeInTheDocument();
    expect(linhas()).toHaveLength(2);
    expect(screen.getByText('Mostrando de 1 a 2 de 2 cidades')).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('cidade/searchCidade/asc/id', { method: 'POST', body: {}, query: { page: 0, size: 20 } });
  });

  it("says 'mais de 10.000' past the API's count cap, and the exact total below it", async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS], { totalElements: 10_000, totalPages: 500, totalExato: false }));
    renderizar();
    expect(await screen.findByText('Mostrando de 1 a 20 de mais de 10.000 cidades')).toBeInTheDocument();
    cleanup();
    apiMock.mockResolvedValue(page([SAO_LUIS], { totalElements: 9_999, totalPages: 500 }));
    renderizar();
    expect(await screen.findByText('Mostrando de 1 a 20 de 9999 cidades')).toBeInTheDocument();
  });

  it('sends a text filter in the search body once, after its debounce, with what was typed last', async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS, JOAO_PESSOA]));
    renderizar();
    await screen.findByText('São Luís');
    const filtro = screen.getByLabelText('Filtrar por Nome');
    for (const v of ['J', 'Jo', 'Joã', 'João']) fireEvent.change(filtro, { target: { value: v } });
    // Typed at full speed: nothing sent yet, the debounce is waiting.
    expect(buscas()).toEqual([['cidade/searchCidade/asc/id', {}]]);
    await waitFor(() => expect(buscas()).toHaveLength(2));
    expect(buscas()[1]).toEqual(['cidade/searchCidade/asc/id', { nome: 'João' }]);
    // Nothing more arrives for the keystrokes in between: once the list has settled on the filtered answer, still two.
    await waitFor(() => expect(document.querySelector('.p-datatable-loading-overlay')).toBeNull());
    expect(screen.getByLabelText('Filtrar por Nome')).toHaveValue('João');
    expect(buscas()).toHaveLength(2);
  });

  it('sorts by a column ASC on the first click and DESC on the second', async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS, JOAO_PESSOA]));
    renderizar();
    await screen.findByText('São Luís');
    const nome = screen.getByRole('columnheader', { name: 'Nome' });
    fireEvent.click(nome);
    await waitFor(() => expect(buscas().at(-1)).toEqual(['cidade/searchCidade/asc/nome', {}]));
    fireEvent.click(screen.getByRole('columnheader', { name: 'Nome' }));
    await waitFor(() => expect(buscas().at(-1)).toEqual(['cidade/searchCidade/desc/nome', {}]));
    expect(screen.getByRole('columnheader', { name: 'Nome' })).toHaveAttribute('aria-sort', 'descending');
  });

  it("'Limpar Filtros' empties the filters, the order and the kept state, and searches the whole list again", async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS, JOAO_PESSOA]));
    renderizar();
    await screen.findByText('São Luís');
    fireEvent.click(screen.getByRole('columnheader', { name: 'Nome' }));
    fireEvent.change(screen.getByLabelText('Filtrar por Nome'), { target: { value: 'Açúcar' } });
    await waitFor(() => expect(buscas().at(-1)).toEqual(['cidade/searchCidade/asc/nome', { nome: 'Açúcar' }]));
    expect(JSON.parse(localStorage.getItem('ceasa.filtros.cidade')!).filtros).toEqual({ nome: 'Açúcar' });

    fireEvent.click(screen.getByRole('button', { name: 'Limpar Filtros' }));
    await waitFor(() => expect(buscas().at(-1)).toEqual(['cidade/searchCidade/asc/id', {}]));
    expect(screen.getByLabelText('Filtrar por Nome')).toHaveValue('');
    expect(JSON.parse(localStorage.getItem('ceasa.filtros.cidade')!)).toEqual({ page: 0, sortField: 'id', sortOrder: 1, filtros: {} });
  });

  it("removes a row after the confirmation (which opens on 'Não'), with the toast, and reads the list again", async () => {
    apiMock.mockImplementation(async (path, o) => (o?.method === 'DELETE' ? undefined : page([SAO_LUIS, JOAO_PESSOA])) as never);
    const u = userEvent.setup();
    renderizar();
    await screen.findByText('São Luís');
    await u.click(screen.getByRole('button', { name: 'Remover São Luís' }));
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('Você tem certeza que quer remover São Luís?')).toBeInTheDocument();
    // It opens on 'Não': an Enter typed at speed cancels.
    await waitFor(() => expect(within(dialogo).getByRole('button', { name: 'Não' })).toHaveFocus());
    await u.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'DELETE')).toHaveLength(0);
    // 'Não' sends nothing.
    await u.click(screen.getByRole('button', { name: 'Remover São Luís' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Não' }));
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'DELETE')).toHaveLength(0);

    const antes = buscas().length;
    await u.click(screen.getByRole('button', { name: 'Remover São Luís' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Remoção concluída!')).toBeInTheDocument();
    expect(screen.getByText('São Luís removido(a) com sucesso')).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('cidade/7', { method: 'DELETE' });
    await waitFor(() => expect(buscas().length).toBeGreaterThan(antes));
  });

  it("shows the server's pt-BR reason when a removal is refused", async () => {
    apiMock.mockImplementation(async (_path, o) => {
      if (o?.method === 'DELETE') throw new ApiError(409, 'A cidade está em uso em 3 propriedades.');
      return page([SAO_LUIS]);
    });
    const u = userEvent.setup();
    renderizar();
    await u.click(await screen.findByRole('button', { name: 'Remover São Luís' }));
    await u.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Erro ao remover a cidade')).toBeInTheDocument();
    expect(screen.getByText('A cidade está em uso em 3 propriedades.')).toBeInTheDocument();
    expect(screen.queryByText('Remoção concluída!')).not.toBeInTheDocument();
  });

  it('has no Ações column (nor Adicionar) without the edit and delete permissions', async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS]));
    renderizar();
    await screen.findByText('São Luís');
    expect(screen.getByRole('columnheader', { name: 'Ações' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Editar São Luís' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeInTheDocument();
    cleanup();

    permitidas.clear();
    permitidas.add('visualizar');
    renderizar();
    await screen.findByText('São Luís');
    expect(screen.queryByRole('columnheader', { name: 'Ações' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Editar|Remover) / })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Adicionar' })).not.toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nome', 'Sigla', '', '']);
  });

  it('opens the edit page from the pencil', async () => {
    apiMock.mockResolvedValue(page([SAO_LUIS]));
    renderizar();
    fireEvent.click(await screen.findByRole('button', { name: 'Editar São Luís' }));
    expect(await screen.findByText('Editando cidade')).toBeInTheDocument();
  });

  it('falls back to the unfiltered list when the search fails, and shows the error only when that fails too', async () => {
    apiMock.mockImplementation(async (path) => {
      if (path.startsWith('cidade/searchCidade/')) throw new ApiError(500, 'Falha na busca');
      return page([JOAO_PESSOA]);
    });
    renderizar();
    expect(await screen.findByText('João Pessoa')).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('cidade', { query: { page: 0, size: 20, sort: 'id,asc' } });
    expect(screen.queryByText('Erro ao obter cidades')).not.toBeInTheDocument();
    cleanup();

    apiMock.mockRejectedValue(new ApiError(503, 'Servidor indisponível'));
    renderizar();
    expect(await screen.findByText('Erro ao obter cidades')).toBeInTheDocument();
    expect(screen.getByText('Servidor indisponível')).toBeInTheDocument();
    expect(screen.getByText('Nenhuma cidade encontrada')).toBeInTheDocument();
    await act(async () => undefined);
  });
});
