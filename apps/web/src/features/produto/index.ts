import { lazy } from 'react';
import { produtoRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./produto-list-page'));
const Form = lazy(() => import('./produto-form'));

export const produtoResource = paginasDe(produtoRecurso, { lista: Lista, form: Form });
