import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { NUMERO_INVALIDO } from '@ceasa/shared/format';
import { hojeNoMercado, somarDias } from '@ceasa/shared/tempo';
import { numeroNaoLido } from '../components/form/texto-nao-lido';
import { apiDeTeste, pedidosA, type Pedido, type Resposta } from './api-de-teste';
import { CHEGADA_ALTERADA, CHEGADA_ANUNCIADA, CHEGADA_RECEBIDA, ChegadaForm } from './chegada-form';
import { ChegadasPage } from './chegadas-page';
import { esquecerConfigDoPortal } from './config-do-portal';
import { iniciarSessaoDoPortal } from './sessao-do-portal';

const POST = 'POST /api/portal/chegadas';
const amanha = somarDias(hojeNoMercado(), 1);
const CHAVE = '35261112345678000195550010000001231000001234';

beforeEach(() => {
  esquecerConfigDoPortal();
  // A save navigates with its message in the history's state, which jsdom keeps from one test to the next.
  history.replaceState(null, '', '/');
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** The form at /portal/chegadas/nova (or {id}) with the session open; `responder` answers the portal's calls. */
async function abrir(responder: (p: Pedido) => Resposta | undefined | Promise<Resposta | undefined>, id: number | null = null) {
  const pedidos = apiDeTeste(responder);
  await iniciarSessaoDoPortal();
  history.replaceState(null, '', id === null ? '/portal/chegadas/nova' : `/portal/chegadas/${id}`);
  render(<ChegadaForm id={id} />);
  await screen.findByLabelText('Produto 1');
  await waitFor(() => expect(pedidosA(pedidos, 'GET /api/publico/produtos')).toHaveLength(1));
  return { pedidos, u: userEvent.setup({ delay: null }) };
}

/** A load for tomorrow: 'Tomate' picked by typing, '12,5' kg. */
async function preencher(u: ReturnType<typeof userEvent.setup>, kg = '12,5') {
  fireEvent.change(screen.getByLabelText('Data da chegada'), { target: { value: amanha } });
  await u.type(screen.getByLabelText('Produto 1'), 'tomate{Enter}');
  await u.type(screen.getByLabelText('Quantidade (kg)'), kg);
}

const salvar = () => fireEvent.click(screen.getByRole('button', { name: 'Salvar' }));
/** The questions shown and the save that asked them over: the cursor is on 'Confirmar'. */
const perguntasProntas = () => waitFor(() => expect(screen.getByRole('button', { name: 'Confirmar' })).toHaveFocus());

describe('announcing a load (POST /api/portal/chegadas)', () => {
  it("reads '12,5' as 12.5 kg, sends the day, products, NF-e keys without their spaces and the note, then lists the loads saying so", async () => {
    const { pedidos, u } = await abrir((p) => (p.metodo === 'POST' && p.caminho === '/api/portal/chegadas' ? [201, { id: 7 }] : undefined));
    const data = screen.getByLabelText('Data da chegada');
    expect(data).toHaveAttribute('min', hojeNoMercado());
    expect(data).toHaveAttribute('max', somarDias(hojeNoMercado(), 7));
    await preencher(u);
    await u.click(screen.getByRole('button', { name: 'Adicionar produto' }));
    expect(screen.getByLabelText('Produto 2')).toHaveFocus();
    await u.type(screen.getByLabelText('Produto 2'), 'alface{Enter}');
    await u.type(screen.getAllByLabelText('Quantidade (kg)')[1], '1.250,75');
    await u.type(screen.getByLabelText('Chaves de acesso das NF-e (opcional, uma por linha)'), CHAVE.replace(/(\d{4})/g, '$1 '));
    await u.type(screen.getByLabelText('Observação (opcional)'), '  Chego às 5h ');
    salvar();
    await waitFor(() => expect(location.pathname).toBe('/portal/chegadas'));
    expect(pedidosA(pedidos, POST)).toHaveLength(1);
    expect(pedidosA(pedidos, POST)[0].corpo).toEqual({
      data: amanha,
      itens: [
        { produtoId: 1, quantidade: 12.5 },
        { produtoId: 2, quantidade: 1250.75 },
      ],
      chavesNfe: [CHAVE],
      observacao: 'Chego às 5h',
    });
    expect(history.state).toEqual({ mensagem: CHEGADA_ANUNCIADA });
  });

  it("stops on a quantity it cannot read ('12.50'), saying why at the field, and sends nothing", async () => {
    const { pedidos, u } = await abrir(() => undefined);
    await preencher(u, '12.50');
    salvar();
    const campo = screen.getByLabelText('Quantidade (kg)');
    await waitFor(() => expect(campo).toHaveFocus());
    expect(await screen.findByText(numeroNaoLido('12.50', NUMERO_INVALIDO))).toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    expect(pedidosA(pedidos, POST)).toHaveLength(0);
    expect(location.pathname).toBe('/portal/chegadas/nova');
  });

  it('shows each question of a 409 in the server words; Confirmar sends the same load with their codes, then the next ones too', async () => {
    const saldo = { codigo: 'saldoBoletim', mensagem: 'Tomate Italiano: 1.200 kg passam do saldo do boletim (800 kg).', field: 'itens[0].quantidade' };
    const carteira = { codigo: 'carteira', mensagem: 'A carteira do produtor venceu em 01/12/2026.', field: 'data' };
    const respostas: Resposta[] = [
      [409, { message: saldo.mensagem, confirmar: ['saldoBoletim'], perguntas: [saldo] }],
      [409, { message: carteira.mensagem, confirmar: ['carteira'], perguntas: [carteira] }],
      [201, { id: 8 }],
    ];
    const { pedidos, u } = await abrir((p) => (p.metodo === 'POST' && p.caminho === '/api/portal/chegadas' ? respostas.shift() : undefined));
    await preencher(u, '1200');
    salvar();
    const pergunta = await screen.findByRole('alert');
    expect(within(pergunta).getByText(saldo.mensagem)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
    await perguntasProntas();
    await u.click(screen.getByRole('button', { name: 'Confirmar' }));
    expect(await screen.findByText(carteira.mensagem)).toBeInTheDocument();
    expect(screen.queryByText(saldo.mensagem)).toBeNull();
    await perguntasProntas();
    await u.click(screen.getByRole('button', { name: 'Confirmar' }));
    await waitFor(() => expect(location.pathname).toBe('/portal/chegadas'));
    const enviados = pedidosA(pedidos, POST).map((p) => (p.corpo as { confirmar?: string[] }).confirmar);
    expect(enviados).toEqual([undefined, ['saldoBoletim'], ['saldoBoletim', 'carteira']]);
  });

  it("'Voltar' on the questions sends nothing, and a change asks again from the start", async () => {
    const saldo = { codigo: 'saldoBoletim', mensagem: 'Tomate Italiano: 1.200 kg passam do saldo do boletim (800 kg).', field: 'itens[0].quantidade' };
    const { pedidos, u } = await abrir((p) =>
      p.metodo === 'POST' && p.caminho === '/api/portal/chegadas'
        ? [409, { message: saldo.mensagem, confirmar: ['saldoBoletim'], perguntas: [saldo] }]
        : undefined,
    );
    await preencher(u, '1200');
    salvar();
    await screen.findByText(saldo.mensagem);
    await perguntasProntas();
    await u.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByText(saldo.mensagem)).toBeNull();
    expect(pedidosA(pedidos, POST)).toHaveLength(1);
    salvar();
    await screen.findByText(saldo.mensagem);
    await perguntasProntas();
    await u.clear(screen.getByLabelText('Quantidade (kg)'));
    await u.type(screen.getByLabelText('Quantidade (kg)'), '700');
    expect(screen.queryByText(saldo.mensagem)).toBeNull();
    salvar();
    await waitFor(() => expect(pedidosA(pedidos, POST)).toHaveLength(3));
    expect(pedidosA(pedidos, POST).map((p) => (p.corpo as { confirmar?: string[] }).confirmar)).toEqual([undefined, undefined, undefined]);
  });

  it("shows a refusal as the server words it: the field's message under it, the rule's message at once; nothing else is said", async () => {
    const respostas: Resposta[] = [
      [400, { message: 'A data da chegada é obrigatória', fieldErrors: [{ field: 'data', message: 'A data da chegada é obrigatória' }] }],
      [422, { message: 'O produtor está suspenso até 20/12/2026 por análise de resíduos não conforme.' }],
    ];
    const { pedidos, u } = await abrir((p) => (p.metodo === 'POST' && p.caminho === '/api/portal/chegadas' ? respostas.shift() : undefined));
    await u.type(screen.getByLabelText('Produto 1'), 'tomate{Enter}');
    await u.type(screen.getByLabelText('Quantidade (kg)'), '10');
    salvar();
    const data = screen.getByLabelText('Data da chegada');
    await waitFor(() => expect(data).toHaveAttribute('aria-invalid', 'true'));
    expect(data).toHaveFocus();
    expect(data.getAttribute('aria-describedby')).toContain('erro-data');
    expect(document.getElementById('erro-data')).toHaveTextContent('A data da chegada é obrigatória');
    fireEvent.change(data, { target: { value: amanha } });
    salvar();
    expect(await screen.findByRole('alert')).toHaveTextContent('O produtor está suspenso até 20/12/2026 por análise de resíduos não conforme.');
    expect(document.getElementById('erro-data')).toBeNull();
    expect(pedidosA(pedidos, POST)).toHaveLength(2);
    expect(location.pathname).toBe('/portal/chegadas/nova');
  });

  it('says in Portuguese when the server cannot be reached', async () => {
    const { u } = await abrir((p) => {
      if (p.metodo === 'POST' && p.caminho === '/api/portal/chegadas') throw new TypeError('Failed to fetch');
      return undefined;
    });
    await preencher(u);
    salvar();
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível falar com o servidor. Verifique a conexão e tente de novo.');
  });

  it('a double tap on Salvar announces one load', async () => {
    let responder!: (r: Resposta) => void;
    const { pedidos, u } = await abrir((p) =>
      p.metodo === 'POST' && p.caminho === '/api/portal/chegadas' ? new Promise<Resposta>((r) => (responder = r)) : undefined,
    );
    await preencher(u);
    const botao = screen.getByRole('button', { name: 'Salvar' });
    // Two taps in the same tick (before React draws the disabled button), then one more after.
    act(() => {
      botao.click();
      botao.click();
    });
    await u.click(botao);
    await waitFor(() => expect(pedidosA(pedidos, POST)).toHaveLength(1));
    expect(botao.closest('fieldset')).toBeDisabled();
    await act(async () => responder([201, { id: 9 }]));
    await waitFor(() => expect(location.pathname).toBe('/portal/chegadas'));
    expect(pedidosA(pedidos, POST)).toHaveLength(1);
  });
});

describe('changing and withdrawing a load', () => {
  const chegada = (o: object = {}) => ({
    id: 5,
    versao: 3,
    pessoaId: 9,
    pessoaNome: 'Maria da Horta',
    data: amanha,
    itens: [{ produtoId: 1, produtoNome: 'Tomate Italiano', quantidade: 12.5 }],
    chavesNfe: [CHAVE],
    observacao: 'Chego às 5h',
    situacao: 'anunciada',
    romaneioId: null,
    criadaEm: '2026-12-01T10:00:00Z',
    ...o,
  });

  it('opens the load as saved and sends the change with its version (PUT)', async () => {
    const { pedidos, u } = await abrir((p) => {
      if (p.metodo === 'GET' && p.caminho === '/api/portal/chegadas/5') return [200, chegada()];
      if (p.metodo === 'PUT') return [200, chegada({ versao: 4 })];
      return undefined;
    }, 5);
    expect(screen.getByLabelText('Produto 1')).toHaveValue('Tomate Italiano - CX 20kg');
    expect(screen.getByLabelText('Quantidade (kg)')).toHaveValue('12,50 kg');
    await u.clear(screen.getByLabelText('Quantidade (kg)'));
    await u.type(screen.getByLabelText('Quantidade (kg)'), '15');
    salvar();
    await waitFor(() => expect(location.pathname).toBe('/portal/chegadas'));
    expect(pedidosA(pedidos, 'PUT /api/portal/chegadas/5')[0].corpo).toEqual({
      versao: 3,
      data: amanha,
      itens: [{ produtoId: 1, quantidade: 15 }],
      chavesNfe: [CHAVE],
      observacao: 'Chego às 5h',
    });
    expect(history.state).toEqual({ mensagem: CHEGADA_ALTERADA });
  });

  it('a received load is not offered for change', async () => {
    apiDeTeste((p) => (p.caminho === '/api/portal/chegadas/5' ? [200, chegada({ situacao: 'recebida', romaneioId: 40 })] : undefined));
    await iniciarSessaoDoPortal();
    render(<ChegadaForm id={5} />);
    expect(await screen.findByText(CHEGADA_RECEBIDA)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar' })).toBeNull();
  });

  it('lists his loads (day, products and kg, situation); withdraws an announced one after asking, once', async () => {
    let lista = [chegada(), chegada({ id: 6, situacao: 'recebida', romaneioId: 40 })];
    const pedidos = apiDeTeste((p) => {
      if (p.metodo === 'GET' && p.caminho === '/api/portal/chegadas') return [200, lista];
      if (p.metodo === 'DELETE') {
        lista = lista.filter((c) => c.id !== 5);
        return [204, undefined];
      }
      return undefined;
    });
    await iniciarSessaoDoPortal();
    render(<ChegadasPage />);
    const cartoes = await screen.findAllByRole('heading', { level: 2 });
    expect(cartoes.map((h) => h.textContent)).toEqual([
      `Chegada de ${amanha.split('-').reverse().join('/')}`,
      `Chegada de ${amanha.split('-').reverse().join('/')}`,
    ]);
    expect(screen.getAllByText('Tomate Italiano: 12,5 kg')).toHaveLength(2);
    expect(screen.getByText('Anunciada')).toBeInTheDocument();
    expect(screen.getByText('Recebida')).toBeInTheDocument();
    // Only the announced one may be changed or withdrawn.
    expect(screen.getAllByRole('button', { name: /^Retirar/ })).toHaveLength(1);
    expect(screen.getAllByRole('link', { name: /^Alterar/ })).toHaveLength(1);
    const u = userEvent.setup({ delay: null });
    await u.click(screen.getByRole('button', { name: /^Retirar/ }));
    expect(pedidosA(pedidos, 'DELETE /api/portal/chegadas/5')).toHaveLength(0);
    const sim = screen.getByRole('button', { name: 'Sim, retirar' });
    fireEvent.click(sim);
    fireEvent.click(sim);
    expect(await screen.findByRole('status')).toHaveTextContent(`A chegada de ${amanha.split('-').reverse().join('/')} foi retirada.`);
    await waitFor(() => expect(screen.queryByText('Anunciada')).toBeNull());
    expect(pedidosA(pedidos, 'DELETE /api/portal/chegadas/5')).toHaveLength(1);
  });
});
