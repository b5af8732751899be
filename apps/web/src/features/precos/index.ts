import { lazy } from 'react';
import { precoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./precos-list-page'));
const Form = lazy(() => import('./precos-form'));

export const precosResource = pagesOf(precoRecurso, { lista: Lista, form: Form });
