import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { alterarSenhaInput, senhasComuns } from '@ceasa/shared';
import type { ContextoDaIdentidade } from './contexto';
import { sessoes, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { badRequest, unauthorized } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import { hashSenha, verificarSenha } from './passwords';
import { semSenhaNoModoExterno } from './sessao-web.routes';
import { esquecerSenhaInicial } from '../db/seed/reference';

export const MSG_SENHA_ATUAL = 'A senha atual não confere.';
export const MSG_SENHA_PESSOAL = 'A nova senha não pode conter o seu e-mail, o seu nome nem o nome do mercado ou do município. Escolha outra.';
export const MSG_SENHA_COMUM_DENTRO = 'A nova senha contém uma senha muito comum e fácil de adivinhar. Escolha outra.';

const normalizar = (s: string) =>
  s
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
/** Words too generic to forbid on their own (a municipality's "Prefeitura Municipal", the market's "Regional"). */
const GENERICAS = new Set(['prefeitura', 'municipal', 'municipio', 'regional', 'mercado', 'central']);

/**
 * Why a new password is refused for this person, or null: it holds the e-mail's name part, a word of his name,
 * the market's or the municipality's name (or a significant word of them), or a common password (8 characters or
 * more) anywhere inside it.
 */
export function recusaDaSenha(senha: string, quem: { email: string; nome: string }, config: ContextoDaIdentidade['config']): string | null {
  const s = normalizar(senha);
  const pessoais = [quem.email.split('@')[0], ...quem.nome.split(/\s+/)];
  const lugares = [config.settings.mercado, config.settings.municipio];
  const palavras = [
    ...pessoais.map(normalizar).filter((p) => p.length >= 4),
    ...lugares.map(normalizar).filter((p) => p.length >= 4 && !GENERICAS.has(p)),
    ...lugares.flatMap((l) => l.split(/\s+/).map(normalizar)).filter((p) => p.length >= 4 && !GENERICAS.has(p)),
  ];
  if (palavras.some((p) => s.includes(p))) return MSG_SENHA_PESSOAL;
  if (senhasComuns().some((c) => c.length >= 8 && s.includes(normalizar(c)))) return MSG_SENHA_COMUM_DENTRO;
  return null;
}

/** 'Alterar senha' for a signed-in person (docs/identidade.md): the other sessions end. Registered under /api. */
export default function senhaRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/senha',
    {
      schema: { tags: ['Conta'], summary: 'Altera a própria senha (encerra as outras sessões)', body: alterarSenhaInput },
      config: { acesso: 'autenticado', trocaDeSenha: true },
      onRequest: semSenhaNoModoExterno(ctx),
    },
    async (req, reply) => {
      const quem = req.usuario!;
      const [u] = await ctx.db.select().from(usuarios).where(eq(usuarios.id, quem.id));
      if (!u) throw unauthorized();
      if (!(await verificarSenha(u.senhaHash, req.body.senhaAtual))) {
        eventoDeSeguranca(req.log, 'entrada-recusada', { conta: u.email, endereco: req.ip, motivo: 'senha-atual-errada' });
        throw badRequest(MSG_SENHA_ATUAL, [{ field: 'senhaAtual', message: MSG_SENHA_ATUAL }]);
      }
      const recusa = recusaDaSenha(req.body.novaSenha, u, ctx.config);
      if (recusa) throw badRequest(recusa, [{ field: 'novaSenha', message: recusa }]);
      const senhaHash = await hashSenha(req.body.novaSenha);
      await ctx.db.transaction(async (tx) => {
        await tx.update(usuarios).set({ senhaHash, trocarSenha: false }).where(eq(usuarios.id, u.id));
        await tx
          .update(sessoes)
          .set({ revogadaEm: new Date() })
          .where(and(eq(sessoes.usuarioId, u.id), ne(sessoes.id, quem.sessao)));
        await registrarLog(tx, u.email, 'Usuario', u.id, 'UPDATE', { id: u.id, email: u.email, senha: 'alterada' });
      });
      app.esquecerSessoes();
      // The generated first password, written to DATA_DIR at the first start, is no longer the password.
      esquecerSenhaInicial(ctx.config.dataDir, u.email);
      eventoDeSeguranca(req.log, 'senha-alterada', { conta: u.email, endereco: req.ip });
      return reply.code(204).send();
    },
  );
}
