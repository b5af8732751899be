import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { esquecerSenhaInicial } from '../db/seed/reference';
import { caixaPostal, novaSenhaInput, registerInput, resetInput } from '@ceasa/shared';
import type { ContextoDaIdentidade } from './contexto';
import { resetTokens, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { badRequest, conflict, HttpError } from '../lib/errors';
import { hashSenha } from './passwords';
import { enviarReset, MSG_LINK_INVALIDO, usuarioDoLink } from './reset';
import { contarRegistro, podeRegistrar } from './registros';
import { esquecerTentativas, loginThrottle, resetThrottle, type Veredito } from './throttle';
import { semSenhaNoModoExterno } from './sessao-web.routes';
import { revogarSessoesDoUsuario } from './tokens';

export const MSG_EMAIL_USADO = 'Email usado em outra conta';
export const MSG_EMAIL_INEXISTENTE = 'Email inexistente...';

const tags = ['Conta'];
const acesso = 'publico' as const;

/** An attempt past its limit (per address, per mailbox): the 429 with its message and when to try again. */
function recusarSeExcedeu(reply: FastifyReply, v: Veredito) {
  if (v.ok) return;
  reply.header('retry-after', String(v.esperarSegundos));
  throw new HttpError(429, v.message);
}

/**
 * Self-service account routes under /api/auth (public): register, ask for a reset link, and set a
 * new password from that link. No admin credential ever reaches the browser.
 */
export default function registerAuthApi(app: FastifyInstance, ctx: ContextoDaIdentidade) {
  // In external identity mode there are no passwords here: register and reset are the provider's (decision 0118).
  const onRequest = semSenhaNoModoExterno(ctx);
  rotaDoRegistro(app, ctx, onRequest);
  rotasDaRedefinicao(app, ctx, onRequest);
}

type SoComSenha = ReturnType<typeof semSenhaNoModoExterno>;

/** A new account (no profile), within the register attempts allowed per client address. */
function rotaDoRegistro(app: FastifyInstance, ctx: ContextoDaIdentidade, onRequest: SoComSenha) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/register',
    { schema: { tags, summary: 'Cria uma conta (sem perfil)', body: registerInput }, config: { acesso }, onRequest },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      // A few register attempts per client address in the window, counted in the database under a per-address
      // lock BEFORE anything else (an existing e-mail's 409 counts too, so the register cannot be used to probe
      // for accounts): parallel attempts from one address meet the limit exactly.
      const v = await db.transaction(async (tx) => {
        const pode = await podeRegistrar(tx, ctx.config, req.ip, true);
        if (pode.ok) await contarRegistro(tx, ctx.config, req.ip);
        return pode;
      });
      recusarSeExcedeu(reply, v);
      const [existe] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
      if (existe) throw conflict(MSG_EMAIL_USADO);
      const senhaHash = await hashSenha(req.body.senha);
      const criado = await db.transaction(async (tx) => {
        const [u] = await tx
          .insert(usuarios)
          .values({ nome: req.body.nome, email, senhaHash, roles: [] })
          .onConflictDoNothing({ target: usuarios.email })
          .returning();
        if (!u) throw conflict(MSG_EMAIL_USADO);
        await registrarLog(tx, email, 'Usuario', u.id, 'INSERT', { id: u.id, nome: u.nome, email: u.email, ativo: u.ativo, roles: u.roles });
        return u;
      });
      reply.code(201);
      return { id: criado.id, nome: criado.nome, email: criado.email };
    },
  );
}

/** A forgotten password: the e-mail with the link, whose link it is, and the new password set through it. */
function rotasDaRedefinicao(app: FastifyInstance, ctx: ContextoDaIdentidade, onRequest: SoComSenha) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/auth/reset',
    { schema: { tags, summary: 'Envia o e-mail de redefinição de senha', body: resetInput }, config: { acesso }, onRequest },
    async (req, reply) => {
      const email = req.body.email.toLowerCase();
      // Each request mails someone: per mailbox (`a+x@d` and case variants are one) and per address, counted whether or not the account exists.
      const v = resetThrottle(ctx).pedir(caixaPostal(email), req.ip);
      recusarSeExcedeu(reply, v);
      const contas = await db
        .select()
        .from(usuarios)
        .where(and(eq(usuarios.email, email), eq(usuarios.ativo, true)));
      if (contas.length !== 1) throw conflict(MSG_EMAIL_INEXISTENTE);
      await enviarReset(ctx, req, contas[0], email);
      return reply.code(204).send();
    },
  );

  r.get(
    '/auth/nova-senha/:token',
    { schema: { tags, summary: 'De quem é o link de redefinição', params: z.object({ token: z.string() }) }, config: { acesso }, onRequest },
    async (req) => {
      const link = await usuarioDoLink(db, req.params.token);
      if (!link) throw badRequest(MSG_LINK_INVALIDO);
      return { email: link.usuario.email };
    },
  );

  r.post(
    '/auth/nova-senha',
    { schema: { tags, summary: 'Define a nova senha pelo link do e-mail', body: novaSenhaInput }, config: { acesso }, onRequest },
    async (req, reply) => {
      const senhaHash = await hashSenha(req.body.senha);
      const email = await db.transaction(async (tx) => {
        const link = await usuarioDoLink(tx, req.body.token, true);
        if (!link) throw badRequest(MSG_LINK_INVALIDO);
        const u = link.usuario;
        await tx.update(resetTokens).set({ usadoEm: new Date() }).where(eq(resetTokens.id, link.tokenId));
        await tx.update(usuarios).set({ senhaHash, trocarSenha: false }).where(eq(usuarios.id, u.id));
        await revogarSessoesDoUsuario(tx, u.id);
        await registrarLog(tx, u.email, 'Usuario', u.id, 'UPDATE', { id: u.id, email: u.email, senha: 'alterada' });
        return u.email;
      });
      app.esquecerSessoes();
      // A locked-out user who proved ownership of the mailbox may try again at once.
      loginThrottle(ctx).limparConta(email);
      await esquecerTentativas(db, email);
      // The generated first password, written to DATA_DIR at the first start, is no longer the password.
      esquecerSenhaInicial(ctx.config.dataDir, email);
      return reply.code(204).send();
    },
  );
}
