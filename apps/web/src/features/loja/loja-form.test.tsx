import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { lojaItemRegistro, lojaRegistro, type PessoaOpcao } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import LojaForm from './loja-form';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The shop form with the API client mocked (no server); ApiError stays the real one. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

/** The shop sheet and its items as the API answers them (checked against the shared schemas). */
const item = (id: number, produtoNome: string, quantidade: number) =>
  registro(lojaItemRegistro, {
    id,
    lojaId: 1,
    produtoId: id * 10,
    produtoNome,
    produtoEmbalagem: 'CX',
    produtoPesoEmKg: 20,
    quantidade,
    municipioId: 5,
    municipioNome: 'Imperatriz',
  });
const LOJA = registro(lojaRegistro, {
  id: 1,
  lojistaId: 7,
  lojistaNome: 'Loja do Zé',
  lojista: { nome: 'Loja do Zé' },
  dataEmissao: '2026-11-19',
  itens: [item(11, 'Tomate', 150), item(12, 'Alface', 30)],
});
// GET pessoa/lojistas has no shared schema (PessoaOpcao is a type): typed, not parsed.
const LOJISTAS: PessoaOpcao[] = [{ id: 7, nome: 'Loja do Zé' }];

function renderizar(caminho: string) {
  return renderizarTela(caminho, {
    '/loja': <p>Lista de lojas</p>,
    '/lojacreate': <LojaForm />,
    '/loja/edit/:id': <LojaForm />,
  });
}

/** The API: the shop, its options; `falhas` makes the item calls fail. */
function servidor(falhas: { put?: boolean; del?: boolean } = {}) {
  apiMock.mockImplementation(async (path, o) => {
    if (path === 'loja/1') return LOJA;
    if (path === 'pessoa/lojistas') return LOJISTAS;
    if (path === 'lojaitens/updateQtde') {
      if (falhas.put) throw new ApiError(409, 'Item 11 não existe mais');
      return registro(lojaItemRegistro, { ...LOJA.itens[0], quantidade: (o?.body as { quantidade: number }).quantidade });
    }
    if (String(path).startsWith('lojaitens/')) {
      if (falhas.del) throw new ApiError(409, 'A loja precisa de ao menos um produto: para tirar este, remova a loja inteira.');
      return undefined;
    }
    return [];
  });
}
const chamadas = (prefixo: string) => apiMock.mock.calls.filter(([p]) => String(p).startsWith(prefixo));

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => apiMock.mockReset());
afterEach(cleanup);

async function alterarQuantidade(valor: string) {
  const campo = await screen.findByLabelText('Quantidade do item 1');
  await waitFor(() => expect(campo).toHaveValue('150,00'));
  const u = userEvent.setup();
  await u.clear(campo);
  await u.type(campo, valor);
  fireEvent.blur(campo);
  return campo;
}

describe('loja form', { timeout: 30_000 }, () => {
  it("a shop owner list that cannot be loaded says 'Erro ao obter pessoas', not an empty dropdown alone", async () => {
    apiMock.mockImplementation(async (path) => {
      if (path === 'pessoa/lojistas') throw new ApiError(503, 'Serviço indisponível');
      return [];
    });
    renderizar('/lojacreate');
    expect(await screen.findByText('Erro ao obter pessoas')).toBeInTheDocument();
    expect(screen.getByText('Serviço indisponível')).toBeInTheDocument();
  });

  it('on create, saving without items warns and sends nothing', async () => {
    servidor();
    renderizar('/lojacreate');
    fireEvent.click(await screen.findByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto(s) não adicionado(s)!')).toBeInTheDocument();
    expect(screen.getAllByText('É obrigatório adicionar ao menos um produto.').length).toBeGreaterThan(0);
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'POST')).toEqual([]);
  });

  it('a quantity beyond the limit is refused with the schema message, never clamped, and nothing is added or sent', async () => {
    servidor();
    renderizar('/lojacreate');
    const u = userEvent.setup();
    const qtde = await screen.findByLabelText('Quantidade (embalagens)', { selector: 'input' });
    await u.type(qtde, '20000');
    fireEvent.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(await screen.findByText('A quantidade deve ser no máximo 10.000')).toBeInTheDocument();
    expect(qtde).toHaveValue('20000');
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Produto(s) não adicionado(s)!')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'POST')).toEqual([]);
  });

  it('a master-detail form is saved only by Salvar or Ctrl+Enter (its title says so), not by Enter in a field', async () => {
    servidor();
    renderizar('/lojacreate');
    const salvar = await screen.findByRole('button', { name: 'Salvar' });
    expect(salvar).toHaveAttribute('title', 'Salvar (Ctrl+Enter)');
    const u = userEvent.setup();
    await u.type(screen.getByLabelText('Data Emissão'), '19112026{Enter}');
    await u.type(screen.getByLabelText('Quantidade (embalagens)', { selector: 'input' }), '5{Enter}');
    expect(screen.queryByText('Produto(s) não adicionado(s)!')).toBeNull();
    await u.keyboard('{Control>}{Enter}{/Control}');
    expect(await screen.findByText('Produto(s) não adicionado(s)!')).toBeInTheDocument();
  });

  it('on edit, a quantity left in its cell goes to lojaitens/updateQtde at once', async () => {
    servidor();
    renderizar('/loja/edit/1');
    await alterarQuantidade('175,5');
    await waitFor(() => expect(chamadas('lojaitens/updateQtde')).toEqual([['lojaitens/updateQtde', { method: 'PUT', body: { id: 11, quantidade: 175.5 } }]]));
    expect(await screen.findByText('Cadastro Alterado!')).toBeInTheDocument();
    expect(screen.getByText('Quantidade de Tomate alterada com sucesso')).toBeInTheDocument();
  });

  it("after its own quantity save the form takes the shop's new versao, so its next save is not refused as stale (decision 0085)", async () => {
    let versao = 1;
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'loja/1') return registro(lojaRegistro, { ...LOJA, versao });
      if (path === 'pessoa/lojistas') return LOJISTAS;
      if (path === 'lojaitens/updateQtde') {
        versao += 1;
        return registro(lojaItemRegistro, { ...LOJA.itens[0], quantidade: (o?.body as { quantidade: number }).quantidade });
      }
      if (path === 'loja' && o?.method === 'PUT') return registro(lojaRegistro, { ...LOJA, versao: versao + 1 });
      return [];
    });
    renderizar('/loja/edit/1');
    await alterarQuantidade('175,5');
    expect(await screen.findByText('Cadastro Alterado!')).toBeInTheDocument();
    await waitFor(() => expect(apiMock.mock.calls.filter(([p]) => p === 'loja/1')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    await waitFor(() => expect(apiMock.mock.calls.filter(([p, o]) => p === 'loja' && o?.method === 'PUT')).toHaveLength(1));
    const [, put] = apiMock.mock.calls.find(([p, o]) => p === 'loja' && o?.method === 'PUT')!;
    expect(put?.body).toMatchObject({ id: 1, versao: 2 });
  });

  it("a quantity left in its cell is saved though 'Voltar' closes the screen just after", async () => {
    servidor();
    renderizar('/loja/edit/1');
    await alterarQuantidade('80');
    fireEvent.click(screen.getByRole('link', { name: /Voltar/ }));
    expect(await screen.findByText('Lista de lojas')).toBeInTheDocument();
    await waitFor(() => expect(chamadas('lojaitens/updateQtde')).toEqual([['lojaitens/updateQtde', { method: 'PUT', body: { id: 11, quantidade: 80 } }]]));
  });

  it("a refused quantity says 'Erro ao alterar!' and shows the server's value again", async () => {
    servidor({ put: true });
    renderizar('/loja/edit/1');
    const campo = await alterarQuantidade('99');
    expect(await screen.findByText('Erro ao alterar!')).toBeInTheDocument();
    await waitFor(() => expect(campo).toHaveValue('150,00'));
  });

  it("a quantity the rule refuses says 'Erro ao alterar!' with its message, sends nothing and shows the server's value again", async () => {
    servidor();
    renderizar('/loja/edit/1');
    const campo = await alterarQuantidade('0');
    expect(await screen.findByText('A quantidade deve ser maior que 0')).toBeInTheDocument();
    expect(screen.getByText('Erro ao alterar!')).toBeInTheDocument();
    await waitFor(() => expect(campo).toHaveValue('150,00'));
    expect(chamadas('lojaitens/updateQtde')).toEqual([]);
  });

  it('a removal asks first, then DELETEs the item and takes the row away', async () => {
    servidor();
    renderizar('/loja/edit/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Remover item 2 (Alface - CX)' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Remoção concluída!')).toBeInTheDocument();
    expect(screen.getByText('Alface removido da loja')).toBeInTheDocument();
    expect(chamadas('lojaitens/12')).toEqual([['lojaitens/12', { method: 'DELETE' }]]);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Remover item 2 (Alface - CX)' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Remover item 1 (Tomate - CX)' })).toBeInTheDocument();
  });

  it('a refused removal keeps the row', async () => {
    servidor({ del: true });
    renderizar('/loja/edit/1');
    fireEvent.click(await screen.findByRole('button', { name: 'Remover item 2 (Alface - CX)' }));
    expect(await screen.findByText('Você tem certeza que quer remover este item?')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(chamadas('lojaitens/12')).toEqual([['lojaitens/12', { method: 'DELETE' }]]));
    expect(await screen.findByText('Erro ao remover o item')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remover item 2 (Alface - CX)' })).toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade do item 2')).toHaveValue('30,00');
    expect(chamadas('lojaitens/updateQtde')).toEqual([]);
  });
});

describe('loja items say their unit', () => {
  it('the quantity counts packages and each row shows it with its packaging and weight', async () => {
    servidor();
    renderizar('/loja/edit/1');
    await screen.findByLabelText('Quantidade do item 1');
    expect(screen.getAllByRole('columnheader').map((c) => c.textContent)).toContain('Quantidade (embalagens)');
    expect(screen.queryByText('Quantidade (kg)')).toBeNull();
    expect(await screen.findByText('150 CX (3.000 kg)')).toBeInTheDocument();
    expect(screen.getByText('30 CX (600 kg)')).toBeInTheDocument();
  });
});
