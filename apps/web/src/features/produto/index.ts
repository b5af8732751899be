import { lazy } from 'react';
import { produtoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./produto-list-page'));
const Form = lazy(() => import('./produto-form'));

export const produtoResource = pagesOf(produtoRecurso, { lista: Lista, form: Form });
