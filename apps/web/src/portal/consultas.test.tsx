import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiDeTeste, type Pedido, type Resposta } from './api-de-teste';
import { BoletinsPage, CadernosPage, InspecoesPage, PedrasPage, RomaneiosPage } from './consultas';
import { lerCaderno, lerEu, lerRomaneio, lista } from './leituras';
import { iniciarSessaoDoPortal } from './sessao-do-portal';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

async function com(rota: string, resposta: Resposta) {
  apiDeTeste((p: Pedido) => (p.caminho === rota ? resposta : undefined));
  await iniciarSessaoDoPortal();
}

describe('what the portal reads of each answer (leituras.ts)', () => {
  it('reads a list as an array or a page, and a missing or mistyped field as absent', () => {
    expect(lista([{ id: 1 }, null, 3])).toEqual([{ id: 1 }, {}, {}]);
    expect(lista({ content: [{ id: 2 }], totalElements: 1 })).toEqual([{ id: 2 }]);
    expect(lista({ message: 'x' })).toEqual([]);
    expect(lerEu({ pessoa: { nome: 'Ana' }, conta: { email: 'a@b.c' }, suspensao: { fim: '2026-12-20' } })).toEqual({
      nome: 'Ana',
      email: 'a@b.c',
      suspensoAte: '2026-12-20',
    });
    expect(lerEu({ nome: 42, suspensao: null })).toEqual({ nome: '42', email: null, suspensoAte: null });
    expect(lerRomaneio({ id: 'x', itens: 'y' })).toEqual({ id: null, data: null, itens: [], pedras: [] });
  });

  it("links each lot to its page: the answer's link, else /lote/{lote}", () => {
    const r = lerRomaneio({ id: 1, itens: [{ lote: '57R203' }, { lote: 'A B', link: 'https://ceasa.test/lote/AB' }, {}] });
    expect(r.itens.map((i) => i.link)).toEqual(['/lote/57R203', 'https://ceasa.test/lote/AB', null]);
  });

  it("ends a withdrawal period where the answer says, else the gate's first day allowed (day + period)", () => {
    const c = lerCaderno({
      id: 1,
      aplicacaoProdutosQuimicos: [
        { nomeProduto: 'X', data: '2026-12-01', periodoCarencia: 7 },
        { nomeProduto: 'Y', data: '2026-12-01', periodoCarencia: 3, terminaEm: '2026-12-03' },
      ],
    });
    expect(c.periodos.map((p) => [p.liberadoEm, p.terminaEm])).toEqual([
      ['2026-12-08', null],
      ['2026-12-04', '2026-12-03'],
    ]);
  });
});

describe('the pages the producer reads', () => {
  it('Romaneios: day, items in packages with each lot linked, stalls; empty and failed states', async () => {
    await com('/api/portal/romaneios', [
      200,
      [
        {
          id: 57,
          dataEmissao: '2026-12-02',
          itens: [{ produtoNome: 'Tomate Italiano', produtoEmbalagem: 'CX 20kg', quantidade: 300, lote: '57R203' }],
          pedras: [{ pedrasNumero: '3' }, { pedrasNumero: '12' }],
        },
      ],
    ]);
    render(<RomaneiosPage />);
    const cartao = (await screen.findByRole('heading', { name: 'Romaneio 57 de 02/12/2026' })).closest('li')!;
    expect(within(cartao).getByText(/Tomate Italiano: 300 CX 20kg/)).toBeInTheDocument();
    expect(within(cartao).getByRole('link', { name: 'Lote 57R203' })).toHaveAttribute('href', '/lote/57R203');
    expect(within(cartao).getByText('Pedras: 3, 12')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/romaneios', [200, []]);
    render(<RomaneiosPage />);
    expect(await screen.findByText('Nenhum romaneio.')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/romaneios', [503, { message: 'Serviço temporariamente indisponível. Tente de novo em instantes.' }]);
    render(<RomaneiosPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Serviço temporariamente indisponível. Tente de novo em instantes.');
    expect(screen.getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });

  it('Boletins: harvest window, estimate and balance in kg', async () => {
    await com('/api/portal/boletins', [
      200,
      [
        {
          id: 4,
          dataEmissao: '2026-11-20',
          propriedadeNome: 'Sítio Boa Vista',
          itens: [{ produtoNome: 'Tomate', inicioColheita: '2026-12-01', fimColheita: '2027-01-30', producaoEstimada: 6000, saldoQtde: 1200.5 }],
        },
      ],
    ]);
    render(<BoletinsPage />);
    expect(await screen.findByRole('heading', { name: 'Boletim 4 de 20/11/2026' })).toBeInTheDocument();
    expect(screen.getByText('Sítio Boa Vista')).toBeInTheDocument();
    expect(screen.getByText(/colheita de 01\/12\/2026 a 30\/01\/2027; estimada 6\.000 kg; saldo 1\.200,5 kg/)).toBeInTheDocument();
  });

  it('Cadernos: each withdrawal period and when its produce may be sold', async () => {
    await com('/api/portal/cadernos', [
      200,
      [
        {
          id: 3,
          produtoNome: 'Tomate',
          propriedadeNome: 'Sítio Boa Vista',
          aplicacaoProdutosQuimicos: [{ nomeProduto: 'Inseticida X', data: '2026-12-01', periodoCarencia: 7 }],
        },
      ],
    ]);
    render(<CadernosPage />);
    expect(await screen.findByRole('heading', { name: 'Tomate - Sítio Boa Vista' })).toBeInTheDocument();
    expect(screen.getByText('Inseticida X aplicado em 01/12/2026 (carência de 7 dias): pode comercializar a partir de 08/12/2026')).toBeInTheDocument();
  });

  it('Inspeções and Pedras: kind and result in Portuguese, retained lots, the suspension; the stalls by day', async () => {
    await com('/api/portal/inspecoes', [
      200,
      [{ id: 8, romaneioId: 57, tipo: 'residuo', coletaEm: '2026-12-02', resultado: 'nao_conforme', suspensoAte: '2026-12-20', lotesRetidos: ['57R203'] }],
    ]);
    render(<InspecoesPage />);
    expect(await screen.findByRole('heading', { name: 'Resíduos de agrotóxicos em 02/12/2026' })).toBeInTheDocument();
    expect(screen.getByText('Resultado: Não conforme')).toBeInTheDocument();
    expect(screen.getByText('Lotes retidos: 57R203')).toBeInTheDocument();
    expect(screen.getByText('Suspensão até 20/12/2026')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/pedras', [200, [{ pedrasNumero: '12', data: '2026-12-03' }]]);
    render(<PedrasPage />);
    expect(await screen.findByText('Pedra 12 em 03/12/2026')).toBeInTheDocument();
  });
});
