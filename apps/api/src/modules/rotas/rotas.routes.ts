import type { FastifyInstance } from 'fastify';
import { rotaInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { crudRoutes, listRoutes } from '../../lib/routes';
import { rotasList, rotasRepository } from './rotas.repository';

export default function rotasRoutes(app: FastifyInstance, db: Db) {
  const repo = rotasRepository(db, () => app.invalidarPermissoes());
  const tag = 'Rotas';
  app.get('/rotas/all', { schema: { tags: [tag], summary: 'Todas as rotas (checklist de permissões)' }, config: { acesso: { rota: 'permissoes', acao: 'visualizar' } } }, () =>
    repo.all(),
  );
  listRoutes(app, db, { base: '/rotas', rota: 'rotas', tag, spec: rotasList, search: 'searchRotas', searchTerm: 'nome' });
  crudRoutes(app, { base: '/rotas', rota: 'rotas', tag, input: rotaInput, repo });
}
