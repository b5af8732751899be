import { lazy } from 'react';
import { boletimRecurso } from '@ceasa/shared';
import { paginasDe, type ResourceDef } from '../../lib/recursos';

const Lista = lazy(() => import('./boletim-list-page'));
const Form = lazy(() => import('./boletim-form'));
const Caderno = lazy(() => import('./caderno-form'));

const paginas = paginasDe(boletimRecurso, { lista: Lista, form: Form });

/** Bulletins and, under the same permissions (route 'boletim'), each item's field notebook (SPEC.md section 2). */
export const boletimResource: ResourceDef = {
  ...paginas,
  pages: [
    ...paginas.pages,
    { path: '/caderno/:boletimItemId', element: Caderno, acao: 'criar' },
    { path: '/caderno/edit/:boletimItemId', element: Caderno, acao: 'editar' },
  ],
};
