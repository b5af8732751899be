import { lazy } from 'react';
import { produtoGrupoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./produto-grupo-list-page'));
const Form = lazy(() => import('./produto-grupo-form'));

export const produtoGrupoResource = pagesOf(produtoGrupoRecurso, { lista: Lista, form: Form });
