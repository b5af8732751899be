import { ROTAS } from '@ceasa/shared';
import { itemDeMenu, type ResourceDef } from '../lib/recursos';
import { boletimResource } from '../features/boletim';
import { cotacaoResource } from '../features/cotacao';
import { estacionamentoResource } from '../features/estacionamento';
import { logsResource } from '../features/logs';
import { lojaResource } from '../features/loja';
import { municipioResource } from '../features/municipio';
import { pedraResource } from '../features/pedra';
import { permissoesResource } from '../features/permissoes';
import { pessoaResource } from '../features/pessoa';
import { precosResource } from '../features/precos';
import { produtoResource } from '../features/produto';
import { produtoGrupoResource } from '../features/produto-grupo';
import { propriedadeResource } from '../features/propriedade';
import { romaneioResource } from '../features/romaneio';
import { rotasResource } from '../features/rotas';
import { usuariosResource } from '../features/usuarios';
import { vafResource } from '../features/vaf';
import { recallResource } from '../features/recall';

/** Every resource's screens (one line each), in the side menu's order: the order of the route names (ROTAS). */
export const resources: ResourceDef[] = [
  boletimResource,
  cotacaoResource,
  estacionamentoResource,
  logsResource,
  lojaResource,
  municipioResource,
  pedraResource,
  permissoesResource,
  pessoaResource,
  precosResource,
  produtoResource,
  produtoGrupoResource,
  propriedadeResource,
  romaneioResource,
  rotasResource,
  usuariosResource,
  vafResource,
  recallResource,
].sort((a, b) => ROTAS.indexOf(a.recurso.rota) - ROTAS.indexOf(b.recurso.rota));

/** The side menu: one entry per resource, shown when the user may see its route. */
export const menu = resources.map((r) => itemDeMenu(r.recurso));
