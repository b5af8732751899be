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
    const r = lerRomaneio({
      id: 1,
      itens: [{ lote: '57R203' }, { lote: 'A B', linkDoLote: 'https://ceasa.test/lote/AB' }, {}],
      pedras: ['3', { pedrasNumero: '12' }],
    });
    expect(r.itens.map((i) => i.link)).toEqual(['/lote/57R203', 'https://ceasa.test/lote/AB', null]);
    expect(r.pedras).toEqual(['3', '12']);
  });

  it("takes the first day a withdrawal period allows selling from the answer, else the gate's rule (day + period)", () => {
    const c = lerCaderno({
      id: 1,
      emCarencia: true,
      aplicacoes: [
        { nomeProduto: 'X', data: '2026-12-01', periodoCarencia: 7 },
        { nomeProduto: 'Y', data: '2026-12-01', periodoCarencia: 3, fimCarencia: '2026-12-04' },
      ],
    });
    expect(c.periodos.map((p) => p.liberadoEm)).toEqual(['2026-12-08', '2026-12-04']);
    expect(c.emCarencia).toBe(true);
    expect(lerCaderno({}).emCarencia).toBeNull();
  });
});

describe('the pages the producer reads', () => {
  it('Romaneios: day, items in packages with each lot linked, stalls; empty and failed states', async () => {
    await com('/api/portal/romaneios?size=100', [
      200,
      {
        content: [
          {
            id: 57,
            dataEmissao: '2026-12-02',
            itens: [
              {
                produtoNome: 'Tomate Italiano',
                produtoEmbalagem: 'CX 20kg',
                quantidade: 300,
                kg: 6000,
                lote: '57R203',
                linkDoLote: 'https://ceasa.test/lote/57R203',
              },
            ],
            pedras: ['3', '12'],
          },
        ],
        totalElements: 1,
      },
    ]);
    render(<RomaneiosPage />);
    const cartao = (await screen.findByRole('heading', { name: 'Romaneio 57 de 02/12/2026' })).closest('li')!;
    expect(within(cartao).getByText(/Tomate Italiano: 300 CX 20kg \(6\.000 kg\)/)).toBeInTheDocument();
    expect(within(cartao).getByRole('link', { name: 'Lote 57R203' })).toHaveAttribute('href', 'https://ceasa.test/lote/57R203');
    expect(within(cartao).getByText('Pedras: 3, 12')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/romaneios?size=100', [200, []]);
    render(<RomaneiosPage />);
    expect(await screen.findByText('Nenhum romaneio.')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/romaneios?size=100', [503, { message: 'Serviço temporariamente indisponível. Tente de novo em instantes.' }]);
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

  it('Cadernos: whether a withdrawal period runs today, and from which day each application allows selling', async () => {
    await com('/api/portal/cadernos', [
      200,
      [
        {
          id: 3,
          produtoNome: 'Tomate',
          propriedadeNome: 'Sítio Boa Vista',
          emCarencia: true,
          aplicacoes: [
            { nomeProduto: 'Inseticida X', data: '2026-12-01', periodoCarencia: 7, fimCarencia: '2026-12-08' },
            { nomeProduto: null, data: null, periodoCarencia: null, fimCarencia: null },
          ],
        },
      ],
    ]);
    render(<CadernosPage />);
    expect(await screen.findByRole('heading', { name: 'Tomate - Sítio Boa Vista' })).toBeInTheDocument();
    expect(screen.getByText('Em carência hoje')).toBeInTheDocument();
    const periodos = screen.getByRole('list', { name: 'Períodos de carência' });
    expect(
      within(periodos)
        .getAllByRole('listitem')
        .map((l) => l.textContent),
    ).toEqual(['Inseticida X aplicado em 01/12/2026 (carência de 7 dias): pode comercializar a partir de 08/12/2026']);
  });

  it('Inspeções and Pedras: kind, result and situation in Portuguese, the lots held, the suspension; the stalls by day', async () => {
    await com('/api/portal/inspecoes', [
      200,
      {
        suspensao: { inicio: '2026-12-02', fim: '2026-12-20', principioAtivo: 'Clorpirifós' },
        inspecoes: [
          {
            id: 8,
            romaneioId: 57,
            dataEmissao: '2026-12-02',
            tipo: 'residuo',
            coletaEm: '2026-12-02',
            resultado: 'nao_conforme',
            principioAtivo: 'Clorpirifós',
            suspensoAte: '2026-12-20',
            situacao: 'retido',
            lotes: ['57R203'],
          },
        ],
        lotesRetidos: [{ lote: '57R203', produtoNome: 'Tomate Italiano', romaneioId: 57, dataEmissao: '2026-12-02' }],
      },
    ]);
    render(<InspecoesPage />);
    expect(await screen.findByRole('heading', { name: 'Resíduos de agrotóxicos em 02/12/2026' })).toBeInTheDocument();
    expect(screen.getByText('Suspenso na portaria até 20/12/2026.')).toBeInTheDocument();
    expect(screen.getByText('Resultado: Não conforme')).toBeInTheDocument();
    expect(screen.getByText('A análise de resíduos de agrotóxicos deste lote deu resultado não conforme: o lote está retido.')).toBeInTheDocument();
    const retidos = screen.getByRole('heading', { name: 'Lotes retidos' }).closest('div')!;
    expect(within(retidos).getByText('57R203 - Tomate Italiano (romaneio 57)')).toBeInTheDocument();
    cleanup();
    await com('/api/portal/pedras', [200, [{ numero: '12', data: '2026-12-03', ocupacao: null, romaneioId: 57 }]]);
    render(<PedrasPage />);
    expect(await screen.findByText('Pedra 12 em 03/12/2026')).toBeInTheDocument();
  });
});
