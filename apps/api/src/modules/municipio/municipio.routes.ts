import type { FastifyInstance } from 'fastify';
import { municipioRecurso } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { recursoRoutes } from '../../lib/routes';
import { municipioList, municipioRepository } from './municipio.repository';

export default function municipioRoutes(app: FastifyInstance, db: Db) {
  const repo = municipioRepository(db);
  const tag = municipioRecurso.menu.rotulo;
  app.get('/municipio/findAllBasic', { schema: { tags: [tag], summary: 'Todos os municípios (id, nome, sigla)' }, config: { acesso: 'perfil' } }, () =>
    repo.findAllBasic(),
  );
  recursoRoutes(app, db, municipioRecurso, { lista: municipioList, repo });
}
