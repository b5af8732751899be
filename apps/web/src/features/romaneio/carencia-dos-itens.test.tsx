import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { boletimItemProduto, pedraLivre, produtoRegistro, type BoletimItemProduto, type DividaConsulta, type PessoaComDocumento } from '@ceasa/shared';
import { SETTINGS_PADRAO } from '@ceasa/shared/settings';
import { api } from '../../lib/api-client';
import { linhas, registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import { mensagensDeCarencia } from './carencia-dos-itens';
import RomaneioForm from './romaneio-form';

/** The withdrawal period on the gate form's rows, before saving. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

const RECUSA = 'Carência não cumprida: Inseticida X aplicado em 02/03/2027 só permite comercializar a partir de 09/03/2027.';
const item = (id: number, produtoNome: string, aplicacoes: BoletimItemProduto['aplicacoes']) =>
  registro(boletimItemProduto, {
    id,
    boletimId: 9,
    produtoId: 100 + id,
    produtoNome,
    produtoEmbalagem: 'CX 20kg',
    inicioColheita: '2027-03-01',
    fimColheita: '2027-03-31',
    saldoQtde: 5000,
    aplicacoes,
  });
const PULVERIZADO = item(1, 'Tomate', [
  { nomeProduto: 'Fungicida Antigo', data: '2027-01-10', periodoCarencia: 7 },
  { nomeProduto: 'Inseticida X', data: '2027-03-02', periodoCarencia: 7 },
]);
const SEM_CADERNO = item(2, 'Alface', null);
const linha = (b: BoletimItemProduto) => ({ boletimItensId: b.id, inicioColheita: b.inicioColheita, fimColheita: b.fimColheita });

describe('mensagensDeCarencia (the shared rule per row)', () => {
  it('refuses a row brought before the first allowed day (application date + period), with the server message', () => {
    expect(mensagensDeCarencia([linha(PULVERIZADO), linha(SEM_CADERNO)], ['2027-03-08'], [PULVERIZADO, SEM_CADERNO])).toEqual(new Map([[1, RECUSA]]));
  });
  it('accepts the first allowed day itself, and a row without a notebook on any day', () => {
    expect(mensagensDeCarencia([linha(PULVERIZADO), linha(SEM_CADERNO)], ['2027-03-09'], [PULVERIZADO, SEM_CADERNO]).size).toBe(0);
  });
  it('looks at every chosen date the row is brought on (its harvest window), not at dates outside it', () => {
    // 25/02 is outside the window (the row is not brought then); 04/03 is inside and refused.
    expect(mensagensDeCarencia([linha(PULVERIZADO)], ['2027-03-15', '2027-03-04', '2027-02-25'], [PULVERIZADO]).get(1)).toBe(RECUSA);
    expect(mensagensDeCarencia([linha(PULVERIZADO)], ['2027-02-25'], [PULVERIZADO]).size).toBe(0);
  });
});

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => {
    const p = String(path);
    if (p === 'config') return { ...SETTINGS_PADRAO, diasDeMercado: [1, 4] };
    // GET pessoa/tipo/1 has no shared schema (PessoaComDocumento is a type): typed, not parsed.
    if (p === 'pessoa/tipo/1?ativosDesde=2026-03-04') return [{ id: 3, nome: 'Lucas Dias', cpfcnpj: '33344455566' }] satisfies PessoaComDocumento[];
    if (p === 'pedras/livres') return linhas(pedraLivre, [{ id: 1001, numero: '1' }]);
    if (p.startsWith('boletimitens/produtos/')) return [PULVERIZADO, SEM_CADERNO];
    if (p.startsWith('produto/')) {
      const i = [PULVERIZADO, SEM_CADERNO].find((x) => x.produtoId === Number(p.split('/')[1]))!;
      return registro(produtoRegistro, {
        id: i.produtoId,
        nome: i.produtoNome,
        embalagem: i.produtoEmbalagem,
        pesoEmKg: 20,
        produtoGrupoId: 1,
        produtoGrupo: { id: 1, nome: 'Hortaliças' },
        status: 'ATIVO',
      });
    }
    if (p.startsWith('romaneio/divida/')) return { nomeContribuinte: 'Contribuinte', valorPgto: 10 } satisfies DividaConsulta;
    return [];
  });
});
afterEach(cleanup);

describe('romaneio gate form: the withdrawal period on the row', { timeout: 30_000 }, () => {
  it("shows the server's refusal on the sprayed item's row as soon as it is added, and saves nothing", async () => {
    const us = userEvent.setup({ delay: null });
    renderizarTela('/romaneiocreate', { '/romaneio': <p>Lista</p>, '/romaneiocreate': <RomaneioForm /> });
    // Thursday 04/03/2027: before 09/03.
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard('04032027{Enter}');
    await waitFor(() => expect(screen.getByTestId('datas-escolhidas')).toHaveTextContent('04/03/2027'));
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => p === 'pessoa/tipo/1?ativosDesde=2026-03-04')).toBe(true));
    await us.click(screen.getByLabelText('Produtor'));
    await us.keyboard('lucas dias{Enter}');
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => p === 'boletimitens/produtos/3?colheitaEm=2027-03-04')).toBe(true));
    await us.click(screen.getByLabelText('Produto'));
    await us.keyboard('tomate{Enter}10{Enter}alface{Enter}5{Enter}');
    const tabela = document.querySelector<HTMLElement>('.p-datatable[aria-label="Produtos adicionados"]')!;
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(3));
    const [, tomate, alface] = within(tabela).getAllByRole('row');
    expect(tomate).toHaveTextContent(RECUSA);
    expect(within(tomate).getByRole('alert')).toHaveTextContent(RECUSA);
    expect(alface).not.toHaveTextContent('Carência');
    // Saving is stopped before the server.
    await us.click(screen.getByLabelText('Dívida'));
    await us.keyboard('20259001');
    await us.click(screen.getByRole('button', { name: 'Salvar' }));
    // The row's message again, as the save's notice.
    await waitFor(() => expect(screen.getAllByText(RECUSA)).toHaveLength(2));
    expect(apiMock.mock.calls.filter(([p, o]) => p === 'romaneio' && o?.method === 'POST')).toHaveLength(0);
  });
});
