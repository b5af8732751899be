import { QueryClient, QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
// PrimeReact's texts in pt-BR ('Fechar', 'Maximizar'): the /home entry does not load the app's providers.
import '../../lib/locale-pt';

let proprio: QueryClient | null = null;

/**
 * The print report and the price history are loaded only when opened, and they use the app's query
 * cache and dialogs. Under the back office's router they find its QueryClient; on /home (its own entry,
 * which loads no TanStack Query) they get one of their own, loaded with them.
 */
export function ComConsultas({ children }: { children: ReactNode }) {
  const doApp = useContext(QueryClientContext);
  if (doApp) return <>{children}</>;
  proprio ??= new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, staleTime: 10_000 } } });
  return <QueryClientProvider client={proprio}>{children}</QueryClientProvider>;
}
