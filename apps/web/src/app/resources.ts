import type { ComponentType, LazyExoticComponent } from 'react';

/** One registration per resource drives the menu, the routes and the permission checks. */
export interface ResourceDef {
  /** Route name of the permission table (SPEC.md section 2 menu names). */
  rota: string;
  /** Menu target. */
  path: string;
  label: string;
  icon: string;
  pages: { path: string; element: LazyExoticComponent<ComponentType> | ComponentType; acao?: 'visualizar' | 'criar' | 'editar' }[];
}

import { logsResource } from '../features/logs';
import { municipioResource } from '../features/municipio';
import { permissoesResource } from '../features/permissoes';
import { rotasResource } from '../features/rotas';
import { usuariosResource } from '../features/usuarios';

/** In the side menu's order (SPEC.md section 2). */
export const resources: ResourceDef[] = [municipioResource, rotasResource, permissoesResource, logsResource, usuariosResource];
