import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { instalarMensagensPtBr } from '@ceasa/shared/zod-pt';
import 'primereact/resources/themes/lara-light-green/theme.css';
import 'primereact/resources/primereact.min.css';
import 'primeicons/primeicons.css';
import './styles.css';
import { Providers } from './app/providers';
import { AppRoutes } from './app/router';

// zod's own messages in pt-BR wherever a shared schema has none (the same on the server), parsed
// without eval (the Content-Security-Policy allows no 'unsafe-eval').
instalarMensagensPtBr({ semEval: true });

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <AppRoutes />
    </Providers>
  </StrictMode>,
);
