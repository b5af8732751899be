import type { FastifyInstance } from 'fastify';
import { municipioInput } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { crudRoutes, listRoutes } from '../../lib/routes';
import { municipioList, municipioRepository } from './municipio.repository';

export default function municipioRoutes(app: FastifyInstance, db: Db) {
  const repo = municipioRepository(db);
  const tag = 'Município';
  app.get('/municipio/findAllBasic', { schema: { tags: [tag], summary: 'Todos os municípios (id, nome, sigla)' }, config: { acesso: 'perfil' } }, () =>
    repo.findAllBasic(),
  );
  listRoutes(app, db, { base: '/municipio', rota: 'municipio', tag, spec: municipioList, search: 'searchMunicipio', searchTerm: 'nome' });
  crudRoutes(app, { base: '/municipio', rota: 'municipio', tag, input: municipioInput, repo });
}
