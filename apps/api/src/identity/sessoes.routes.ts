import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usuarioIdParam } from '@ceasa/shared';
import type { ContextoDaIdentidade } from './contexto';
import { sessoes } from '../db/schema';
import { naoEncontrado } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import { rotaSobreOutroUsuario } from './acao-sobre-usuario';
import { ociosa, revogarSessao } from './tokens';

/**
 * 'Minhas sessões': a person lists the sessions open in his name (device, address, start, last use) and ends
 * one or all the others; a super-admin ends all of someone's. Registered under /api.
 */
export default function sessoesRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotasDasMinhasSessoes(app, ctx);
  rotaDasSessoesDeOutro(app, ctx);
}

/** A person's own open sessions: listed, one ended, or all but this one. */
function rotasDasMinhasSessoes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Conta'];
  const acesso = 'autenticado' as const;

  r.get(
    '/auth/sessoes',
    { schema: { tags, summary: 'Minhas sessões abertas (dispositivo, endereço, início, último uso)' }, config: { acesso } },
    async (req, reply) => {
      const u = req.usuario!;
      const linhas = await db
        .select()
        .from(sessoes)
        .where(and(eq(sessoes.usuarioId, u.id), isNull(sessoes.revogadaEm), gt(sessoes.expiraEm, new Date())))
        .orderBy(desc(sessoes.ultimoUsoEm));
      reply.header('cache-control', 'no-store');
      return linhas
        .filter((s) => !ociosa(s, ctx.config.sessaoInatividadeMin))
        .map((s) => ({
          id: s.id,
          dispositivo: s.dispositivo,
          endereco: s.endereco,
          inicio: s.criadaEm.toISOString(),
          ultimoUso: s.ultimoUsoEm.toISOString(),
          atual: s.id === u.sessao,
        }));
    },
  );

  r.delete(
    '/auth/sessoes/:id',
    { schema: { tags, summary: 'Encerra uma das minhas sessões', params: usuarioIdParam }, config: { acesso } },
    async (req, reply) => {
      const u = req.usuario!;
      const [s] = await db
        .select({ id: sessoes.id })
        .from(sessoes)
        .where(and(eq(sessoes.id, req.params.id), eq(sessoes.usuarioId, u.id)));
      if (!s) throw naoEncontrado('Sessão não encontrada');
      await revogarSessao(db, s.id);
      app.esquecerSessoes();
      eventoDeSeguranca(req.log, 'sessao-encerrada', { conta: u.email, endereco: req.ip, sessao: s.id });
      return reply.code(204).send();
    },
  );

  r.post(
    '/auth/sessoes/encerrar-outras',
    { schema: { tags, summary: 'Encerra todas as minhas outras sessões (fica só esta)' }, config: { acesso } },
    async (req, reply) => {
      const u = req.usuario!;
      const fim = await db
        .update(sessoes)
        .set({ revogadaEm: new Date() })
        .where(and(eq(sessoes.usuarioId, u.id), ne(sessoes.id, u.sessao), isNull(sessoes.revogadaEm)))
        .returning({ id: sessoes.id });
      app.esquecerSessoes();
      eventoDeSeguranca(req.log, 'sessoes-encerradas', { conta: u.email, endereco: req.ip, quantas: fim.length });
      return reply.code(204).send();
    },
  );
}

/** The super-admin ends every session of another person. */
function rotaDasSessoesDeOutro(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotaSobreOutroUsuario(app, ctx.db, {
    metodo: 'post',
    caminho: '/usuarios/:id/encerrar-sessoes',
    resumo: 'Encerra todas as sessões de um usuário (só o super-admin)',
    proibido: 'Só o super-admin pode encerrar as sessões de outra pessoa.',
    registro: { sessoes: 'encerradas' },
    evento: 'sessoes-encerradas',
  });
}
