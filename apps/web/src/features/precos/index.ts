import { lazy } from 'react';
import { precoRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./precos-list-page'));
const Form = lazy(() => import('./precos-form'));

export const precosResource = paginasDe(precoRecurso, { lista: Lista, form: Form });
