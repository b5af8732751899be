import { act, cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { municipioRecurso, municipioRegistro } from '@ceasa/shared';
import { api, ApiError } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import { ALTERACOES_NAO_SALVAS } from './use-alteracoes-nao-salvas';
import { renderizarTela } from '../../lib/tela-de-teste';
import { useParams } from 'react-router';
import { z } from 'zod';
import { FormPage } from './form-page';
import { FormularioDoRecurso } from './formulario-do-recurso';
import { TextField } from './text-field';
import { useResourceForm } from './use-resource-form';

/**
 * useResourceForm + FormPage through a real form of the product (Município: the shared zod schema,
 * the declared resource), with the API client mocked instead of a server. ApiError stays the real one.
 */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

/** A promise the test settles by hand: the save stays on its way until then. */
function adiado<T>() {
  let resolve!: (v: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

function renderizar(caminho: string) {
  return renderizarTela(caminho, {
    '/municipio': <p>Lista de municípios</p>,
    '/municipiocreate': <FormularioDoRecurso recurso={municipioRecurso} />,
    '/municipio/edit/:id': <FormularioDoRecurso recurso={municipioRecurso} />,
  });
}

const nome = () => screen.getByLabelText('Nome');
const sigla = () => screen.getByLabelText('Sigla - Estado');
const digitar = (el: HTMLElement, v: string) => fireEvent.change(el, { target: { value: v } });
/** A municipality as the API answers it (checked against the shared schema). */
const municipio = (id: number, nome: string, sigla: string) => registro(municipioRegistro, { id, nome, sigla, codigoIbge: null });
const chamadas = (method: string) => apiMock.mock.calls.filter(([, o]) => o?.method === method);

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => apiMock.mockReset());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('useResourceForm with FormPage', { timeout: 30_000 }, () => {
  it('loads the record on edit into the fields, and PUTs the changes with its id', async () => {
    apiMock.mockImplementation(async (path, o) => {
      if (!o?.method) return municipio(5, 'São João', 'MG');
      return municipio(5, 'São João del-Rei', 'MG');
    });
    renderizar('/municipio/edit/5');
    expect(await screen.findByRole('heading', { name: 'Editar Município' })).toBeInTheDocument();
    await waitFor(() => expect(nome()).toHaveValue('São João'));
    expect(sigla()).toHaveValue('MG');
    expect(apiMock).toHaveBeenCalledWith('municipio/5');

    digitar(nome(), 'São João del-Rei');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Cadastro atualizado!')).toBeInTheDocument();
    expect(chamadas('PUT')).toEqual([['municipio', { method: 'PUT', body: { id: 5, nome: 'São João del-Rei', sigla: 'MG', codigoIbge: null } }]]);
    expect(chamadas('POST')).toHaveLength(0);
  });

  it('shows the error panel when the record cannot be loaded, and tries again', async () => {
    apiMock.mockRejectedValueOnce(new ApiError(404, 'Município não encontrado')).mockResolvedValue(municipio(9, 'Açailândia', 'MA'));
    renderizar('/municipio/edit/9');
    expect(await screen.findByText('Não foi possível carregar o registro: Município não encontrado')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(nome()).toHaveValue('Açailândia'));
  });

  it('validates with the shared zod schema in pt-BR and sends nothing while invalid', async () => {
    renderizar('/municipiocreate');
    expect(screen.getByRole('heading', { name: 'Novo Município' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('O nome é obrigatório')).toBeInTheDocument();
    expect(screen.getByText('A sigla é obrigatório')).toBeInTheDocument();
    expect(nome()).toHaveAttribute('aria-invalid', 'true');
    expect(apiMock).not.toHaveBeenCalled();
  });

  it('POSTs on create; the success toast, then back to the list 2 s later (not before)', async () => {
    vi.useFakeTimers();
    apiMock.mockResolvedValue(municipio(1, 'Açúcar do Norte', 'PA'));
    renderizar('/municipiocreate');
    digitar(nome(), 'Açúcar do Norte');
    digitar(sigla(), 'PA');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(chamadas('POST')).toEqual([['municipio', { method: 'POST', body: { nome: 'Açúcar do Norte', sigla: 'PA', codigoIbge: null } }]]);
    expect(screen.getByText('Cadastro concluído!')).toBeInTheDocument();
    // Locked while the page is about to leave.
    expect(screen.getByRole('button', { name: 'Salvar' })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(1_900));
    expect(screen.queryByText('Lista de municípios')).not.toBeInTheDocument();
    expect(nome()).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(screen.getByText('Lista de municípios')).toBeInTheDocument();
  });

  it("puts the server's field errors on their fields, with the error toast, and unlocks for a new try", async () => {
    apiMock.mockRejectedValueOnce(
      new ApiError(409, 'Já existe um município com este nome', { fieldErrors: [{ field: 'nome', message: 'Já existe um município com este nome e sigla' }] }),
    );
    renderizar('/municipiocreate');
    digitar(nome(), 'João Pessoa');
    digitar(sigla(), 'PB');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Já existe um município com este nome e sigla')).toBeInTheDocument();
    expect(nome()).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Erro ao cadastrar municipio!')).toBeInTheDocument();
    expect(screen.getByText('Já existe um município com este nome')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled());
    expect(chamadas('POST')).toHaveLength(1);
  });

  it('saves once when Salvar is clicked twice (and pressed Enter) while the first save is on its way', async () => {
    const resposta = adiado<unknown>();
    apiMock.mockReturnValue(resposta.promise as never);
    renderizar('/municipiocreate');
    digitar(nome(), 'Imperatriz');
    digitar(sigla(), 'MA');
    const salvar = screen.getByRole('button', { name: 'Salvar' });
    fireEvent.click(salvar);
    fireEvent.click(salvar);
    fireEvent.submit(salvar.closest('form')!);
    await waitFor(() => expect(chamadas('POST')).toHaveLength(1));
    await act(async () => resposta.resolve(municipio(3, 'Imperatriz', 'MA')));
    expect(await screen.findByText('Cadastro concluído!')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await act(async () => undefined);
    expect(chamadas('POST')).toHaveLength(1);
  });

  it("Ctrl+Enter saves from a field; the button's title says so", async () => {
    apiMock.mockResolvedValue(municipio(1, 'Codó', 'MA'));
    renderizar('/municipiocreate');
    expect(screen.getByRole('button', { name: 'Salvar' })).toHaveAttribute('title', 'Salvar (Ctrl+Enter)');
    digitar(nome(), 'Codó');
    digitar(sigla(), 'MA');
    fireEvent.keyDown(sigla(), { key: 'Enter', ctrlKey: true });
    await waitFor(() => expect(chamadas('POST')).toEqual([['municipio', { method: 'POST', body: { nome: 'Codó', sigla: 'MA', codigoIbge: null } }]]));
  });
});

describe('a save the server asks to confirm (409 with confirmar, decision 0136)', { timeout: 30_000 }, () => {
  const pergunta = 'Já existe preço de Tomate Extra em 27/11/2026: R$ 60,00. Registrar outro?';
  const recusa = () => new ApiError(409, pergunta, { status: 409, message: pergunta, confirmar: ['precoNoDia'] } as never);

  it("shows the server's question, starting on 'Não'; 'Sim' sends the same save with confirmar: true", async () => {
    apiMock.mockRejectedValueOnce(recusa()).mockResolvedValueOnce(municipio(3, 'Imperatriz', 'MA'));
    renderizar('/municipiocreate');
    digitar(nome(), 'Imperatriz');
    digitar(sigla(), 'MA');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(pergunta)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Não' })).toHaveFocus());
    expect(screen.queryByText('Erro ao cadastrar municipio!')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Cadastro concluído!')).toBeInTheDocument();
    expect(chamadas('POST')).toEqual([
      ['municipio', { method: 'POST', body: { nome: 'Imperatriz', sigla: 'MA', codigoIbge: null } }],
      ['municipio', { method: 'POST', body: { nome: 'Imperatriz', sigla: 'MA', codigoIbge: null, confirmar: true } }],
    ]);
  });

  it("'Não' saves nothing, reports no error and leaves the form as typed, ready to save again", async () => {
    apiMock.mockRejectedValueOnce(recusa()).mockRejectedValueOnce(recusa());
    renderizar('/municipiocreate');
    digitar(nome(), 'Imperatriz');
    digitar(sigla(), 'MA');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText(pergunta)).not.toBeInTheDocument());
    expect(screen.queryByText('Erro ao cadastrar municipio!')).not.toBeInTheDocument();
    expect(chamadas('POST')).toHaveLength(1);
    expect(nome()).toHaveValue('Imperatriz');
    // The form's buttons stay locked until the refused save has settled (the dialog, with no animation, may be gone first).
    await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toBeEnabled());
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(pergunta)).toBeInTheDocument();
    expect(chamadas('POST')).toHaveLength(2);
  });
});

describe('unsaved work is guarded (useAlteracoesNaoSalvas through useResourceForm)', { timeout: 30_000 }, () => {
  const voltar = () => fireEvent.click(screen.getByRole('link', { name: /Voltar/ }));

  it("a changed form asks before leaving: 'Não' stays with the work, 'Sim' leaves", async () => {
    renderizar('/municipiocreate');
    digitar(nome(), 'Balsas');
    voltar();
    expect(await screen.findByText(ALTERACOES_NAO_SALVAS)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByText(ALTERACOES_NAO_SALVAS)).toBeNull());
    expect(screen.getByRole('heading', { name: 'Novo Município' })).toBeInTheDocument();
    expect(nome()).toHaveValue('Balsas');

    voltar();
    fireEvent.click(await screen.findByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Lista de municípios')).toBeInTheDocument();
  });

  it('an untouched form (or one changed back) leaves without asking', async () => {
    renderizar('/municipiocreate');
    digitar(nome(), 'Balsas');
    digitar(nome(), '');
    voltar();
    expect(await screen.findByText('Lista de municípios')).toBeInTheDocument();
    expect(screen.queryByText(ALTERACOES_NAO_SALVAS)).toBeNull();
  });

  it('a saved form goes back to the list without asking', async () => {
    vi.useFakeTimers();
    apiMock.mockResolvedValue(municipio(1, 'Caxias', 'MA'));
    renderizar('/municipiocreate');
    digitar(nome(), 'Caxias');
    digitar(sigla(), 'MA');
    fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(screen.getByText('Cadastro concluído!')).toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(2_000));
    expect(screen.queryByText(ALTERACOES_NAO_SALVAS)).toBeNull();
    expect(screen.getByText('Lista de municípios')).toBeInTheDocument();
  });

  it('reloading or closing a changed form asks the browser (beforeunload); an untouched one does not', async () => {
    renderizar('/municipiocreate');
    const sair = () => {
      const e = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(e);
      return e.defaultPrevented;
    };
    expect(sair()).toBe(false);
    digitar(sigla(), 'PI');
    await waitFor(() => expect(sair()).toBe(true));
  });
});

/** A record reached by another one in the route (as a bulletin item's notebook): `registro` says how it is read and saved. */
const notaSchema = z.object({ itemId: z.number(), texto: z.string().min(1, 'O texto é obrigatório') });
type Nota = z.infer<typeof notaSchema> & { id?: number };
function NotaDoItem() {
  const itemId = Number(useParams().itemId);
  const f = useResourceForm<Nota, Nota & { id: number }>({
    base: 'nota',
    schema: notaSchema as never,
    defaults: { itemId, texto: '' },
    caminhoDaLista: '/itens',
    entidade: 'nota',
    mensagens: { atualizado: 'Nota atualizada com sucesso' },
    registro: { editando: true, chave: `item/${itemId}`, ler: () => api(`nota/item/${itemId}`), id: (n) => n.id },
    listas: 'item',
    toBody: (v) => ({ ...v, itemId }),
  });
  return (
    <FormPage form={f} titulo="Editar Nota">
      <TextField control={f.form.control} name="texto" label="Texto" />
    </FormPage>
  );
}

describe('useResourceForm with a record not found by :id (registro)', { timeout: 30_000 }, () => {
  it("reads the record its own way, PUTs with the record's id and its own success toast", async () => {
    apiMock.mockImplementation(async (path, o) => {
      if (!o?.method) return path === 'nota/item/3' ? { id: 41, itemId: 3, texto: 'Antes', versao: 2 } : undefined;
      return { id: 41, itemId: 3, texto: 'Depois', versao: 3 };
    });
    renderizarTela('/item/3/nota', { '/item/:itemId/nota': <NotaDoItem />, '/itens': <p>Itens</p> });
    await waitFor(() => expect(screen.getByLabelText('Texto')).toHaveValue('Antes'));
    digitar(screen.getByLabelText('Texto'), 'Depois');
    fireEvent.click(screen.getByRole('button', { name: 'Atualizar' }));
    expect(await screen.findByText('Nota atualizada com sucesso')).toBeInTheDocument();
    expect(chamadas('PUT')).toEqual([['nota', { method: 'PUT', body: { itemId: 3, texto: 'Depois', id: 41, versao: 2 } }]]);
  });

  it('shows the error panel when its reading fails', async () => {
    apiMock.mockImplementation(async (path) => {
      if (path === 'nota/item/3') throw new ApiError(404, 'Este item ainda não tem nota.');
      return undefined;
    });
    renderizarTela('/item/3/nota', { '/item/:itemId/nota': <NotaDoItem /> });
    expect(await screen.findByText('Não foi possível carregar o registro: Este item ainda não tem nota.')).toBeInTheDocument();
  });
});
