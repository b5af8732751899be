import { lazy } from 'react';
import { backupsRecurso } from '@ceasa/shared';
import { pagesGeradas } from '../../components/paginas-geradas';

export const backupsTelas = pagesGeradas(backupsRecurso, { lista: lazy(() => import('./backups-list-page')) });
