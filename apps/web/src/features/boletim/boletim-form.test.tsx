import { cleanup, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { boletimItemRegistro, boletimRegistro, type Caderno } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONFIRMAR_REMOCAO } from '../../components/form/items-field';
import { api } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import BoletimForm from './boletim-form';
import CadernoForm from './caderno-form';
import { renderizarTela } from '../../lib/tela-de-teste';

/** The bulletin form with the API client mocked (no server); ApiError stays the real one. */
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);

/** The bulletin and its items as the API answers them (checked against the shared schemas). */
const item = (id: number, produtoId: number, produtoNome: string, temCaderno: boolean) =>
  registro(boletimItemRegistro, {
    id,
    boletimId: 1,
    produtoId,
    produtoNome,
    produtoEmbalagem: 'CX',
    areaProducao: 1,
    producaoEstimada: 1000,
    producaoEmbalada: 900,
    inicioColheita: '2026-05-01',
    fimColheita: '2026-07-31',
    producaoComercializada: 0,
    saldoQtde: 1000,
    temCaderno,
  });
const BOLETIM = registro(boletimRegistro, {
  id: 1,
  dataVisita: '2026-04-20',
  dataEmissao: '2026-04-22',
  dataVigencia: '2026-07-31',
  produtorId: 7,
  produtorNome: 'João Lavrador',
  propriedadeId: 3,
  propriedadeNome: 'Sítio Boa Esperança',
  propriedadeMunicipioNome: 'Imperatriz',
  tecnicoId: 8,
  tecnicoNome: 'Eng. Carla Ribeiro',
  // The first item has a field notebook, the second none.
  itens: [item(11, 101, 'Alface', true), item(12, 102, 'Tomate', false)],
});

function renderizar(caminho = '/boletim/edit/1') {
  return renderizarTela(caminho, {
    '/boletim': <p>Lista de boletins</p>,
    '/boletim/edit/:id': <BoletimForm />,
    '/caderno/edit/:boletimItemId': <CadernoForm />,
  });
}

configure({ asyncUtilTimeout: 10_000 });
/** The Alface item's notebook (GET caderno/boletimItem/{id} has no shared schema: `Caderno` is a type, checked by the compiler). */
const CADERNO: Caderno = {
  id: 5,
  boletimItemId: 11,
  boletimId: 1,
  produtoId: 101,
  produtoNome: 'Alface',
  produtoAntigoId: 102,
  produtoAntigoNome: 'Tomate',
  dataPlantio: '2026-01-10',
  dataColheita: '2026-05-01',
  areaCultivo: 'Talhão 1',
  identificacaoArea: 'Talhão 1',
  produtorNome: 'João Lavrador',
  propriedadeNome: 'Sítio Boa Esperança',
  propriedadeMunicipioNome: 'Imperatriz',
  tecnicoNome: 'Eng. Carla Ribeiro',
  preparoSolo: {
    naoNecessarias: true,
    subsolagem: false,
    aracao: false,
    enxadaRotativa: false,
    gradagemComGrade: false,
    leve: false,
    pesada: false,
    niveladora: false,
    outras: false,
    descricaoOutras: null,
  },
  praticasConservacionistas: {
    naoNecessarias: true,
    plantioEmNivel: false,
    terracos: false,
    rotacaoDeCulturas: false,
    adubacaoVerde: false,
    outras: false,
    descricaoOutras: null,
  },
  sementesEMudas: { naoNecessarias: false, proprias: true, terceiros: false, viveiroComTermico: false, viveiroSemTermico: false },
  irrigacao: { naoNecessarias: true, sistema: null, origem: null },
  adubacaoCorrecao: [],
  aplicacaoProdutosQuimicos: [],
};

beforeEach(() => {
  apiMock.mockReset();
  apiMock.mockImplementation(async (path) => {
    if (path === 'boletim/1') return BOLETIM;
    if (path === 'boletimitens/11') return BOLETIM.itens[0];
    if (path === 'caderno/boletimItem/11') return CADERNO;
    if (path === 'caderno/5') return undefined;
    return [];
  });
});
afterEach(() => {
  cleanup();
  window.history.pushState({}, '', '/');
});

describe('boletim form', { timeout: 60_000 }, () => {
  it('refuses removing an item that has a field notebook before asking, naming it; an item without one is asked as usual', async () => {
    const u = userEvent.setup();
    renderizar();
    const remover1 = await screen.findByRole('button', { name: 'Remover item 1' });
    await waitFor(() => expect(screen.getByLabelText('Produção estimada do item 2')).toHaveValue('1.000,00'));

    await u.click(remover1);
    const dialogo = await screen.findByRole('dialog');
    expect(within(dialogo).getByText('O item "Alface" tem caderno de campo: remova o caderno antes de remover o item.')).toBeInTheDocument();
    expect(screen.queryByText(CONFIRMAR_REMOCAO)).toBeNull();
    await u.click(within(dialogo).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Both rows stay, and nothing went to the server.
    expect(screen.getByLabelText('Produção estimada do item 1')).toBeInTheDocument();
    expect(screen.getByLabelText('Produção estimada do item 2')).toBeInTheDocument();
    expect(apiMock.mock.calls.filter(([, o]) => o?.method && o.method !== 'GET')).toEqual([]);

    await u.click(screen.getByRole('button', { name: 'Remover item 2' }));
    expect(await screen.findByText(CONFIRMAR_REMOCAO)).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(screen.queryByLabelText('Produção estimada do item 2')).toBeNull());
    expect(screen.getByLabelText('Produção estimada do item 1')).toBeInTheDocument();
  });

  it('the notebook, edited, can be removed after a confirmation (DELETE caderno), then its bulletin opens', async () => {
    const u = userEvent.setup();
    // The notebook form tells edit from create by the address.
    window.history.pushState({}, '', '/caderno/edit/11');
    renderizar('/caderno/edit/11');
    await u.click(await screen.findByRole('button', { name: 'Remover' }));
    expect(await screen.findByText('Você tem certeza que quer remover este caderno de campo?')).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Não' }));
    expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'DELETE')).toEqual([]);
    await u.click(screen.getByRole('button', { name: 'Remover' }));
    await u.click(await screen.findByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(apiMock.mock.calls.filter(([, o]) => o?.method === 'DELETE')).toEqual([['caderno/5', { method: 'DELETE' }]]));
    expect(await screen.findByText('Remoção concluída!')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remover item 1' })).toBeInTheDocument();
  });
});
