import { cleanup, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { backupRegistro } from '@ceasa/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api, ApiError } from '../../lib/api-client';
import { pagina, registro } from '../../lib/respostas-de-teste';
import { renderizarTela } from '../../lib/tela-de-teste';
import BackupsListPage, { AVISO_DO_BACKUP } from './backups-list-page';

/** The API client is mocked (no server); ApiError stays the real one. Permissions on 'backups' come from `permitidas`. */
const { permitidas } = vi.hoisted(() => ({ permitidas: new Set<string>() }));
vi.mock('../../lib/api-client', async (original) => ({ ...(await original<typeof import('../../lib/api-client')>()), api: vi.fn() }));
vi.mock('../../lib/auth', () => ({ useAuth: () => ({ pode: (rota: string, acao: string) => rota === 'backups' && permitidas.has(acao) }) }));
const apiMock = vi.mocked(api);

const FEITO = registro(backupRegistro, {
  id: 31,
  agendadoPara: '2026-12-02T12:00:00.000Z',
  servidor: 'servidor-1:42',
  inicio: '2026-12-02T12:00:00.000Z',
  fim: '2026-12-02T12:00:02.000Z',
  arquivo: '/srv/backups/ceasa-backup-2026-12-02-090000.jsonl.gz',
  bytes: 2_400_000,
  erro: null,
});
const posts = () => apiMock.mock.calls.filter(([p, o]) => p === 'backups' && o?.method === 'POST');
const buscas = () => apiMock.mock.calls.filter(([p]) => p.startsWith('backups/searchBackups/')).length;

beforeEach(() => {
  localStorage.clear();
  apiMock.mockReset();
  permitidas.clear();
  permitidas.add('visualizar');
});
afterEach(() => cleanup());
configure({ asyncUtilTimeout: 5_000 });

describe("Backups: 'Fazer backup agora'", { timeout: 30_000 }, () => {
  it("is not offered without the route's 'criar'", async () => {
    apiMock.mockResolvedValue(pagina(backupRegistro, [FEITO]));
    renderizarTela('/backups', { '/backups': <BackupsListPage /> });
    expect(await screen.findByText('ceasa-backup-2026-12-02-090000.jsonl.gz')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fazer backup agora' })).toBeNull();
  });

  it('posts once, is busy until the answer, names the file in a toast and reloads the list', async () => {
    permitidas.add('criar');
    let responder: (b: unknown) => void = () => {};
    apiMock.mockImplementation((p, o) =>
      p === 'backups' && o?.method === 'POST' ? new Promise((ok) => (responder = ok)) : Promise.resolve(pagina(backupRegistro, [])),
    );
    renderizarTela('/backups', { '/backups': <BackupsListPage /> });
    const botao = await screen.findByRole('button', { name: 'Fazer backup agora' });
    await waitFor(() => expect(buscas()).toBe(1));
    // Asked first (the desk may stop meanwhile): 'Cancelar' does nothing, 'Fazer backup' posts.
    await userEvent.click(botao);
    expect(await screen.findByText(AVISO_DO_BACKUP)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(posts()).toEqual([]);
    await userEvent.click(botao);
    await userEvent.click(await screen.findByRole('button', { name: 'Fazer backup' }));
    expect(posts()).toEqual([['backups', { method: 'POST' }]]);
    await waitFor(() => expect(botao).toBeDisabled());
    await userEvent.click(botao);
    expect(posts()).toHaveLength(1);
    responder(FEITO);
    expect(await screen.findByText('Arquivo ceasa-backup-2026-12-02-090000.jsonl.gz (2,3 MB).')).toBeInTheDocument();
    await waitFor(() => expect(botao).toBeEnabled());
    await waitFor(() => expect(buscas()).toBe(2));
  });

  it("shows the server's pt-BR refusal", async () => {
    permitidas.add('criar');
    const recusa = 'Já há um backup em andamento neste banco: espere ele terminar (a lista mostra quando) e peça de novo se precisar.';
    apiMock.mockImplementation((p, o) =>
      p === 'backups' && o?.method === 'POST' ? Promise.reject(new ApiError(409, recusa)) : Promise.resolve(pagina(backupRegistro, [])),
    );
    renderizarTela('/backups', { '/backups': <BackupsListPage /> });
    await userEvent.click(await screen.findByRole('button', { name: 'Fazer backup agora' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Fazer backup' }));
    expect(await screen.findByText(recusa)).toBeInTheDocument();
    expect(screen.getByText('Backup não feito')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Fazer backup agora' })).toBeEnabled();
  });
});
