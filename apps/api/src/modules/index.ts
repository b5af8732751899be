import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import grupoPermissoesRoutes from './grupo-permissoes/grupo-permissoes.routes';
import healthRoutes from './health/health.routes';
import logsRoutes from './logs/logs.routes';
import municipioRoutes from './municipio/municipio.routes';
import rotasRoutes from './rotas/rotas.routes';

/** Every resource's routes, registered under /api. One line per resource. */
export function registerModules(app: FastifyInstance, ctx: AppContext) {
  healthRoutes(app, ctx.database);
  municipioRoutes(app, ctx.db);
  rotasRoutes(app, ctx.db);
  grupoPermissoesRoutes(app, ctx.db);
  logsRoutes(app, ctx.db);
}
