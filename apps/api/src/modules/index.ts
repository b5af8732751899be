import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { registerAuthApi } from '../identity/auth.routes';
import { sessaoWebRoutes } from '../identity/sessao-web.routes';
import { usuariosRoutes } from '../identity/usuarios.routes';
import grupoPermissoesRoutes from './grupo-permissoes/grupo-permissoes.routes';
import configRoutes from './config/config.routes';
import healthRoutes from './health/health.routes';
import logsRoutes from './logs/logs.routes';
import municipioRoutes from './municipio/municipio.routes';
import rotasRoutes from './rotas/rotas.routes';
import produtoGrupoRoutes from './produto-grupo/produto-grupo.routes';
import produtoRoutes from './produto/produto.routes';
import precosRoutes from './precos/precos.routes';
import vafRoutes from './vaf/vaf.routes';
import pessoaRoutes from './pessoa/pessoa.routes';
import ftpRoutes from './ftp/ftp.routes';
import propriedadeRoutes from './propriedade/propriedade.routes';
import pedraRoutes from './pedra/pedra.routes';
import estacionamentoRoutes from './estacionamento/estacionamento.routes';
import dividaRoutes from './divida/divida.routes';
import boletimRoutes from './boletim/boletim.routes';
import cadernoRoutes from './caderno/caderno.routes';

/** Every resource's routes, registered under /api. One line per resource. */
export function registerModules(app: FastifyInstance, ctx: AppContext) {
  healthRoutes(app, ctx.database);
  configRoutes(app, ctx.config);
  registerAuthApi(app, ctx);
  sessaoWebRoutes(app, ctx);
  usuariosRoutes(app, ctx);
  municipioRoutes(app, ctx.db);
  rotasRoutes(app, ctx.db);
  grupoPermissoesRoutes(app, ctx.db);
  logsRoutes(app, ctx.db);
  produtoGrupoRoutes(app, ctx.db);
  produtoRoutes(app, ctx.db);
  precosRoutes(app, ctx.db);
  vafRoutes(app, ctx.db);
  pessoaRoutes(app, ctx);
  ftpRoutes(app, ctx);
  propriedadeRoutes(app, ctx.db);
  pedraRoutes(app, ctx.db);
  estacionamentoRoutes(app, ctx.db);
  dividaRoutes(app, ctx);
  boletimRoutes(app, ctx.db);
  cadernoRoutes(app, ctx.db);
}
