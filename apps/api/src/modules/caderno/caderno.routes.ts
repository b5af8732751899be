import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { cadernoInput, idParam } from '@ceasa/shared';
import { quem } from '../../lib/audit';
import { cadernoRepository } from './caderno.repository';

/** The field notebook belongs to the bulletin: route name 'boletim' gives its permissions. */
export default function cadernoRoutes(app: FastifyInstance, { db }: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = cadernoRepository(db);
  const tags = ['Caderno de campo'];
  const acesso = (acao: 'visualizar' | 'criar' | 'editar' | 'deletar') => ({ rota: 'boletim', acao });
  r.get(
    '/caderno/boletimItem/:id',
    {
      schema: { tags, summary: 'O caderno de um item de boletim (corpo vazio quando o item ainda não tem)', params: idParam },
      config: { acesso: acesso('visualizar') },
    },
    async (req, reply) => {
      const c = await repo.doItem(req.params.id);
      return c ?? reply.code(200).send();
    },
  );
  r.get('/caderno/:id', { schema: { tags, summary: 'Um caderno de campo', params: idParam }, config: { acesso: acesso('visualizar') } }, (req) =>
    repo.ler(req.params.id),
  );
  r.post(
    '/caderno',
    { schema: { tags, summary: 'Cadastra o caderno de um item com suas linhas', body: cadernoInput }, config: { acesso: acesso('criar') } },
    async (req, reply) => {
      reply.code(201);
      return repo.inserir(quem(req), req.body);
    },
  );
  r.put(
    '/caderno',
    { schema: { tags, summary: 'Atualiza o caderno (corpo completo; id no corpo)', body: cadernoInput }, config: { acesso: acesso('editar') } },
    (req) => repo.alterar(quem(req), req.body.id, req.body),
  );
  r.put('/caderno/:id', { schema: { tags, summary: 'Atualiza o caderno', params: idParam, body: cadernoInput }, config: { acesso: acesso('editar') } }, (req) =>
    repo.alterar(quem(req), req.params.id, req.body),
  );
  r.delete(
    '/caderno/:id',
    { schema: { tags, summary: 'Remove o caderno e suas linhas', params: idParam }, config: { acesso: acesso('deletar') } },
    async (req, reply) => {
      await repo.remover(quem(req), req.params.id);
      return reply.code(204).send();
    },
  );
}
