import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The back office's look by its classes only (no PrimeReact code); of the theme, the rules /home's classes use
// (vite.config.ts `temaDaHome`), which are the portal's too.
import 'primereact/resources/themes/lara-light-green/theme.css?publico';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../styles.css';
import './portal.css';
import { pedirSettingsPublicas } from '../lib/settings-publicas';
import { configDoPortal } from './config-do-portal';
import { PortalApp } from './portal-app';
import { iniciarSessaoDoPortal } from './sessao-do-portal';

// /portal: the producers' portal's own entry (portal.html): plain React, no router, no PrimeReact, no TanStack Query,
// no zod (docs/decisions/0300-portal-como-entrada-leve.md). Its calls carry the portal's session, whose first token
// comes from the cookie. The session, the portal's settings and the municipality's are asked for at once, and React
// draws once they are in (the HTML's 'Carregando' shows meanwhile): one render of the page a phone sees first, not
// four, and no 'Entrar com gov.br' button that appears above the form after it was drawn.
void Promise.allSettled([iniciarSessaoDoPortal(), configDoPortal(), pedirSettingsPublicas()]).then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <StrictMode>
        <PortalApp />
      </StrictMode>,
    ),
  );
});
