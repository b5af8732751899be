import { lazy } from 'react';
import { backupRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./backups-list-page'));

export const backupsResource = pagesOf(backupRecurso, { lista: Lista });
