import { lazy } from 'react';
import { logsRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

/** The list is the declaration's; a row's detail is the audit content as text. */
export const logsTelas = pagesGeradas(logsRecurso, { detalhe: lazy(() => import('./logs-detail-page')) });
