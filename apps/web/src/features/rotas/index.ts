import { lazy } from 'react';
import { rotaRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./rotas-list-page'));
const Form = lazy(() => import('./rotas-form'));

export const rotasResource = pagesOf(rotaRecurso, { lista: Lista, form: Form });
