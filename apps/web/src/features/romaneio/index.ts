import { lazy } from 'react';
import { romaneioRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./romaneio-list-page'));
const Form = lazy(() => import('./romaneio-form'));

export const romaneioTelas = pagesOf(romaneioRecurso, { lista: Lista, form: Form });
