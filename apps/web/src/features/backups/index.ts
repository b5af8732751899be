import { lazy } from 'react';
import { backupRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const backupsResource = pagesGeradas(backupRecurso, { lista: lazy(() => import('./backups-list-page')) });
