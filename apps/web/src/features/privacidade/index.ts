import { lazy } from 'react';
import { titularRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Titular = lazy(() => import('./titular-page'));
const Incidentes = lazy(() => import('./incidentes-page'));

/** The encarregado's screens (permission `titular`): the requests' queue (menu entry) and the incidents. */
const def = pagesOf(titularRecurso, { lista: Titular });
export const titularTelas = { ...def, pages: [...def.pages, { path: '/incidentes', element: Incidentes, acao: 'visualizar' as const }] };
