import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./precos-list-page'));
const Form = lazy(() => import('./precos-form'));

export const precosResource: ResourceDef = {
  rota: 'precos',
  path: '/precos',
  label: 'Preços',
  icon: 'pi pi-dollar',
  pages: [
    { path: '/precos', element: Lista },
    { path: '/precoscreate', element: Form, acao: 'criar' },
    { path: '/precos/edit/:id', element: Form, acao: 'editar' },
  ],
};
