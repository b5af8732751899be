import { lazy } from 'react';
import { pessoaRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./pessoa-list-page'));
const Form = lazy(() => import('./pessoa-form'));

export const pessoaTelas = pagesOf(pessoaRecurso, { lista: Lista, form: Form });
