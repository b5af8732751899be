import { lazy } from 'react';
import { vafRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Pagina = lazy(() => import('./vaf-page'));

export const vafResource = paginasDe(vafRecurso, { lista: Pagina });
