import { lazy } from 'react';
import { pedraRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./pedra-list-page'));
const Form = lazy(() => import('./pedra-form'));

export const pedraResource = pagesOf(pedraRecurso, { lista: Lista, form: Form });
