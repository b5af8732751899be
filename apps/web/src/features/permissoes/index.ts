import { lazy } from 'react';
import { grupoPermissoesRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./permissoes-list-page'));
const Form = lazy(() => import('./permissoes-form'));

export const permissoesResource = pagesOf(grupoPermissoesRecurso, { lista: Lista, form: Form });
