import { lazy } from 'react';
import { propriedadeRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./propriedade-list-page'));
const Form = lazy(() => import('./propriedade-form'));

export const propriedadeResource = paginasDe(propriedadeRecurso, { lista: Lista, form: Form });
