import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./rotas-list-page'));
const Form = lazy(() => import('./rotas-form'));

export const rotasResource: ResourceDef = {
  rota: 'rotas',
  path: '/rotas',
  label: 'Rotas',
  icon: 'pi pi-sitemap',
  pages: [
    { path: '/rotas', element: Lista },
    { path: '/rotascreate', element: Form, acao: 'criar' },
    { path: '/rotas/edit/:id', element: Form, acao: 'editar' },
  ],
};
