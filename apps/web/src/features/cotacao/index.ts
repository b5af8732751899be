import { lazy } from 'react';
import { cotacaoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./cotacao-list-page'));
const Form = lazy(() => import('./cotacao-form'));

export const cotacaoTelas = pagesOf(cotacaoRecurso, { lista: Lista, form: Form });
