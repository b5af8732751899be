import { act, cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
  boletimItemProduto,
  chegadaRegistro,
  mensagemDiaDeMercado,
  montarChaveNfe,
  municipiosDoProdutor,
  pedraLivre,
  produtoRegistro,
  romaneioLoteInput,
  romaneioItemRegistro,
  romaneioRegistro,
  ROMANEIO_SEM_ITENS,
  type DividaConsulta,
  type PessoaComDocumento,
} from '@ceasa/shared';
import { SETTINGS_PADRAO } from '@ceasa/shared/settings';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { linhas, registro } from '../../lib/respostas-de-teste';
import RomaneioForm, { NAO_SALVO_PRODUTO_NAO_ADICIONADO, SALVA_QUANDO_CHEGAREM } from './romaneio-form';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The gate form with the API client mocked (no server): the gate's keyboard protocol, typed without delay. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);

// A Monday and a Thursday (the default market days), a Tuesday.
const SEG = '2026-11-30';
const QUI = '2026-12-03';
const TER = '2026-12-01';
// GET pessoa/tipo/1 has no shared schema (PessoaComDocumento is a type): typed, not parsed.
const PRODUTORES: PessoaComDocumento[] = [
  { id: 1, nome: 'Lucas Alves Alves', cpfcnpj: '11122233344' },
  { id: 2, nome: 'Lucas Alves', cpfcnpj: '22233344455' },
  { id: 3, nome: 'Lucas Dias', cpfcnpj: '33344455566' },
  { id: 4, nome: 'Lúcia Dias', cpfcnpj: '12.345.678/0001-95' },
];
const item = (id: number, produtoId: number, produtoNome: string, produtoEmbalagem: string) =>
  registro(boletimItemProduto, {
    id,
    boletimId: 9,
    produtoId,
    produtoNome,
    produtoEmbalagem,
    inicioColheita: '2026-11-01',
    fimColheita: '2026-12-31',
    saldoQtde: 5000,
  });
const ITENS = [
  item(11, 101, 'Tomate', 'CX 20kg'),
  item(12, 102, 'Tomate Cereja', 'CX 5kg'),
  item(13, 103, 'Alface', 'CX 10kg'),
  item(14, 104, 'Batata', 'SC 50kg'),
];
const PESOS: Record<number, number> = { 101: 20, 102: 5, 103: 10, 104: 50 };
// Free stalls 1..130 but 50.
const LIVRES = linhas(
  pedraLivre,
  Array.from({ length: 130 }, (_, i) => ({ id: 1000 + i + 1, numero: String(i + 1) })).filter((p) => p.numero !== '50'),
);
/** GET produto/{id}: the product of one of ITENS, as the API answers it. */
function produto(id: number) {
  const i = ITENS.find((x) => x.produtoId === id)!;
  return registro(produtoRegistro, {
    id,
    nome: i.produtoNome,
    embalagem: i.produtoEmbalagem,
    pesoEmKg: PESOS[id],
    produtoGrupoId: 1,
    produtoGrupo: { id: 1, nome: 'Hortaliças' },
    status: 'ATIVO',
  });
}

function servidor() {
  apiMock.mockImplementation(async (path) => {
    const p = String(path);
    if (p === 'config') return { ...SETTINGS_PADRAO, diasDeMercado: [1, 4] };
    if (p.startsWith('pessoa/tipo/1?ativosDesde=')) return PRODUTORES;
    if (p.startsWith('romaneio/produtores/municipios?ativosDesde='))
      return linhas(municipiosDoProdutor, [
        { id: 1, municipios: 'Balsas' },
        { id: 2, municipios: 'Imperatriz' },
        { id: 3, municipios: 'Balsas, Imperatriz' },
      ]);
    if (p === 'pedras/livres') return LIVRES;
    if (p.startsWith('boletimitens/produtos/')) return ITENS;
    if (p.startsWith('produto/')) return produto(Number(p.split('/')[1]));
    if (p.startsWith('romaneio/divida/')) return { nomeContribuinte: 'LUCAS DIAS', valorPgto: 10 } satisfies DividaConsulta;
    if (p === 'romaneio') return linhas(romaneioRegistro, []);
    return [];
  });
}
const posts = () => apiMock.mock.calls.filter(([p, o]) => p === 'romaneio' && o?.method === 'POST');

function renderizar() {
  return renderizarTela('/romaneiocreate', {
    '/romaneio': <p>Lista de romaneios</p>,
    '/romaneiocreate': <RomaneioForm />,
  });
}

configure({ asyncUtilTimeout: 5_000 });
beforeEach(() => {
  apiMock.mockReset();
  servidor();
});
afterEach(cleanup);

const u = () => userEvent.setup({ delay: null });
const dd = (iso: string) => iso.split('-').reverse().join('');

/** Dates, then the producer (found by its whole name, Enter). */
async function datasEProdutor(us: ReturnType<typeof u>, nome = 'lucas dias') {
  await us.click(screen.getByLabelText('Datas de Emissão'));
  await us.keyboard(`${dd(SEG)}{Enter}${dd(QUI)}{Enter}`);
  await waitFor(() => expect(screen.getByTestId('datas-escolhidas')).toHaveTextContent('30/11/202603/12/2026'));
  const produtor = screen.getByLabelText('Produtor');
  // Only the producers with a harvest in the year before the earliest date or later (decision 0126).
  await waitFor(() => expect(apiMock.mock.calls.some(([p]) => p === 'pessoa/tipo/1?ativosDesde=2025-11-30')).toBe(true));
  await us.click(produtor);
  await us.keyboard(`${nome}{Enter}`);
  return produtor;
}

/** The gate opened, dates, producer and debt typed, and the focus in Produto: the user-event session. */
async function ateOProduto() {
  const us = u();
  renderizar();
  await datasEProdutor(us);
  await us.click(screen.getByLabelText('Dívida'));
  await us.keyboard('20259001');
  await us.click(screen.getByLabelText('Produto'));
  return us;
}

/** The API's answers to paths starting with `inicio` come only when the test lets them (the function returned). */
function respostaRetida(inicio: string) {
  let liberar: () => void = () => undefined;
  const chegou = new Promise<void>((r) => (liberar = r));
  const padrao = apiMock.getMockImplementation()!;
  apiMock.mockImplementation(async (path, o) => {
    if (String(path).startsWith(inicio)) await chegou;
    return padrao(path, o);
  });
  return () => liberar();
}
/** The gate opened, one date included, and the focus in Produtor: the user-event session and the box. */
async function umaDataEOProdutor() {
  const us = u();
  renderizar();
  await us.click(screen.getByLabelText('Datas de Emissão'));
  await us.keyboard(`${dd(SEG)}{Enter}`);
  const produtor = screen.getByLabelText('Produtor');
  await us.click(produtor);
  return { us, produtor };
}

/** The producer's harvestable items answer only when the test lets them. */
const itensRetidos = () => respostaRetida('boletimitens/produtos/3?colheitaEm=');

describe('romaneio gate form: the keyboard protocol', { timeout: 30_000 }, () => {
  it('dates: Enter includes the date and leaves the field empty and focused; the next date typed at once arrives whole', async () => {
    const us = u();
    renderizar();
    const campo = screen.getByLabelText('Datas de Emissão');
    await us.click(campo);
    await us.keyboard(`${dd(SEG)}{Enter}${dd(QUI)}{Enter}${dd(TER)}{Enter}`);
    expect(screen.getByTestId('datas-escolhidas')).toHaveTextContent('Escolhidas:30/11/202603/12/2026');
    expect(screen.getByRole('alert')).toHaveTextContent(mensagemDiaDeMercado([1, 4]));
    expect(campo).toHaveFocus();
    await us.clear(campo);
    await us.keyboard(`${dd('2026-12-07')}{Enter}`);
    expect(campo).toHaveValue('');
    expect(campo).toHaveFocus();
    expect(screen.getByTestId('datas-escolhidas')).toHaveTextContent('07/12/2026');
  });

  it('producer: every word in any order, no case or accents; Enter picks the first match shown; Space, Tab and leaving pick nothing', async () => {
    const us = u();
    renderizar();
    const produtor = await datasEProdutor(us);
    expect(produtor).toHaveValue('Lucas Dias');
    // Typing again drops the choice; Space picks nothing.
    await us.clear(produtor);
    await us.keyboard('lucas ');
    expect(produtor).toHaveValue('lucas ');
    // Each with its masked CPF and municipalities: look-alike names told apart.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Lucas Alves Alves — ***.222.333-** — Balsas',
      'Lucas Alves — ***.333.444-** — Imperatriz',
      'Lucas Dias — ***.444.555-** — Balsas, Imperatriz',
    ]);
    await us.keyboard('alves');
    // The whole name typed comes first.
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Lucas Alves — ***.333.444-** — Imperatriz',
      'Lucas Alves Alves — ***.222.333-** — Balsas',
    ]);
    await us.tab();
    expect(produtor).toHaveValue('lucas alves');
    expect(screen.queryByRole('option')).toBeNull();
    await us.click(produtor);
    await us.clear(produtor);
    await us.keyboard('dias LUCIA');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual(['Lúcia Dias — 12.345.678/0001-95']);
    expect(produtor).toHaveAttribute('aria-activedescendant', 'campo-pessoaId-opcao-0');
    await us.keyboard('{Enter}');
    expect(produtor).toHaveValue('Lúcia Dias');
    expect(produtor).not.toHaveAttribute('aria-activedescendant');
    // The CPF's digits find too: whole, or from a group's start.
    for (const digitos of ['33344455566', '444 555', '333444']) {
      await us.clear(produtor);
      await us.keyboard(digitos);
      expect(screen.getAllByRole('option').map((o) => o.textContent)[0], digitos).toBe('Lucas Dias — ***.444.555-** — Balsas, Imperatriz');
    }
    await us.keyboard('{Enter}');
    expect(produtor).toHaveValue('Lucas Dias');
    // Nothing matches: the spec's empty message.
    await us.clear(produtor);
    await us.keyboard('zzz{Enter}');
    expect(screen.getByRole('status')).toHaveTextContent('Nenhum produtor encontrado');
    expect(produtor).toHaveValue('zzz');
  });

  it('stalls: a number and Enter adds exactly that stall; a stall not free is refused at once; Backspace removes the last; nothing selects all', async () => {
    const us = u();
    renderizar();
    await datasEProdutor(us);
    const pedras = screen.getByLabelText('Pedras');
    await us.click(pedras);
    await us.keyboard('120{Enter}7{Enter}103{Enter}');
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Remover a pedra/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
        'Remover a pedra 120',
        'Remover a pedra 7',
        'Remover a pedra 103',
      ]),
    );
    await us.keyboard('50{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Nenhuma pedra encontrada: 50 não está livre em todas as datas escolhidas');
    await us.keyboard('{Control>}a{/Control}{Backspace}{Backspace}');
    expect(screen.getAllByRole('button', { name: /^Remover a pedra/ })).toHaveLength(2);
    await us.keyboard('{Control>}a{/Control} 121 {Enter}');
    expect(screen.getAllByRole('button', { name: /^Remover a pedra/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
      'Remover a pedra 120',
      'Remover a pedra 7',
      'Remover a pedra 121',
    ]);
    expect(pedras).toHaveValue('');
    expect(pedras).toHaveFocus();
  });

  it('stalls typed while the free stalls of a date just added are still coming wait for them, and are checked against them', async () => {
    let soltar: () => void = () => {};
    const base = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'pedras/livres') {
        await new Promise<void>((r) => (soltar = r));
        return LIVRES;
      }
      return base(path, o);
    });
    const us = u();
    renderizar();
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard(`${dd(SEG)}{Enter}`);
    await us.click(screen.getByLabelText('Pedras'));
    await us.keyboard('120{Enter}50{Enter}7{Enter}');
    expect(screen.queryByRole('button', { name: /^Remover a pedra/ })).toBeNull();
    soltar();
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /^Remover a pedra/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
        'Remover a pedra 120',
        'Remover a pedra 7',
      ]),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Nenhuma pedra encontrada: 50 não está livre em todas as datas escolhidas');
  });

  it('product then quantity: Enter picks and moves to the quantity, Enter adds exactly that quantity and goes back; Ctrl+Enter saves; Enter in a row never does', async () => {
    const us = u();
    renderizar();
    await datasEProdutor(us);
    await us.click(screen.getByLabelText('Dívida'));
    await us.keyboard('20259001');
    await us.click(screen.getByLabelText('Pedras'));
    await us.keyboard('120{Enter}121{Enter}');
    const produto = screen.getByLabelText('Produto');
    // Only the items harvestable on a chosen date (decision 0125).
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => p === `boletimitens/produtos/3?colheitaEm=${SEG},${QUI}`)).toBe(true));
    await us.click(produto);
    // 'tomate' finds Tomate first (the whole name), 'cereja tom' the other.
    await us.keyboard('tomate{Enter}40{Enter}cereja tom{Enter}25{Enter}alface{Enter}60{Enter}BATATA{Enter}35{Enter}');
    const tabela = document.querySelector<HTMLElement>('.p-datatable[aria-label="Produtos adicionados"]')!;
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(5));
    const quantidades = ['Tomate', 'Tomate Cereja', 'Alface', 'Batata'].map((n) => (screen.getByLabelText(`Quantidade de ${n}`) as HTMLInputElement).value);
    expect(quantidades).toEqual(['40,00', '25,00', '60,00', '35,00']);
    // The unit beside the quantity.
    await waitFor(() => expect(tabela).toHaveTextContent('40 CX 20kg (800 kg)'));
    expect(tabela).toHaveTextContent('35 SC 50kg (1.750 kg)');
    expect(produto).toHaveFocus();
    expect(produto).toHaveValue('');

    // Enter in a row's quantity cell: no save.
    const celula = screen.getByLabelText('Quantidade de Alface');
    await us.click(celula);
    await us.keyboard('{Enter}');
    expect(posts()).toHaveLength(0);

    const salvar = screen.getByRole('button', { name: 'Salvar' });
    expect(salvar).toHaveAttribute('title', 'Salvar (Ctrl+Enter)');
    await us.click(produto);
    await us.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    // The body is what the route validates: parsed by the shared batch schema, as the server would.
    const lote = romaneioLoteInput.parse(posts()[0][1]!.body);
    expect(lote.map((r) => r.dataEmissao)).toEqual([SEG, QUI]);
    for (const r of lote) {
      expect(r.divida).toBe(20259001);
      expect(r.pessoaId).toBe(3);
      expect(r.pedras.map((p) => p.pedrasId)).toEqual([1120, 1121]);
      expect(r.itens.map((i) => [i.produtoId, i.quantidade])).toEqual([
        [101, 40],
        [102, 25],
        [103, 60],
        [104, 35],
      ]);
    }
  });

  it("saves in one request; the server's questions (409 with perguntas) shown in the dialog, 'Salvar' sends them confirmed by their codes", async () => {
    const perguntas = [
      { codigo: 'saldoBoletim', mensagem: 'Alface: 1.200 kg passam do saldo do boletim (800 kg).', field: '[0].itens[0].quantidade' },
      { codigo: 'romaneioNoDia', mensagem: 'Já existe romaneio de Lucas Dias em 30/11/2026 (código 12).', field: '[0].dataEmissao' },
    ];
    const codigos = perguntas.map((p) => p.codigo);
    const mensagem = perguntas.map((p) => p.mensagem).join(' ');
    let tentativas = 0;
    const padrao = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'romaneio' && o?.method === 'POST' && ++tentativas === 1)
        throw new ApiError(409, mensagem, { status: 409, message: mensagem, confirmar: codigos, perguntas } as never);
      return padrao(path, o);
    });
    const us = await ateOProduto();
    await us.keyboard('alface{Enter}60{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantidade de Alface')).toHaveValue('60,00'));
    const antes = apiMock.mock.calls.length;
    await us.keyboard('{Control>}{Enter}{/Control}');
    const dialogo = await screen.findByTestId('avisos-do-romaneio');
    // Exactly the server's questions, one per line; nothing else was asked of the server before the save.
    expect(
      within(dialogo)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(perguntas.map((p) => p.mensagem));
    expect(apiMock.mock.calls.slice(antes).map(([p, o]) => [p, o?.method])).toEqual([['romaneio', 'POST']]);
    await us.click(within(dialogo.closest<HTMLElement>('.p-dialog')!).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posts()).toHaveLength(2));
    const [primeiro, segundo] = posts().map(([, o]) => o!.body as { confirmar?: unknown }[]);
    expect(primeiro.map((r) => r.confirmar)).toEqual([undefined, undefined]);
    expect(segundo.map((r) => r.confirmar)).toEqual([codigos, codigos]);
    // The batch with its codes is what the route validates.
    expect(romaneioLoteInput.parse(segundo).map((r) => r.confirmar)).toEqual([codigos, codigos]);
  });

  it("'Voltar' on the bulletin balance question saves nothing and puts the cursor in that product's quantity, its text selected", async () => {
    const perguntas = [
      { codigo: 'saldoBoletim', mensagem: 'Alface: 1.200 kg passam do saldo do boletim (800 kg).', field: '[0].itens[0].quantidade', produto: 'Alface' },
    ];
    const padrao = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (path, o) => {
      if (path === 'romaneio' && o?.method === 'POST')
        throw new ApiError(409, perguntas[0].mensagem, { status: 409, message: perguntas[0].mensagem, confirmar: ['saldoBoletim'], perguntas } as never);
      return padrao(path, o);
    });
    const us = await ateOProduto();
    await us.keyboard('alface{Enter}60{Enter}');
    const quantidade = screen.getByLabelText('Quantidade de Alface');
    await waitFor(() => expect(quantidade).toHaveValue('60,00'));
    await us.keyboard('{Control>}{Enter}{/Control}');
    const dialogo = await screen.findByTestId('avisos-do-romaneio');
    await us.click(within(dialogo.closest<HTMLElement>('.p-dialog')!).getByRole('button', { name: 'Voltar' }));
    await waitFor(() => expect(screen.getByLabelText('Quantidade de Alface')).toHaveFocus());
    const campo = screen.getByLabelText<HTMLInputElement>('Quantidade de Alface');
    expect(campo.value.slice(campo.selectionStart!, campo.selectionEnd!)).toBe('60,00');
    expect(posts()).toHaveLength(1);
  });

  it("products typed while the producer's items load are kept and added when they arrive; one without a bulletin says so", async () => {
    const liberar = itensRetidos();
    const us = u();
    renderizar();
    await datasEProdutor(us);
    const produto = screen.getByLabelText('Produto');
    await us.click(produto);
    await us.keyboard('tomate{Enter}40{Enter}acucar{Enter}10{Enter}batata{Enter}20,5{Enter}');
    // A fresh box for each entry queued (found again by its label).
    expect(screen.getByLabelText('Produto')).toHaveFocus();
    expect(screen.getByLabelText('Produto')).toHaveValue('');
    expect(screen.getByTestId('itens-na-fila')).toHaveTextContent('Aguardando os produtos do produtor: tomate (40), acucar (10), batata (20,5)');
    liberar();
    const tabela = document.querySelector<HTMLElement>('.p-datatable[aria-label="Produtos adicionados"]')!;
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(3));
    expect(['Tomate', 'Batata'].map((n) => (screen.getByLabelText(`Quantidade de ${n}`) as HTMLInputElement).value)).toEqual(['40,00', '20,50']);
    await waitFor(() =>
      expect(screen.getByTestId('itens-nao-adicionados')).toHaveTextContent('acucar (10): Produto sem boletim de colheita para este produtor.'),
    );
    // With the list in, a product without a bulletin moves on too: the next one typed at once is added.
    await us.keyboard('cebola{Enter}30{Enter}alface{Enter}60{Enter}');
    await waitFor(() => expect(within(tabela).getAllByRole('row')).toHaveLength(4));
    expect(screen.getByTestId('itens-nao-adicionados')).toHaveTextContent('cebola (30): Produto sem boletim de colheita para este produtor.');
    expect(screen.getByLabelText('Produto')).toHaveValue('');
  });

  it('Ctrl+Enter while the products typed are still awaited saves them once they arrive, and says nothing is missing meanwhile', async () => {
    // The gate at full speed on a slow server: the last quantity's Enter and Ctrl+Enter before the producer's items
    // arrive. The save waited for nothing and the items field said 'no product' while the products were on their way.
    const liberar = itensRetidos();
    const us = await ateOProduto();
    await us.keyboard('tomate{Enter}40{Enter}alface{Enter}60{Enter}{Control>}{Enter}{/Control}');
    expect(await screen.findByText(SALVA_QUANDO_CHEGAREM)).toBeInTheDocument();
    expect(screen.queryByText(ROMANEIO_SEM_ITENS)).toBeNull();
    expect(posts()).toHaveLength(0);
    liberar();
    await waitFor(() => expect(posts()).toHaveLength(1));
    const lote = romaneioLoteInput.parse(posts()[0][1]!.body);
    for (const r of lote)
      expect(r.itens.map((i) => [i.produtoId, i.quantidade])).toEqual([
        [101, 40],
        [103, 60],
      ]);
    expect(await screen.findByText('Cadastro concluído!')).toBeInTheDocument();
    expect(screen.queryByText(ROMANEIO_SEM_ITENS)).toBeNull();
  });

  it("that waiting save stops when a product typed matches none of the producer's, and says why", async () => {
    const liberar = itensRetidos();
    const us = await ateOProduto();
    await us.keyboard('tomate{Enter}40{Enter}acucar{Enter}10{Enter}');
    // Salvar is there for a save that waits (no row yet, one awaited).
    await us.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText(SALVA_QUANDO_CHEGAREM)).toBeInTheDocument();
    liberar();
    expect(await screen.findByText(NAO_SALVO_PRODUTO_NAO_ADICIONADO)).toBeInTheDocument();
    expect(screen.getByTestId('itens-nao-adicionados')).toHaveTextContent('acucar (10): Produto sem boletim de colheita para este produtor.');
    expect(posts()).toHaveLength(0);
  });

  it('a product entered before the producer is chosen (on a slow server: the pick typed while the list loaded, not applied yet) is said under the items, and still once the producer comes', async () => {
    // The state the gate is in for a moment when the producers' list arrives: the list in, the producer typed but not
    // chosen yet. A product and its quantity entered then was listed as not added and wiped from the list when the
    // producer's pick came a render later: neither added nor said (a product silently dropped).
    const { us, produtor } = await umaDataEOProdutor();
    await us.keyboard('{ArrowDown}');
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(PRODUTORES.length));
    await us.keyboard('{Escape}');
    await us.click(screen.getByLabelText('Produto'));
    await us.keyboard('tomate{Enter}40{Enter}');
    expect(screen.getByTestId('itens-nao-adicionados')).toHaveTextContent('tomate (40): Escolha o produtor primeiro');
    expect(screen.getByLabelText('Produto')).toHaveValue('');
    await us.click(produtor);
    await us.keyboard('lucas dias{Enter}');
    expect(produtor).toHaveValue('Lucas Dias');
    await waitFor(() => expect(screen.getByLabelText('Produto')).toHaveAttribute('placeholder', 'Digite o produto e Enter'));
    expect(screen.getByTestId('itens-nao-adicionados')).toHaveTextContent('tomate (40): Escolha o produtor primeiro');
    // Another producer: what was not added no longer concerns the form.
    await us.clear(produtor);
    await us.keyboard('lucia dias{Enter}');
    expect(produtor).toHaveValue('Lúcia Dias');
    await waitFor(() => expect(screen.queryByTestId('itens-nao-adicionados')).toBeNull());
  });

  it("the producer typed and left while the producers' list loads: no 'O produtor é obrigatório' meanwhile, nor once it is picked", async () => {
    const liberar = respostaRetida('pessoa/tipo/1?ativosDesde=');
    const { us, produtor } = await umaDataEOProdutor();
    await us.keyboard('lucas dias{Enter}');
    await us.click(screen.getByLabelText('Dívida'));
    expect(screen.queryByText('O produtor é obrigatório')).toBeNull();
    await act(async () => liberar());
    await waitFor(() => expect(produtor).toHaveValue('Lucas Dias'));
    expect(screen.queryByText('O produtor é obrigatório')).toBeNull();
    // Emptied and left, it is said at once.
    await us.clear(produtor);
    await us.click(screen.getByLabelText('Dívida'));
    expect(await screen.findByText('O produtor é obrigatório')).toBeVisible();
  });

  it('a quantity above the limit is refused with the schema message, in the new row and in a row cell; nothing is clamped', async () => {
    const us = u();
    renderizar();
    await datasEProdutor(us);
    const produto = screen.getByLabelText('Produto');
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => String(p).startsWith('boletimitens/produtos/3'))).toBe(true));
    await us.click(produto);
    await us.keyboard('tomate{Enter}20000{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('A quantidade deve ser no máximo 10.000');
    expect(screen.getByLabelText('Quantidade')).toHaveValue('20000');
    expect(screen.queryByLabelText('Quantidade de Tomate')).toBeNull();
    await us.clear(screen.getByLabelText('Quantidade'));
    await us.keyboard('10000{Enter}');
    const celula = await screen.findByLabelText('Quantidade de Tomate');
    await us.click(celula);
    await us.keyboard('{Control>}a{/Control}20000');
    fireEvent.blur(celula);
    await waitFor(() => expect(celula).toHaveValue('20.000,00'));
    await waitFor(() => expect(screen.getByText('A quantidade deve ser no máximo 10.000')).toBeInTheDocument());
  });

  it("a producer whose card is past its date under CARTEIRA_PRODUTOR=exigir is refused on his field when picked; Salvar stays disabled ('avisar': the server asks at the save)", async () => {
    const vencida = PRODUTORES.map((p) => (p.id === 3 ? { ...p, carteiraValidaAte: '2026-11-20' } : p));
    for (const carteiraProdutor of ['exigir', 'avisar'] as const) {
      apiMock.mockReset();
      servidor();
      const padrao = apiMock.getMockImplementation()!;
      apiMock.mockImplementation(async (path, o) => {
        if (path === 'config') return { ...SETTINGS_PADRAO, diasDeMercado: [1, 4], carteiraProdutor };
        if (String(path).startsWith('pessoa/tipo/1?ativosDesde=')) return vencida;
        return padrao(path, o);
      });
      const us = u();
      renderizar();
      const produtor = await datasEProdutor(us);
      await waitFor(() => expect(produtor).toHaveValue('Lucas Dias'));
      await waitFor(() => expect(apiMock.mock.calls.some(([p]) => String(p).startsWith('boletimitens/produtos/3'))).toBe(true));
      await us.click(screen.getByLabelText('Produto'));
      await us.keyboard('alface{Enter}5{Enter}');
      await waitFor(() => expect(screen.getByRole('button', { name: 'Salvar' })).toHaveProperty('disabled', carteiraProdutor === 'exigir'));
      const mensagem = 'A carteira de produtor venceu em 20/11/2026: renove-a no cadastro do produtor.';
      if (carteiraProdutor === 'exigir') {
        expect(screen.getByText(mensagem)).toHaveAttribute('role', 'alert');
        expect(produtor).toHaveAttribute('aria-invalid', 'true');
        await us.keyboard('{Control>}{Enter}{/Control}');
        expect(produtor).toHaveFocus();
        expect(posts()).toHaveLength(0);
      } else expect(screen.queryByText(mensagem)).toBeNull();
      cleanup();
    }
  });

  it('a date typed but not included stops the save and says so', async () => {
    const us = u();
    renderizar();
    await datasEProdutor(us);
    await us.click(screen.getByLabelText('Dívida'));
    await us.keyboard('20259001');
    await waitFor(() => expect(apiMock.mock.calls.some(([p]) => String(p).startsWith('boletimitens/produtos/3'))).toBe(true));
    await us.click(screen.getByLabelText('Produto'));
    await us.keyboard('alface{Enter}5{Enter}');
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard(dd('2026-12-07'));
    await us.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('A data 07/12/2026 foi digitada mas não incluída: tecle Enter para incluí-la ou apague-a')).toBeInTheDocument();
    expect(screen.getByLabelText('Datas de Emissão')).toHaveFocus();
    expect(posts()).toHaveLength(0);
    // Emptied, the save goes.
    await us.clear(screen.getByLabelText('Datas de Emissão'));
    await us.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(posts()).toHaveLength(1));
  });

  it('edit: Ctrl+Enter saves nothing (the screen has no save: a quantity is saved on leaving its cell)', async () => {
    const salvo = registro(romaneioRegistro, {
      id: 57,
      dataEmissao: SEG,
      divida: 20259001,
      pessoaId: 3,
      produtorNome: 'Lucas Dias',
      tipoQuantidade: 'NÃO',
      pessoa: { id: 3, nome: 'Lucas Dias', cpfcnpj: '33344455566' },
      boletimId: 9,
      pedras: [],
      itens: [
        registro(romaneioItemRegistro, {
          id: 200,
          romaneioId: 57,
          produtoId: 101,
          produtoNome: 'Tomate',
          produtoEmbalagem: 'CX 20kg',
          quantidade: 40,
          boletimItensId: 11,
          boletimItensInicioColheita: '2026-11-01',
          boletimItensFimColheita: '2026-12-31',
          boletimItensBoletimPropriedadeNome: 'Sítio Boa Vista',
          boletimItensBoletimPropriedadeMunicipioNome: 'Balsas',
        }),
      ],
    });
    const padrao = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (path, o) => (path === 'romaneio/57' ? salvo : padrao(path, o)));
    const us = u();
    renderizarTela('/romaneio/edit/57', { '/romaneio': <p>Lista de romaneios</p>, '/romaneio/edit/:id': <RomaneioForm /> });
    const celula = await screen.findByLabelText('Quantidade de Tomate');
    await us.click(celula);
    await us.keyboard('{Control>}{Enter}{/Control}');
    await new Promise((r) => setTimeout(r, 300));
    expect(apiMock.mock.calls.filter(([p, o]) => String(p).startsWith('romaneio') && o?.method && o.method !== 'GET')).toEqual([]);
    expect(screen.getByRole('heading', { name: 'Editar Romaneio 57' })).toBeInTheDocument();
  });
});

describe("'Usar a chegada': the load the producer announced in the portal (decision 0298)", { timeout: 30_000 }, () => {
  const chave = montarChaveNfe({ ano: 2026, mes: 11, emitente: '33344455566', numero: 7 });
  const anunciada = (o: Partial<Parameters<typeof registro<typeof chegadaRegistro>>[1]> = {}) =>
    registro(chegadaRegistro, {
      id: 77,
      versao: 1,
      pessoaId: 3,
      pessoaNome: 'Lucas Dias',
      data: SEG,
      itens: [
        { produtoId: 101, produtoNome: 'Tomate', quantidade: 510 },
        { produtoId: 103, produtoNome: 'Alface', quantidade: 30 },
        { produtoId: 105, produtoNome: 'Cebola', quantidade: 40 },
      ],
      chavesNfe: [chave],
      observacao: null,
      situacao: 'anunciada',
      romaneioId: null,
      criadaEm: '2026-11-29T10:00:00.000Z',
      ...o,
    });
  /** The server with the producer's loads of the day, and bulletin items that carry their package's kg (as the API's do). */
  function comChegadas(chegadas: ReturnType<typeof anunciada>[]) {
    const base = apiMock.getMockImplementation()!;
    apiMock.mockImplementation(async (path, o) => {
      const p = String(path);
      if (p.startsWith('portal/chegadas?')) return chegadas;
      if (p.startsWith('boletimitens/produtos/')) return ITENS.map((i) => ({ ...i, produtoPesoEmKg: PESOS[i.produtoId] }));
      return base(path, o);
    });
  }
  const chamadasDeChegadas = () => apiMock.mock.calls.map(([p]) => String(p)).filter((p) => p.startsWith('portal/chegadas'));

  it('with the producer and one date: the load is shown and its button focused; Enter fills the items in packages and the keys; the save names the load', async () => {
    comChegadas([anunciada()]);
    const us = u();
    renderizar();
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard(`${dd(SEG)}{Enter}`);
    await us.click(screen.getByLabelText('Produtor'));
    await us.keyboard('lucas dias{Enter}');
    const usar = await screen.findByRole('button', { name: 'Usar a chegada' });
    await waitFor(() => expect(usar).toHaveFocus());
    expect(screen.getByTestId('chegada-anunciada')).toHaveTextContent('Chegada anunciada: 3 produto(s) — Tomate 510 kg, Alface 30 kg, Cebola 40 kg');
    expect(chamadasDeChegadas()).toContain(`portal/chegadas?data=${SEG}&pessoaId=3`);
    await us.keyboard('{Enter}');
    // 510 kg of 20 kg boxes, 30 kg of 10 kg ones; the onion has no bulletin item offered.
    await waitFor(() => expect(screen.getByLabelText('Quantidade de Tomate')).toHaveValue('25,50'));
    expect(screen.getByLabelText('Quantidade de Alface')).toHaveValue('3,00');
    expect(screen.getByTestId('chegada-nao-preenchidos')).toHaveTextContent('Não preenchidos (sem item de boletim colhível na data): Cebola');
    await waitFor(() => expect(screen.getByLabelText('Quantidade de Tomate')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Usar a chegada' })).toBeNull();
    // The clerk corrects a quantity, types the debt and a stall, and saves.
    await us.keyboard('{Control>}a{/Control}24');
    await us.click(screen.getByLabelText('Dívida'));
    await us.keyboard('20259001');
    await us.click(screen.getByLabelText('Pedras'));
    await us.keyboard('120{Enter}');
    await us.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    const [r] = romaneioLoteInput.parse(posts()[0][1]!.body);
    expect(r.chegadaId).toBe(77);
    expect(r.chavesNfe).toEqual([chave]);
    expect(r.itens.map((i) => [i.produtoId, i.quantidade, i.boletimItensId])).toEqual([
      [101, 24, 11],
      [103, 3, 13],
    ]);
  });

  it('offers nothing for several dates, for a load already received, nor on another producer; another producer forgets a load used', async () => {
    comChegadas([anunciada({ id: 78, situacao: 'recebida', romaneioId: 5 })]);
    const us = u();
    renderizar();
    await datasEProdutor(us);
    await waitFor(() => expect(screen.getByLabelText('Produto')).toBeEnabled());
    expect(chamadasDeChegadas()).toEqual([]);
    cleanup();
    apiMock.mockReset();
    servidor();
    comChegadas([anunciada({ id: 78, situacao: 'recebida', romaneioId: 5 })]);
    renderizar();
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard(`${dd(SEG)}{Enter}`);
    await us.click(screen.getByLabelText('Produtor'));
    await us.keyboard('lucas dias{Enter}');
    await waitFor(() => expect(chamadasDeChegadas()).toContain(`portal/chegadas?data=${SEG}&pessoaId=3`));
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByTestId('chegada-anunciada')).toBeNull();
    cleanup();
    apiMock.mockReset();
    servidor();
    comChegadas([anunciada()]);
    renderizar();
    await us.click(screen.getByLabelText('Datas de Emissão'));
    await us.keyboard(`${dd(SEG)}{Enter}`);
    await us.click(screen.getByLabelText('Produtor'));
    await us.keyboard('lucas dias{Enter}');
    await us.click(await screen.findByRole('button', { name: 'Usar a chegada' }));
    await waitFor(() => expect(screen.getByLabelText('Quantidade de Tomate')).toHaveValue('25,50'));
    await us.click(screen.getByLabelText('Produtor'));
    await us.clear(screen.getByLabelText('Produtor'));
    await us.keyboard('lucas alves{Enter}');
    await us.click(screen.getByLabelText('Dívida'));
    await us.keyboard('20259001');
    await us.click(screen.getByLabelText('Pedras'));
    await us.keyboard('120{Enter}');
    await us.keyboard('{Control>}{Enter}{/Control}');
    await waitFor(() => expect(posts()).toHaveLength(1));
    expect(romaneioLoteInput.parse(posts()[0][1]!.body)[0].chegadaId).toBeUndefined();
  });
});
