import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

// zod's pt-BR messages and its parsing without eval are installed by the shared schemas
// (packages/shared/src/z.ts), loaded with the first screen that parses: /home does not load zod.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
