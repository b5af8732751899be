import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { enderecoPublico } from '../config';
import type { ContextoDaIdentidade } from './contexto';
import type { Tx } from '../db/client';
import { resetTokens, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { HttpError } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import { sha256, tokenAleatorio } from '../lib/segredos';
import type { UsuarioRow } from './tokens';

export const MSG_LINK_INVALIDO = 'Link inválido ou expirado. Solicite um novo e-mail de redefinição.';

/**
 * Makes a single-use reset link (earlier unused links of the account stop working), records it in
 * the audit trail, then mails it. The mail goes out after the commit (PGlite is one connection).
 */
export async function enviarReset(ctx: ContextoDaIdentidade, req: FastifyRequest, usuario: UsuarioRow, quem: string) {
  const token = tokenAleatorio();
  const agora = new Date();
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(resetTokens)
      .set({ usadoEm: agora })
      .where(and(eq(resetTokens.usuarioId, usuario.id), isNull(resetTokens.usadoEm)));
    await tx.insert(resetTokens).values({
      usuarioId: usuario.id,
      tokenHash: sha256(token),
      expiraEm: new Date(agora.getTime() + ctx.config.resetTokenTtl * 1000),
    });
    await registrarLog(tx, quem, 'Usuario', usuario.id, 'UPDATE', { id: usuario.id, email: usuario.email, redefinicaoSenha: 'solicitada' });
  });
  // Only configuration decides where the link points (a forged Host header must not).
  const link = `${enderecoPublico(ctx.config)}/nova-senha?token=${token}`;
  const horas = Math.round(ctx.config.resetTokenTtl / 3600);
  const texto = [
    `Olá, ${usuario.nome}.`,
    '',
    `Recebemos um pedido para redefinir a senha da sua conta no sistema ${ctx.config.settings.mercado}.`,
    `Para escolher uma nova senha, abra o link abaixo. Ele vale por ${horas === 1 ? '1 hora' : `${horas} horas`} e pode ser usado uma única vez:`,
    '',
    link,
    '',
    'Se você não fez este pedido, ignore este e-mail: a sua senha continua a mesma.',
  ].join('\n');
  // Who asked (the account itself, or the admin who sent it) and for whom: never the link.
  eventoDeSeguranca(req.log, 'redefinicao-pedida', { conta: quem, alvo: usuario.email, endereco: req.ip });
  try {
    await ctx.mailer.send(usuario.email, `${ctx.config.settings.mercado} - Redefinição de senha`, texto);
  } catch (err) {
    req.log.error({ err }, 'falha ao enviar o e-mail de redefinição de senha');
    throw new HttpError(503, 'Não foi possível enviar o e-mail agora. Tente novamente mais tarde.');
  }
}

/** The account a valid (unused, unexpired, active account) reset link belongs to, or null. */
export async function usuarioDoLink(tx: Tx, token: string, lock = false) {
  const q = tx
    .select({ tokenId: resetTokens.id, usuario: usuarios })
    .from(resetTokens)
    .innerJoin(usuarios, eq(usuarios.id, resetTokens.usuarioId))
    .where(and(eq(resetTokens.tokenHash, sha256(token)), isNull(resetTokens.usadoEm), gt(resetTokens.expiraEm, new Date()), eq(usuarios.ativo, true)));
  const [r] = lock ? await q.for('update', { of: resetTokens }) : await q;
  return r ?? null;
}
