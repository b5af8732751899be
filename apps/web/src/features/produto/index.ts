import { lazy } from 'react';
import { produtoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const produtoTelas = pagesGeradas(produtoRecurso, { lista: lazy(() => import('./produto-list-page')) });
