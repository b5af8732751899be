import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./pedra-list-page'));
const Form = lazy(() => import('./pedra-form'));

export const pedraResource: ResourceDef = {
  rota: 'pedra',
  path: '/pedra',
  label: 'Pedras',
  icon: 'pi pi-th-large',
  pages: [
    { path: '/pedra', element: Lista },
    { path: '/pedracreate', element: Form, acao: 'criar' },
    { path: '/pedra/edit/:id', element: Form, acao: 'editar' },
  ],
};
