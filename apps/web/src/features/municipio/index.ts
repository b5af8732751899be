import { lazy } from 'react';
import { municipioRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./municipio-list-page'));
const Form = lazy(() => import('./municipio-form'));

export const municipioResource = paginasDe(municipioRecurso, { lista: Lista, form: Form });
