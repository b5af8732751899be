import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { idParam, municipioRecurso } from '@ceasa/shared';
import { HttpError } from '../../lib/errors';
import { recursoRoutes } from '../../lib/routes';
import { municipioList, municipioRepository } from './municipio.repository';

export default function municipioRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = municipioRepository(db);
  const tag = municipioRecurso.menu.rotulo;
  app.get('/municipio/findAllBasic', { schema: { tags: [tag], summary: 'Todos os municípios (id, nome, sigla)' }, config: { acesso: 'perfil' } }, () =>
    repo.opcoes(),
  );
  recursoRoutes(app, db, municipioRecurso, { lista: municipioList, repo, semRemover: true });
  // The spec has no delete of a municipality (its list is edit only): properties and shop items point
  // at them, and the audit trail names them. Refused in words rather than left to a bare 404.
  app.delete(
    '/municipio/:id',
    { schema: { tags: [tag], summary: 'Não há remoção de município (405)', params: idParam }, config: { acesso: { rota: 'municipio', acao: 'deletar' } } },
    async (_req, reply) => {
      reply.header('allow', 'GET, PUT');
      throw new HttpError(405, MSG_SEM_REMOCAO);
    },
  );
}

export const MSG_SEM_REMOCAO = 'Municípios não podem ser removidos. Corrija o nome ou a sigla pela edição.';
