import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { grupoPermissoesRecurso } from '@ceasa/shared';
import { badRequest } from '../../lib/errors';
import { recursoRoutes } from '../../lib/routes';
import { grupoPermissoesList, grupoPermissoesRepository } from './permissoes.repository';

export default function grupoPermissoesRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = grupoPermissoesRepository(db, () => app.invalidarPermissoes());
  const tag = grupoPermissoesRecurso.api.tag;
  /** The signed-in user's own group: the web loads it after login to gate menus and buttons. */
  app.get('/grupoPermissoes/meu', { schema: { tags: [tag], summary: 'Permissões do usuário autenticado' }, config: { acesso: 'autenticado' } }, async (req) => {
    const grupo = req.usuario!.grupo;
    return { grupoId: grupo, permissoes: grupo ? await app.permissoesDoGrupo(grupo) : {} };
  });
  recursoRoutes(app, db, grupoPermissoesRecurso, {
    lista: grupoPermissoesList,
    repo: {
      ...repo,
      async remover(usuario, id) {
        if (id <= 3) throw badRequest('Os grupos 1, 2 e 3 estão ligados aos perfis do sistema e não podem ser removidos.');
        return repo.remover(usuario, id);
      },
    },
  });
}
