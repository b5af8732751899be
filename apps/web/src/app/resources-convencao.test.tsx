import { cleanup, configure, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { backupRegistro, municipioRegistro } from '@ceasa/shared';
import { api } from '../lib/api-client';
import { pagina } from '../lib/respostas-de-teste';
import { renderizarTela } from '../lib/tela-de-teste';
import { resources } from './resources';

vi.mock('../lib/api-client', async (original) => ({ ...(await original<typeof import('../lib/api-client')>()), api: vi.fn() }));
vi.mock('../lib/auth', () => ({ useAuth: () => ({ pode: () => true }) }));
const apiMock = vi.mocked(api);
afterEach(cleanup);
// The first page loaded transforms its imports on the way.
configure({ asyncUtilTimeout: 10_000 });

/** The page at `caminho` as the router shows it. */
function abrir(rota: string, caminho: string) {
  const p = resources.find((r) => r.recurso.rota === rota)!.pages.find((x) => x.path === caminho)!;
  const Pagina = p.element;
  renderizarTela(caminho, {
    [caminho]: (
      <Suspense fallback={null}>
        <Pagina />
      </Suspense>
    ),
  });
}

describe('a resource’s pages by convention', { timeout: 30_000 }, () => {
  it("opens the feature's own list page when its folder writes one (backups-list-page.tsx: 'Fazer backup agora')", async () => {
    apiMock.mockResolvedValue(pagina(backupRegistro, []));
    abrir('backups', '/backups');
    expect(await screen.findByRole('button', { name: 'Fazer backup agora' })).toBeInTheDocument();
  });

  it('opens the generated list when it writes none (the municipality)', async () => {
    apiMock.mockResolvedValue(pagina(municipioRegistro, []));
    abrir('municipio', '/municipio');
    expect(await screen.findByText('Nenhum município encontrado')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Fazer backup agora' })).toBeNull();
  });
});
