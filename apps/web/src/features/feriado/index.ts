import { lazy } from 'react';
import { feriadoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

export const feriadoTelas = pagesOf(feriadoRecurso, { lista: lazy(() => import('./feriado-list-page')), form: lazy(() => import('./feriado-form')) });
