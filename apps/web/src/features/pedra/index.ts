import { lazy } from 'react';
import { pedraRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const pedraTelas = pagesGeradas(pedraRecurso, { lista: lazy(() => import('./pedra-list-page')) });
