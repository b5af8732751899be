import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./municipio-list-page'));
const Form = lazy(() => import('./municipio-form'));

export const municipioResource: ResourceDef = {
  rota: 'municipio',
  path: '/municipio',
  label: 'Município',
  icon: 'pi pi-map-marker',
  pages: [
    { path: '/municipio', element: Lista },
    { path: '/municipiocreate', element: Form, acao: 'criar' },
    { path: '/municipio/edit/:id', element: Form, acao: 'editar' },
  ],
};
