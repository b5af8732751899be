import { lazy } from 'react';
import { usuarioRecurso } from '@ceasa/shared';
import { paginasDe } from '../../lib/recursos';

const Lista = lazy(() => import('./usuarios-list-page'));

export const usuariosResource = paginasDe(usuarioRecurso, { lista: Lista });
