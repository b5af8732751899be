import { lazy } from 'react';
import { propriedadeRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./propriedade-list-page'));
const Form = lazy(() => import('./propriedade-form'));

export const propriedadeTelas = pagesOf(propriedadeRecurso, { lista: Lista, form: Form });
