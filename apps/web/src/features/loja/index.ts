import { lazy } from 'react';
import { lojaRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./loja-list-page'));
const Form = lazy(() => import('./loja-form'));

export const lojaTelas = pagesOf(lojaRecurso, { lista: Lista, form: Form });
