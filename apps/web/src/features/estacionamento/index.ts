import { lazy } from 'react';
import { estacionamentoRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

const Lista = lazy(() => import('./estacionamento-list-page'));

export const estacionamentoTelas = pagesGeradas(estacionamentoRecurso, { lista: Lista });
