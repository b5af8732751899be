import { lazy } from 'react';
import { rotaRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./rotas-list-page'));
const Form = lazy(() => import('./rotas-form'));

export const rotasResource = paginasDe(rotaRecurso, { lista: Lista, form: Form });
