import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./produto-grupo-list-page'));
const Form = lazy(() => import('./produto-grupo-form'));

export const produtoGrupoResource: ResourceDef = {
  rota: 'produtoGrupo',
  path: '/produtoGrupo',
  label: 'Grupo de Produto',
  icon: 'pi pi-sitemap',
  pages: [
    { path: '/produtoGrupo', element: Lista },
    { path: '/produtoGrupocreate', element: Form, acao: 'criar' },
    { path: '/produtoGrupo/edit/:id', element: Form, acao: 'editar' },
  ],
};
