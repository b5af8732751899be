import { lazy } from 'react';
import { cotacaoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const cotacaoTelas = pagesGeradas(cotacaoRecurso, { lista: lazy(() => import('./cotacao-list-page')) });
