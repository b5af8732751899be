import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { confirmarTotpInput } from '@ceasa/shared';
import type { ContextoDaIdentidade } from './contexto';
import { segundosFatores, sessoes } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { badRequest, conflict } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import {
  codigosRestantes,
  fatorAtivo,
  fatorObrigatorio,
  MSG_CODIGO_INVALIDO,
  MSG_FATOR_JA_ATIVO,
  MSG_SEM_CADASTRO_PENDENTE,
  removerFator,
  trocarCodigosDeRecuperacao,
} from './segundo-fator';
import { novoSegredo, passoDoCodigo, uriOtpauth } from './totp';
import { rotaSobreOutroUsuario } from './acao-sobre-usuario';

/**
 * The second factor (docs/identidade.md, 'Second factor'): a person enrols an authenticator app (TOTP) and
 * receives ten one-time recovery codes; a super-admin resets someone's factor. Enrolling or resetting ends
 * the person's other sessions. Registered under /api.
 */
export default function segundoFatorRoutes(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotasDoCadastro(app, ctx);
  rotaDaRedefinicao(app, ctx);
}

/** A person's own second factor: its state, and the authenticator app's enrolment and confirmation. */
function rotasDoCadastro(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Conta'];
  const config = { acesso: 'autenticado', antesDoFator: true } as const;

  r.get('/auth/mfa', { schema: { tags, summary: 'Situação da verificação em duas etapas da conta' }, config }, async (req, reply) => {
    const u = req.usuario!;
    const ativo = Boolean(await fatorAtivo(db, u.id));
    reply.header('cache-control', 'no-store');
    return { ativo, obrigatorio: fatorObrigatorio(u.roles, ctx.config.mfaObrigatorio), codigosRestantes: ativo ? await codigosRestantes(db, u.id) : 0 };
  });

  r.post(
    '/auth/mfa/totp',
    { schema: { tags, summary: 'Começa o cadastro do aplicativo autenticador: responde o segredo e o endereço otpauth:// (o QR code)' }, config },
    async (req, reply) => {
      const u = req.usuario!;
      if (await fatorAtivo(db, u.id)) throw conflict(MSG_FATOR_JA_ATIVO);
      const segredo = novoSegredo();
      await db
        .insert(segundosFatores)
        .values({ usuarioId: u.id, segredo })
        .onConflictDoUpdate({ target: segundosFatores.usuarioId, set: { segredo, ativoEm: null, ultimoPasso: null, criadoEm: new Date() } });
      reply.header('cache-control', 'no-store');
      return { segredo, uri: uriOtpauth(segredo, ctx.config.settings.mercado, u.email) };
    },
  );

  r.post(
    '/auth/mfa/totp/confirmar',
    {
      schema: { tags, summary: 'Confirma o aplicativo com um código: liga a verificação e responde dez códigos de recuperação', body: confirmarTotpInput },
      config,
    },
    async (req, reply) => {
      const u = req.usuario!;
      const codigos = await db.transaction(async (tx) => {
        const [f] = await tx.select().from(segundosFatores).where(eq(segundosFatores.usuarioId, u.id)).for('update');
        if (!f) throw badRequest(MSG_SEM_CADASTRO_PENDENTE);
        if (f.ativoEm) throw conflict(MSG_FATOR_JA_ATIVO);
        const passo = passoDoCodigo(f.segredo, req.body.codigo, Date.now(), null);
        if (passo === null) {
          eventoDeSeguranca(req.log, 'codigo-recusado', { conta: u.email, endereco: req.ip, motivo: 'cadastro' });
          throw badRequest(MSG_CODIGO_INVALIDO);
        }
        await tx.update(segundosFatores).set({ ativoEm: new Date(), ultimoPasso: passo }).where(eq(segundosFatores.usuarioId, u.id));
        const novos = await trocarCodigosDeRecuperacao(tx, u.id);
        // The other sessions end (opened with a password alone); this one goes on, now with its factor.
        await tx
          .update(sessoes)
          .set({ revogadaEm: new Date() })
          .where(and(eq(sessoes.usuarioId, u.id), ne(sessoes.id, u.sessao)));
        await tx.update(sessoes).set({ exigeFator: false }).where(eq(sessoes.id, u.sessao));
        await registrarLog(tx, u.email, 'Usuario', u.id, 'UPDATE', { id: u.id, email: u.email, segundoFator: 'ativado' });
        return novos;
      });
      app.esquecerSessoes();
      eventoDeSeguranca(req.log, 'fator-ativado', { conta: u.email, endereco: req.ip });
      reply.header('cache-control', 'no-store');
      return { codigosDeRecuperacao: codigos };
    },
  );
}

/** The super-admin's reset of another person's second factor (his sessions end with it). */
function rotaDaRedefinicao(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  rotaSobreOutroUsuario(app, ctx.db, {
    metodo: 'delete',
    caminho: '/usuarios/:id/segundo-fator',
    resumo: 'Redefine a verificação em duas etapas de um usuário (só o super-admin)',
    proibido: 'Só o super-admin pode redefinir a verificação em duas etapas de outra pessoa.',
    agir: async (tx, u) => {
      if (!(await removerFator(tx, u.id))) throw badRequest('Este usuário não tem verificação em duas etapas cadastrada.');
    },
    registro: { segundoFator: 'redefinido' },
    evento: 'fator-redefinido',
  });
}
