import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./propriedade-list-page'));
const Form = lazy(() => import('./propriedade-form'));

export const propriedadeResource: ResourceDef = {
  rota: 'propriedade',
  path: '/propriedade',
  label: 'Propriedade',
  icon: 'pi pi-home',
  pages: [
    { path: '/propriedade', element: Lista },
    { path: '/propriedadecreate', element: Form, acao: 'criar' },
    // SPEC.md section 2: the edit path has no 'edit' segment.
    { path: '/propriedade/:id', element: Form, acao: 'editar' },
  ],
};
