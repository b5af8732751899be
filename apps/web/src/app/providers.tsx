import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PrimeReactProvider } from 'primereact/api';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { AuthProvider } from '../lib/auth';
import { ToastProvider } from '../lib/toast';
import '../lib/locale-pt';

const queryClient = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } } });

export function Providers({ children }: { children: ReactNode }) {
  return (
    <PrimeReactProvider
      value={{
        locale: 'pt',
        ripple: false,
        // Every Dropdown keeps a hidden, unlabelled <select> for forms: out of the accessibility tree
        // (the labelled combobox input is what assistive technology uses).
        // Its root <div> gets aria-activedescendant while focused (PrimeReact 10), not allowed on a div and
        // naming no element: axe's critical 'aria-allowed-attr' on every focused dropdown. The input keeps its own.
        // An InputSwitch's root <div> says role="checkbox" around its own <input role="switch">: axe's serious
        // 'nested-interactive'. The input is the control; the root is only its frame.
        pt: {
          dropdown: { select: { 'aria-hidden': true }, root: { 'aria-activedescendant': undefined } },
          inputswitch: { root: { role: undefined, 'aria-checked': undefined } },
        },
      }}
    >
      <QueryClientProvider client={queryClient}>
        <BrowserRouter>
          <ToastProvider>
            <AuthProvider>{children}</AuthProvider>
          </ToastProvider>
        </BrowserRouter>
      </QueryClientProvider>
    </PrimeReactProvider>
  );
}
