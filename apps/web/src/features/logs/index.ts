import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./logs-list-page'));
const Detalhe = lazy(() => import('./logs-detail-page'));

export const logsResource: ResourceDef = {
  rota: 'logs',
  path: '/logs',
  label: 'Logs',
  icon: 'pi pi-history',
  pages: [
    { path: '/logs', element: Lista },
    { path: '/logs/edit/:id', element: Detalhe },
  ],
};
