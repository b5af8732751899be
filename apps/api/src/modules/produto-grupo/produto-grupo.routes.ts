import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { idParam, produtoGrupoRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { produtoGrupoList, produtoGrupoRepository } from './produto-grupo.repository';

export default function produtoGrupoRoutes(app: FastifyInstance, { db }: AppContext) {
  const repo = produtoGrupoRepository(db);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tag = produtoGrupoRecurso.api.tag;
  r.get('/produtoGrupo/produtosAll', { schema: { tags: [tag], summary: 'Todos os grupos (id, nome)' }, config: { acesso: 'perfil' } }, () => repo.opcoes());
  r.get(
    '/produtoGrupo/grupoId/:id',
    {
      schema: { tags: [tag], summary: 'Relatório de boletins por grupo de produto', params: idParam },
      config: { acesso: { rota: 'produtoGrupo', acao: 'visualizar' } },
    },
    (req) => repo.boletins(req.params.id),
  );
  recursoRoutes(app, db, produtoGrupoRecurso, { lista: produtoGrupoList, repo });
}
