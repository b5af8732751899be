import { lazy } from 'react';
import { recallRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Page = lazy(() => import('./recall-page'));

export const recallTelas = pagesOf(recallRecurso, { lista: Page });
