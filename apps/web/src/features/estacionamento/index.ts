import { lazy } from 'react';
import { estacionamentoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const estacionamentoTelas = pagesGeradas(estacionamentoRecurso, { lista: lazy(() => import('./estacionamento-list-page')) });
