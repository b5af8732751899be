import { lazy } from 'react';
import { precosRecurso, precosDiaRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./precos-list-page'));
const Form = lazy(() => import('./precos-form'));
const Dia = lazy(() => import('./precos-dia-page'));

export const precosTelas = pagesOf(precosRecurso, { lista: Lista, form: Form });

/** 'Preços do dia' (/precosdia): the day's price grid and 'Publicar cotação' (route name precosDia). */
export const precosDiaTelas = pagesOf(precosDiaRecurso, { lista: Dia });
