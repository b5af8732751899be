import { lazy } from 'react';
import { estacionamentoRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./estacionamento-list-page'));
const Form = lazy(() => import('./estacionamento-form'));

export const estacionamentoTelas = pagesOf(estacionamentoRecurso, { lista: Lista, form: Form });
