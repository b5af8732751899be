import { lazy } from 'react';
import { permissoesRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

/** The list is the declaration's; the form is the group's name and its checklist of flags per route. */
export const permissoesTelas = pagesGeradas(permissoesRecurso, { form: lazy(() => import('./permissoes-form')) });
