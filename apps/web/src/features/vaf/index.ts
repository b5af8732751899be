import { lazy } from 'react';
import { vafRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Page = lazy(() => import('./vaf-page'));

export const vafTelas = pagesOf(vafRecurso, { lista: Page });
