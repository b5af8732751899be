import { lazy } from 'react';
import { municipioRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./municipio-list-page'));
const Form = lazy(() => import('./municipio-form'));

export const municipioResource = pagesOf(municipioRecurso, { lista: Lista, form: Form });
