import { lazy } from 'react';
import { logRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

/** The list is the declaration's; a row's detail is the audit content as text. */
export const logsResource = pagesGeradas(logRecurso, { detalhe: lazy(() => import('./logs-detail-page')) });
