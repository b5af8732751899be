import { lazy } from 'react';
import { usuariosRecurso } from '@ceasa/shared';
import { pagesOf } from '../../lib/recursos';

const Lista = lazy(() => import('./usuarios-list-page'));

export const usuariosTelas = pagesOf(usuariosRecurso, { lista: Lista });
