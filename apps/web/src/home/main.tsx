import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The same styles as the back office, so /home looks the same (PrimeReact's classes, no PrimeReact code);
// of the theme, only the rules of the classes /home uses (vite.config.ts, `temaDaHome`).
import 'primereact/resources/themes/lara-light-green/theme.css?publico';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../styles.css';
import HomePage from '../features/precos-publicos/home-page';
import { AuthProvider } from '../lib/auth';
import { pedirSettingsPublicas } from '../lib/settings-publicas';

// /home: the public quotation page's own entry (home.html), no router, no PrimeReact, no TanStack Query
// (docs/decisions/0111-pagina-home-como-entrada-propria.md). The session is the back office's (lib/auth).
// As a transition, React renders the page in slices of a few milliseconds, yielding to the browser between
// them, instead of one long task that blocks a slow phone (Lighthouse's Total Blocking Time). It draws once the
// first page of prices (asked for by precos-iniciais.js while this code downloaded) and the municipality's settings
// are in (the HTML's 'Carregando' shows meanwhile): one render of the table and the header, not three.
void Promise.allSettled([window.__precosIniciais, pedirSettingsPublicas()]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <AuthProvider>
          <HomePage />
        </AuthProvider>
      </StrictMode>,
    ),
  );
});
