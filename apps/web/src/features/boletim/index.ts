import { lazy } from 'react';
import { boletimRecurso } from '@ceasa/shared';
import { pagesOf, type TelasDoRecurso } from '../../lib/recursos';

const Lista = lazy(() => import('./boletim-list-page'));
const Form = lazy(() => import('./boletim-form'));
const Caderno = lazy(() => import('./caderno-form'));

const pages = pagesOf(boletimRecurso, { lista: Lista, form: Form });

/**
 * Bulletins and, under the same permissions (route 'boletim'), each item's field notebook (docs/produto/validacao.md
 * section 2). The edit paths open for who may only view too: the bulletin and its notebooks then
 * show read-only (no save), and the notebook prints.
 */
export const boletimTelas: TelasDoRecurso = {
  ...pages,
  pages: [
    ...pages.pages.map((p) => (p.acao === 'editar' ? { ...p, acao: 'visualizar' as const } : p)),
    { path: '/caderno/:boletimItemId', element: Caderno, acao: 'criar' },
    { path: '/caderno/edit/:boletimItemId', element: Caderno, acao: 'visualizar' },
  ],
};
