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

import { boletimResource } from '../features/boletim';
import { estacionamentoResource } from '../features/estacionamento';
import { logsResource } from '../features/logs';
import { municipioResource } from '../features/municipio';
import { pedraResource } from '../features/pedra';
import { permissoesResource } from '../features/permissoes';
import { pessoaResource } from '../features/pessoa';
import { precosResource } from '../features/precos';
import { produtoResource } from '../features/produto';
import { produtoGrupoResource } from '../features/produto-grupo';
import { propriedadeResource } from '../features/propriedade';
import { rotasResource } from '../features/rotas';
import { usuariosResource } from '../features/usuarios';
import { vafResource } from '../features/vaf';

/** In the side menu's order (SPEC.md section 2). */
export const resources: ResourceDef[] = [boletimResource, pessoaResource, propriedadeResource, produtoResource, produtoGrupoResource, pedraResource, precosResource, vafResource, estacionamentoResource, municipioResource, rotasResource, permissoesResource, logsResource, usuariosResource];
