import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// The back office's look by its classes only (no PrimeReact code); of the theme, the rules /home's classes use
// (vite.config.ts `temaDaHome`), which are these pages' too.
import 'primereact/resources/themes/lara-light-green/theme.css?publico';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import '../styles.css';
import '../features/assinaturas-e-dados/dados-abertos.css';
import '../features/informacao/informacao.css';
import '../features/privacidade/publico.css';
import { pedirSettingsPublicas } from '../lib/settings-publicas';
import { paginaPublica } from './paginas';

// The public pages' own entry (publico.html): plain React, no router, no PrimeReact, no TanStack Query, no zod up
// front (docs/decisions/0305-paginas-publicas-como-entrada-leve.md). React draws once the municipality's settings
// are in (the header and the footer say its name; the HTML's 'Carregando' shows meanwhile), as a transition.
void pedirSettingsPublicas().then(() => {
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => root.render(<StrictMode>{paginaPublica(location.pathname)}</StrictMode>));
});
