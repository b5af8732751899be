import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { rotasRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { rotasList, rotasRepository } from './rotas.repository';

export default function rotasRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = rotasRepository(db, () => app.invalidarPermissoes());
  const tag = rotasRecurso.menu.rotulo;
  app.get(
    '/rotas/all',
    { schema: { tags: [tag], summary: 'Todas as rotas (checklist de permissões)' }, config: { acesso: { rota: 'permissoes', acao: 'visualizar' } } },
    () => repo.opcoes(),
  );
  recursoRoutes(app, db, rotasRecurso, { lista: rotasList, repo });
}
