import { lazy } from 'react';
import type { ResourceDef } from '../../app/resources';

const Lista = lazy(() => import('./estacionamento-list-page'));
const Form = lazy(() => import('./estacionamento-form'));

export const estacionamentoResource: ResourceDef = {
  rota: 'estacionamento',
  path: '/estacionamento',
  label: 'Estacionamento',
  icon: 'pi pi-car',
  pages: [
    { path: '/estacionamento', element: Lista },
    { path: '/estacionamentocreate', element: Form, acao: 'criar' },
    { path: '/estacionamento/edit/:id', element: Form, acao: 'editar' },
  ],
};
