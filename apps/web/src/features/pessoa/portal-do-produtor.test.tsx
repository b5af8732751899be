import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { conviteResposta, formatDateTime, MSG_EMAIL_DE_OUTRA_CONTA, portalDaPessoaResposta, type PortalDaPessoa } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import { PortalDoProdutor } from './portal-do-produtor';

/** The API client is mocked (no server); ApiError stays the real one. Permissions on 'pessoa' come from `permitidas`. */
const { permitidas } = vi.hoisted(() => ({ permitidas: new Set<string>() }));
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: (rota: string, acao: string) => rota === 'pessoa' && permitidas.has(acao) }) }));
const apiMock = vi.mocked(api);

const SEM_NADA = registro(portalDaPessoaResposta, { conta: null, convites: [] });
const EXPIRA = new Date(Date.now() + 72 * 3_600_000).toISOString();
const COM_CONVITE = registro(portalDaPessoaResposta, {
  conta: null,
  convites: [{ id: 'c1', email: 'jose@produtor.test', criadoEm: '2026-12-01T13:00:00.000Z', expiraEm: EXPIRA, aceitoEm: null }],
});
const COM_CONTA = registro(portalDaPessoaResposta, {
  conta: { email: 'jose@produtor.test', origem: 'govbr', ativo: true, criadaEm: '2026-11-30T12:30:00.000Z' },
  convites: [],
});
const leituras = () => apiMock.mock.calls.filter(([p, o]) => p === 'portal/convites' && o?.method !== 'POST').length;
const posts = () => apiMock.mock.calls.filter(([p, o]) => p === 'portal/convites' && o?.method === 'POST');

/** The person's portal as the server answers it (GET), and the invitation's answer (POST). */
function responder(
  estado: PortalDaPessoa,
  post: () => Promise<unknown> = () => Promise.resolve(registro(conviteResposta, { id: 'c2', pessoaId: 7, email: 'novo@produtor.test', expiraEm: EXPIRA })),
) {
  apiMock.mockImplementation((p, o) => (o?.method === 'POST' ? post() : Promise.resolve(estado)));
}
const tela = () => renderizarTela('/pessoa/7', { '/pessoa/7': <PortalDoProdutor pessoaId={7} /> });

beforeEach(() => {
  apiMock.mockReset();
  permitidas.clear();
  permitidas.add('visualizar');
});
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 5_000 });

describe("'Portal do produtor' on the person's record", { timeout: 30_000 }, () => {
  it('says he has no account; whoever may edit people invites him: the shared rule on the e-mail, one POST, the toast, the section read again', async () => {
    permitidas.add('editar');
    responder(SEM_NADA);
    tela();
    expect(await screen.findByText('Ainda não tem conta no portal.')).toBeInTheDocument();
    expect(apiMock).toHaveBeenCalledWith('portal/convites', { query: { pessoaId: 7 } });
    await userEvent.click(screen.getByRole('button', { name: 'Convidar para o portal' }));
    const campo = await screen.findByLabelText('E-mail do produtor');
    await userEvent.type(campo, 'sem-arroba');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('O e-mail inserido é inválido')).toBeInTheDocument();
    expect(posts()).toEqual([]);
    await userEvent.clear(campo);
    await userEvent.type(campo, 'novo@produtor.test');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText('Convite enviado para novo@produtor.test.')).toBeInTheDocument();
    expect(posts()).toEqual([['portal/convites', { method: 'POST', body: { pessoaId: 7, email: 'novo@produtor.test' } }]]);
    await waitFor(() => expect(screen.queryByLabelText('E-mail do produtor')).toBeNull());
    await waitFor(() => expect(leituras()).toBe(2));
  });

  it("shows the server's refusal and keeps the dialog open", async () => {
    permitidas.add('editar');
    responder(SEM_NADA, () => Promise.reject(new ApiError(409, MSG_EMAIL_DE_OUTRA_CONTA)));
    tela();
    await userEvent.click(await screen.findByRole('button', { name: 'Convidar para o portal' }));
    await userEvent.type(await screen.findByLabelText('E-mail do produtor'), 'admin@teste.local');
    await userEvent.click(screen.getByRole('button', { name: 'Enviar convite' }));
    expect(await screen.findByText(MSG_EMAIL_DE_OUTRA_CONTA)).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail do produtor')).toHaveValue('admin@teste.local');
    expect(leituras()).toBe(1);
  });

  it('shows the pending invitation; without permission to edit people there is no button', async () => {
    responder(COM_CONVITE);
    tela();
    const p = await screen.findByTestId('portal-convite');
    expect(p).toHaveTextContent(`Convite enviado para jose@produtor.test em ${formatDateTime('2026-12-01T13:00:00.000Z')}`);
    expect(screen.queryByRole('button', { name: 'Convidar para o portal' })).toBeNull();
  });

  it('shows his account (e-mail, since when, how) and offers no invitation', async () => {
    permitidas.add('editar');
    responder(COM_CONTA);
    tela();
    const p = await screen.findByTestId('portal-conta');
    expect(p).toHaveTextContent(`Tem conta no portal: jose@produtor.test, desde ${formatDateTime('2026-11-30T12:30:00.000Z')} (entrou com gov.br).`);
    expect(screen.queryByRole('button', { name: 'Convidar para o portal' })).toBeNull();
  });
});
