import { cleanup, configure, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUMERO_INVALIDO, precoRegistro, precosDoDiaRegistro, publicacaoRegistro, situacaoRegistro } from '@ceasa/shared';
import type { z } from 'zod';
import { api } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import PrecosDiaPage from './precos-dia-page';

/** 'Preços do dia' in the manual mode (decision 0135), with the API client mocked instead of a server. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const permitidas = new Set<string>();
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: (rota: string, acao: string) => permitidas.has(`${rota}:${acao}`) }) }));
const apiMock = vi.mocked(api);
configure({ asyncUtilTimeout: 5_000 });

const hoje = new Date();
const DIA = `${hoje.getFullYear()}-${String(hoje.getMonth() + 1).padStart(2, '0')}-${String(hoje.getDate()).padStart(2, '0')}`;
/** The day's grid, and a price saved, as the API answers them (checked against the shared schemas). */
const grade = () =>
  registro(precosDoDiaRegistro, {
    data: DIA,
    manual: true,
    produtos: [
      {
        produtoId: 1,
        produtoNome: 'Alface Crespa',
        produtoEmbalagem: 'CX',
        produtoGrupoNome: 'Folhas',
        ultimoValor: 20,
        ultimaData: '2026-11-26',
        precos: [{ id: 7, versao: 1, valor: 21, publicado: true }],
      },
      {
        produtoId: 2,
        produtoNome: 'Batata Lisa',
        produtoEmbalagem: 'SC',
        produtoGrupoNome: 'Tubérculos',
        ultimoValor: 100,
        ultimaData: '2026-11-26',
        precos: [],
      },
      { produtoId: 3, produtoNome: 'Cebola Roxa', produtoEmbalagem: 'SC', produtoGrupoNome: 'Bulbos', ultimoValor: null, ultimaData: null, precos: [] },
    ],
  });
const preco = (id: number, produtoId: number, valor: number) => {
  const p = grade().produtos.find((x) => x.produtoId === produtoId)!;
  return registro(precoRegistro, {
    id,
    versao: 1,
    valor,
    data: DIA,
    produtoId,
    produtoNome: p.produtoNome,
    produtoEmbalagem: p.produtoEmbalagem,
    produtoGrupoId: produtoId * 10,
    produtoGrupoNome: p.produtoGrupoNome,
    produto: { nome: p.produtoNome, embalagem: p.produtoEmbalagem, pesoEmKg: 20, produtoGrupo: { id: produtoId * 10, nome: p.produtoGrupoNome } },
  });
};

beforeEach(() => {
  apiMock.mockReset();
  permitidas.clear();
});
afterEach(cleanup);

describe('Preços do dia (manual publication)', { timeout: 30_000 }, () => {
  it('shows each price’s state, saves a value on Enter and goes to the next product, and publishes', async () => {
    ['precos:criar', 'precosDia:visualizar', 'precosDia:criar'].forEach((p) => permitidas.add(p));
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'precos/dia') return grade();
      if (path === 'precos/situacao') return o?.method === 'PUT' ? registro(situacaoRegistro, o.body as z.input<typeof situacaoRegistro>) : [];
      if (path === 'precos' && o?.method === 'POST') return preco(8, 2, 110);
      if (path === 'precos/publicar') return registro(publicacaoRegistro, { data: DIA, publicados: 1, manual: true });
      throw new Error(`inesperado: ${path}`);
    });
    renderizarTela('/precosdia', { '/precosdia': <PrecosDiaPage /> });
    expect(await screen.findByText('R$ 21,00 · publicado')).toBeInTheDocument();
    expect(screen.getByText(/Publicação manual/)).toBeInTheDocument();
    // The clerk's situation of a product (decision 0190): one choice, saved at once.
    const situacao = await screen.findByLabelText('Situação de Batata Lisa');
    await waitFor(() => expect(situacao).toBeEnabled());
    fireEvent.change(situacao, { target: { value: 'firme' } });
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('precos/situacao', { method: 'PUT', body: { produtoId: 2, data: DIA, situacao: 'firme' } }));

    const batata = screen.getByLabelText('Valor de Batata Lisa');
    batata.focus();
    fireEvent.change(batata, { target: { value: '110,00' } });
    expect(screen.getByText('+10,0%')).toBeInTheDocument();
    fireEvent.keyDown(batata, { key: 'Enter' });
    expect(screen.getByLabelText('Valor de Cebola Roxa')).toHaveFocus();
    await waitFor(() => expect(screen.getByText('R$ 110,00 · rascunho')).toBeInTheDocument());
    expect(apiMock).toHaveBeenCalledWith('precos', { method: 'POST', body: { produtoId: 2, data: DIA, valor: 110, confirmar: false } });
    expect(batata).toHaveValue('');

    // A value the API cannot read stays on its row with the message; nothing is sent.
    const cebola = screen.getByLabelText('Valor de Cebola Roxa');
    fireEvent.change(cebola, { target: { value: 'abc' } });
    fireEvent.keyDown(cebola, { key: 'Enter' });
    expect(await screen.findByText(NUMERO_INVALIDO)).toBeInTheDocument();
    expect(cebola).toHaveFocus();
    // More decimals than a price keeps are refused with the form's words, never rounded away.
    fireEvent.change(cebola, { target: { value: '45,555' } });
    fireEvent.keyDown(cebola, { key: 'Enter' });
    expect(await screen.findByText('Use no máximo 2 casas decimais')).toBeInTheDocument();
    expect(cebola).toHaveFocus();
    expect(apiMock).not.toHaveBeenCalledWith('precos', expect.objectContaining({ body: expect.objectContaining({ produtoId: 3 }) }));

    fireEvent.click(screen.getByRole('button', { name: 'Publicar cotação' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('precos/publicar', { method: 'POST', body: { data: DIA } }));
  });

  it('asks before a second price of the day, naming it; the button is only for who may publish', async () => {
    permitidas.add('precos:criar');
    apiMock.mockImplementation(async (path) => {
      if (path === 'precos/dia') return grade();
      if (path === 'precos/situacao') return [];
      return preco(9, 1, 22);
    });
    renderizarTela('/precosdia', { '/precosdia': <PrecosDiaPage /> });
    const alface = await screen.findByLabelText('Valor de Alface Crespa');
    expect(screen.queryByRole('button', { name: 'Publicar cotação' })).not.toBeInTheDocument();
    fireEvent.change(alface, { target: { value: '22' } });
    fireEvent.keyDown(alface, { key: 'Enter' });
    expect(await screen.findByText(/Já existe preço de Alface Crespa em .*: R\$ 21,00\. Registrar outro\?/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(apiMock).toHaveBeenCalledWith('precos', { method: 'POST', body: { produtoId: 1, data: DIA, valor: 22, confirmar: true } }));
  });
});
