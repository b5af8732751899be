import { lazy } from 'react';
import { produtoGrupoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const produtoGrupoResource = pagesGeradas(produtoGrupoRecurso, { lista: lazy(() => import('./produto-grupo-list-page')) });
