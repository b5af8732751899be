import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./permissoes-list-page'));
const Form = lazy(() => import('./permissoes-form'));

export const permissoesResource: ResourceDef = {
  rota: 'permissoes',
  path: '/permissoes',
  label: 'Permissões',
  icon: 'pi pi-lock',
  pages: [
    { path: '/permissoes', element: Lista },
    { path: '/permissoescreate', element: Form, acao: 'criar' },
    { path: '/permissoes/edit/:id', element: Form, acao: 'editar' },
  ],
};
