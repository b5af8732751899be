import { lazy } from 'react';
import { cotacaoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

const Lista = lazy(() => import('./cotacao-list-page'));

export const cotacaoTelas = pagesGeradas(cotacaoRecurso, { lista: Lista });
