import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { permissoesRecurso } from '@ceasa/shared';
import { badRequest } from '../../lib/errors';
import { eventoDeSeguranca } from '../../lib/eventos';
import { recursoRoutes } from '../../lib/routes';
import { grupoPermissoesList, grupoPermissoesRepository } from './permissoes.repository';

export default function grupoPermissoesRoutes(app: FastifyInstance, { db }: AppContext) {
  const base = grupoPermissoesRepository(db, () => app.invalidarPermissoes());
  // A change of a group's permissions is a security event (who, which group), logged once it has committed.
  const evento = async <T>(conta: string, grupo: number | string, acao: string, p: Promise<T>) => {
    const r = await p;
    eventoDeSeguranca(app.log, 'permissoes-alteradas', { conta, grupo, motivo: acao });
    return r;
  };
  const repo: typeof base = {
    ler: base.ler,
    inserir: (usuario, input) => evento(usuario, input.nome, 'inserir', base.inserir(usuario, input)),
    alterar: (usuario, id, input) => evento(usuario, id, 'alterar', base.alterar(usuario, id, input)),
    remover: (usuario, id) => evento(usuario, id, 'remover', base.remover(usuario, id)),
  };
  const tag = permissoesRecurso.api.tag;
  /** The signed-in user's own group: the web loads it after login to gate menus and buttons. */
  app.get('/grupoPermissoes/meu', { schema: { tags: [tag], summary: 'Permissões do usuário autenticado' }, config: { acesso: 'autenticado' } }, async (req) => {
    const grupo = req.usuario!.grupo;
    return { grupoId: grupo, permissoes: grupo ? await app.permissoesDoGrupo(grupo) : {} };
  });
  recursoRoutes(app, db, permissoesRecurso, {
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
