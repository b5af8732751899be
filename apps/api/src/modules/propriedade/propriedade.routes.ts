import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idSchema, propriedadeRecurso } from '@ceasa/shared';
import { recursoRoutes } from '../../lib/routes';
import { propriedadeList, propriedadeRepository } from './propriedade.repository';

const produtorParam = z.object({ produtorId: idSchema });

export default function propriedadeRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = propriedadeRepository(db);
  const tag = propriedadeRecurso.menu.rotulo;
  // Dropdowns of the bulletin form (route 'boletim'), so any user with a profile.
  r.get('/propriedade/propriedadeAll', { schema: { tags: [tag], summary: 'Todas as propriedades (id, nome)' }, config: { acesso: 'perfil' } }, () =>
    repo.opcoes(),
  );
  r.get(
    '/propriedade/proprietario/:produtorId',
    { schema: { tags: [tag], summary: 'Propriedades de um produtor (id, nome)', params: produtorParam }, config: { acesso: 'perfil' } },
    (req) => repo.opcoesDoProprietario(req.params.produtorId),
  );
  recursoRoutes(app, db, propriedadeRecurso, { lista: propriedadeList, repo });
}
