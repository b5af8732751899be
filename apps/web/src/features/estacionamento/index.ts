import { lazy } from 'react';
import { estacionamentoRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./estacionamento-list-page'));
const Form = lazy(() => import('./estacionamento-form'));

export const estacionamentoResource = paginasDe(estacionamentoRecurso, { lista: Lista, form: Form });
