import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { boletimRegistro, produtoComercializado } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { pagina, registro } from '../../lib/respostas-de-teste';
import { ToastProvider } from '../../lib/toast';
import { BoletimSaldo } from '../boletim/boletim-saldo';
import { ComercializadoTabela } from './comercializado-tabela';

vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
const apiMock = vi.mocked(api);
afterEach(cleanup);

const comProviders = (ui: React.ReactNode) =>
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <ToastProvider>{ui}</ToastProvider>
    </QueryClientProvider>,
  );

/** A 300-box sale of a 20 kg product against 10,000 kg estimated (docs/produto/dados.md 'Derived values': kg). */
const linha = registro(produtoComercializado, {
  id: 9,
  boletimId: 4,
  nomeProduto: 'Tomate',
  quantidadeEstimada: 10000,
  quantidadeComercializada: 6000,
  porcentagemComercializada: 0.6,
  nomeProdutor: 'Rosa Quilos',
  dataEmissao: '2026-10-01',
  fimColheita: '2026-12-31',
});

describe('quantities in kg say so', () => {
  it("the 'Comercializado' table shows estimated and commercialised kg with their unit", async () => {
    apiMock.mockResolvedValue(pagina(produtoComercializado, [linha], { size: 15 }));
    comProviders(<ComercializadoTabela />);
    const celula = await screen.findByText('6.000 kg');
    const row = celula.closest('tr')!;
    expect(within(row).getByText('10.000 kg')).toBeInTheDocument();
    expect(within(row).getByText('60,00%')).toBeInTheDocument();
  });

  it('the balance report shows estimated, commercialised and balance in kg (zero still blank)', async () => {
    const item = {
      id: 9,
      boletimId: 4,
      produtoId: 1,
      produtoNome: 'Tomate',
      produtoEmbalagem: 'CX 20kg',
      produtoPesoEmKg: 20,
      areaProducao: 1,
      producaoEstimada: 10000,
      producaoEmbalada: 9000,
      inicioColheita: '2026-11-01',
      fimColheita: '2026-12-31',
      producaoComercializada: 6000,
      saldoQtde: 4000,
      temCaderno: false,
    };
    const boletim = registro(boletimRegistro, {
      id: 4,
      dataVisita: '2026-10-01',
      dataEmissao: '2026-10-01',
      dataVigencia: '2026-12-31',
      produtorId: 1,
      produtorNome: 'Rosa Quilos',
      propriedadeId: 1,
      propriedadeNome: 'Sítio das Caixas',
      propriedadeMunicipioNome: 'Balsas',
      tecnicoId: 2,
      tecnicoNome: 'Téo',
      itens: [item, { ...item, id: 10, producaoComercializada: 0, saldoQtde: 10000 }],
    });
    comProviders(<BoletimSaldo boletim={boletim} onHide={() => undefined} />);
    const linhas = (await screen.findAllByRole('row')).slice(1);
    expect(within(linhas[0]).getByText('6.000 kg')).toBeInTheDocument();
    expect(within(linhas[0]).getByText('4.000 kg')).toBeInTheDocument();
    expect(within(linhas[0]).getByText('10.000 kg')).toBeInTheDocument();
    expect([...linhas[1].querySelectorAll('td')].map((c) => c.textContent).slice(-3)).toEqual(['10.000 kg', '', '10.000 kg']);
  });
});
