import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './lote.css';
import { LotePage, codigoDaUrl } from './lote-page';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LotePage codigo={codigoDaUrl(location.pathname)} />
  </StrictMode>,
);
