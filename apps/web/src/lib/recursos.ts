import type { ComponentType, LazyExoticComponent } from 'react';
import type { Acao, Recurso } from '@ceasa/shared';

export type PageComponent = LazyExoticComponent<ComponentType> | ComponentType;

/** A declared resource's screens: what the router, the menu and the permission checks are built from. */
export interface TelasDoRecurso {
  recurso: Recurso;
  pages: { path: string; element: PageComponent; acao: Extract<Acao, 'visualizar' | 'criar' | 'editar'> }[];
}

/**
 * The pages of a declared resource at its declared paths: the list (visualizar), the form at the
 * create path (criar) and at the edit path (editar), or a read-only detail at the edit path (visualizar).
 */
export function pagesOf(recurso: Recurso, p: { lista: PageComponent; form?: PageComponent; detalhe?: PageComponent }): TelasDoRecurso {
  const { lista, novo, editar } = recurso.caminhos;
  const pages: TelasDoRecurso['pages'] = [{ path: lista, element: p.lista, acao: 'visualizar' }];
  if (p.form && novo) pages.push({ path: novo, element: p.form, acao: 'criar' });
  if (p.form && editar) pages.push({ path: editar, element: p.form, acao: 'editar' });
  if (p.detalhe && editar) pages.push({ path: editar, element: p.detalhe, acao: 'visualizar' });
  return { recurso, pages };
}

/** A side menu entry. */
export interface ItemDeMenu {
  rota: string;
  caminho: string;
  rotulo: string;
  icone: string;
}

export const itemDeMenu = (r: Recurso): ItemDeMenu => ({ rota: r.rota, caminho: r.caminhos.lista, rotulo: r.menu.rotulo, icone: r.menu.icone });
