import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./pessoa-list-page'));
const Form = lazy(() => import('./pessoa-form'));

export const pessoaResource: ResourceDef = {
  rota: 'pessoa',
  path: '/pessoa',
  label: 'Pessoa',
  icon: 'pi pi-users',
  pages: [
    { path: '/pessoa', element: Lista },
    { path: '/pessoacreate', element: Form, acao: 'criar' },
    // SPEC.md section 2: the edit path has no 'edit' segment.
    { path: '/pessoa/:id', element: Form, acao: 'editar' },
  ],
};
