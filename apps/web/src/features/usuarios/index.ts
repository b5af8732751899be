import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./usuarios-list-page'));

export const usuariosResource: ResourceDef = {
  rota: 'usuarios',
  path: '/usuarios',
  label: 'Usuários',
  icon: 'pi pi-users',
  pages: [{ path: '/usuarios', element: Lista }],
};
