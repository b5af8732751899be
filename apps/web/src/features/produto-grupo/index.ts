import { lazy } from 'react';
import { produtoGrupoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const produtoGrupoTelas = pagesGeradas(produtoGrupoRecurso, { lista: lazy(() => import('./produto-grupo-list-page')) });
