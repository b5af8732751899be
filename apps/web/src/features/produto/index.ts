import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./produto-list-page'));
const Form = lazy(() => import('./produto-form'));

export const produtoResource: ResourceDef = {
  rota: 'produto',
  path: '/produto',
  label: 'Produto',
  icon: 'pi pi-shopping-bag',
  pages: [
    { path: '/produto', element: Lista },
    { path: '/produtocreate', element: Form, acao: 'criar' },
    { path: '/produto/edit/:id', element: Form, acao: 'editar' },
  ],
};
