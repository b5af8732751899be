import { lazy } from 'react';
import { logRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./logs-list-page'));
const Detalhe = lazy(() => import('./logs-detail-page'));

export const logsResource = pagesOf(logRecurso, { lista: Lista, detalhe: Detalhe });
