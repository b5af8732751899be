import { lazy } from 'react';
import { usuarioRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./usuarios-list-page'));

export const usuariosResource = pagesOf(usuarioRecurso, { lista: Lista });
