import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { DialogoDasPerguntas } from './confirmacao';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { ToastProvider } from './toast';

/**
 * For the web unit tests: a screen as the app shows it (a fresh query cache without retries, the toasts,
 * the confirmation dialog) under a memory router opened on `caminho`, with `rotas` as path → element.
 */
export function renderizarTela(caminho: string, rotas: Record<string, ReactNode>) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={qc}>
      <ToastProvider>
        <DialogoDasPerguntas />
        <MemoryRouter initialEntries={[caminho]}>
          <Routes>
            {Object.entries(rotas).map(([path, element]) => (
              <Route key={path} path={path} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </ToastProvider>
    </QueryClientProvider>,
  );
}
