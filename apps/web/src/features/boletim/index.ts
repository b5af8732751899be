import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./boletim-list-page'));
const Form = lazy(() => import('./boletim-form'));
const Caderno = lazy(() => import('../caderno/caderno-form'));

/** Bulletins and, under the same permissions (route 'boletim'), each item's field notebook. */
export const boletimResource: ResourceDef = {
  rota: 'boletim',
  path: '/boletim',
  label: 'Boletim',
  icon: 'pi pi-file-edit',
  pages: [
    { path: '/boletim', element: Lista },
    { path: '/boletimcreate', element: Form, acao: 'criar' },
    { path: '/boletim/edit/:id', element: Form, acao: 'editar' },
    // SPEC.md section 2: the notebook of a bulletin item, create and edit, by the item's id.
    { path: '/caderno/:boletimItemId', element: Caderno, acao: 'criar' },
    { path: '/caderno/edit/:boletimItemId', element: Caderno, acao: 'editar' },
  ],
};
