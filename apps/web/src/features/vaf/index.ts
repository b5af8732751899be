import { lazy } from 'react';
import { vafRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Page = lazy(() => import('./vaf-page'));

export const vafResource = pagesOf(vafRecurso, { lista: Page });
