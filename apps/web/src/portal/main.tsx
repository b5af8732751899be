import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The back office's look by its classes only (no PrimeReact code); of the theme, the rules /home's classes use
// (vite.config.ts `temaDaHome`), which are the portal's too.
import 'primereact/resources/themes/lara-light-green/theme.css?publico';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../styles.css';
import './portal.css';
import { PortalApp } from './portal-app';
import { iniciarSessaoDoPortal } from './sessao-do-portal';

// /portal: the producers' portal's own entry (portal.html): plain React, no router, no PrimeReact, no TanStack Query,
// no zod (docs/decisions/0300-portal-como-entrada-leve.md). Its calls carry the portal's session, whose first token
// comes from the cookie while React draws 'Carregando'.
void iniciarSessaoDoPortal();
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <PortalApp />
    </StrictMode>,
  ),
);
