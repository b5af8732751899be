import { lazy } from 'react';
import { logRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./logs-list-page'));
const Detalhe = lazy(() => import('./logs-detail-page'));

export const logsResource = paginasDe(logRecurso, { lista: Lista, detalhe: Detalhe });
