import { lazy } from 'react';
import { bairroRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

export const bairroResource = pagesOf(bairroRecurso, { lista: lazy(() => import('./bairro-list-page')), form: lazy(() => import('./bairro-form')) });
