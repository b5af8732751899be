import { lazy } from 'react';
import { inspecaoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

export const inspecaoTelas = pagesOf(inspecaoRecurso, {
  lista: lazy(() => import('./inspecao-dia-page')),
  form: lazy(() => import('./inspecao-form')),
});
