import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Pagina = lazy(() => import('./vaf-page'));

export const vafResource: ResourceDef = {
  rota: 'vaf',
  path: '/vaf',
  label: 'VAF',
  icon: 'pi pi-chart-bar',
  pages: [{ path: '/vaf', element: Pagina }],
};
