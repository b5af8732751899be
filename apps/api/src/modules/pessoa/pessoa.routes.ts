import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ATIVOS_DESDE_MSG, idParam, inteiroDoCaminho, PESSOA_TIPO, pessoaRecurso, pessoasDoTipoQuery } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { quem } from '../../lib/audit';
import { badRequest } from '../../lib/errors';
import { recursoRoutes } from '../../lib/routes';
import { fotoStorage } from '../../db/fotos';
import { suspensoesDesde } from '../inspecao/inspecao.service';
import { pessoaList, pessoaRepository } from './pessoa.repository';

const tipoParam = z.object({ tipoId: inteiroDoCaminho('Tipo inválido') });

const AVISO_FOTO = 'Pessoa removida, mas não foi possível remover a foto. Avise a TI para removê-la manualmente.';

export default function pessoaRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const repo = pessoaRepository(ctx.db, fotoStorage(ctx.db), app.log);
  const tag = pessoaRecurso.menu.rotulo;
  const tags = [tag];

  // Lookups many screens share (romaneio, boletim, loja, cotação): any user with a profile.
  r.get('/tipo', { schema: { tags, summary: 'Tipos de pessoa (id, descricao)' }, config: { acesso: 'perfil' } }, () => repo.opcoesDeTipo());
  r.get(
    '/pessoa/tipo/:tipoId',
    {
      schema: {
        tags,
        summary:
          'Pessoas de um tipo (1 produtores, 2 técnicos): id, nome, cpfcnpj; com ativosDesde, só os produtores com colheita até essa data ou depois, cada um com as suas suspensões em vigor desde então',
        params: tipoParam,
        querystring: pessoasDoTipoQuery,
      },
      config: { acesso: 'perfil' },
    },
    async (req) => {
      const { ativosDesde } = req.query;
      if (ativosDesde && req.params.tipoId !== PESSOA_TIPO.PRODUTOR) throw badRequest(ATIVOS_DESDE_MSG.soProdutores);
      const pessoas = await repo.opcoesDoTipo(req.params.tipoId, ativosDesde);
      if (!ativosDesde) return pessoas;
      // The gate's list: each producer's suspensions in force since then, so picking a suspended one says so at once.
      const porProdutor = new Map<number, { inicio: string; fim: string }[]>();
      for (const { pessoaId, inicio, fim } of await suspensoesDesde(ctx.db, ativosDesde))
        porProdutor.set(pessoaId, [...(porProdutor.get(pessoaId) ?? []), { inicio, fim }]);
      return pessoas.map((p) => ({ ...p, suspensoes: porProdutor.get(p.id) ?? [] }));
    },
  );
  r.get('/pessoa/produtorAll', { schema: { tags, summary: 'Produtores (id, nome)' }, config: { acesso: 'perfil' } }, () => repo.opcoesDeProdutores());
  r.get('/pessoa/lojistas', { schema: { tags, summary: 'Lojistas (id, nome)' }, config: { acesso: 'perfil' } }, () => repo.opcoesDeLojistas());
  r.get('/pessoa/pessoaAll', { schema: { tags, summary: 'Todas as pessoas (id, nome)' }, config: { acesso: 'perfil' } }, () => repo.opcoes());
  r.get('/pessoa/cotacoes', { schema: { tags, summary: 'Lojistas e produtores para cotação (id, nome, tipoDescricao)' }, config: { acesso: 'perfil' } }, () =>
    repo.opcoesDeCotacao(),
  );
  r.get(
    '/pessoa/produtor/:id',
    {
      schema: { tags, summary: 'Dados de um produtor para preencher um novo cadastro', params: idParam },
      config: { acesso: { rota: 'pessoa', acao: 'visualizar' } },
    },
    (req) => repo.produtor(req.params.id),
  );

  recursoRoutes(app, ctx.db, pessoaRecurso, { lista: pessoaList, repo, semRemover: true });

  /** 204; or 200 with a warning when the person is gone but the photo file could not be removed. */
  r.delete(
    '/pessoa/:id',
    { schema: { tags, summary: 'Remove a pessoa e a sua foto', params: idParam }, config: { acesso: { rota: 'pessoa', acao: 'deletar' } } },
    async (req, reply) => {
      const { foto } = await repo.remover(quem(req), req.params.id);
      // His portal account went with him (usuarios.pessoa_id cascades, its sessions too): no server keeps them a moment longer.
      app.esquecerSessoes();
      if (foto === 'falhou') return reply.code(200).send({ fotoRemovida: false, aviso: AVISO_FOTO });
      return reply.code(204).send();
    },
  );
}
