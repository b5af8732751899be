import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import {
  MSG_CONVITE_INVALIDO,
  MSG_EMAIL_DE_OUTRA_CONTA,
  MSG_PESSOA_ANONIMIZADA,
  MSG_PESSOA_TEM_CONTA,
  TITULAR_MSG,
  type AceitarConviteInput,
  type ConviteCriado,
  type PortalDaPessoa,
} from '@ceasa/shared';
import { enderecoPublico } from '../config';
import type { Tx } from '../db/client';
import { pessoa, portalConvites, usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { badRequest, conflict, HttpError, naoEncontrado } from '../lib/errors';
import { eventoDeSeguranca } from '../lib/eventos';
import { sha256, tokenAleatorio } from '../lib/segredos';
import type { ContextoDaIdentidade } from './contexto';
import { SEM_SENHA } from './externo';
import { hashSenha } from './passwords';
import { encerrarConvitesPendentes, PAPEL_PRODUTOR } from './portal';
import { recusaDaSenha } from './senha.routes';
import { contarTentativa, MSG_TENTATIVAS, tentativasDoPar } from './throttle';

/**
 * Invitations to the producers' portal (docs/produto/portal.md 'Accounts', docs/decisions/0297-portal-contas-e-govbr.md):
 * the desk mails a person a single-use link (its token kept only as a SHA-256); he opens it and chooses his password,
 * which makes his portal account.
 */

/** A producer who has an account already and accepts an old invitation. */
export const MSG_JA_TEM_CONTA = 'Você já tem conta no portal do produtor: entre em /portal com o seu e-mail e a sua senha, ou com gov.br.';
export const MSG_CONVITE_SEM_EMAIL = 'O convite foi registrado, mas o e-mail não pôde ser enviado agora. Tente convidar de novo mais tarde.';

/** The person, locked for the rest of the transaction; a 404 when there is none. */
async function pessoaDoConvite(tx: Tx, pessoaId: number) {
  const [p] = await tx.select({ id: pessoa.id, nome: pessoa.nome }).from(pessoa).where(eq(pessoa.id, pessoaId)).for('update');
  if (!p) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
  return p;
}

/** Why `email` may not become the person's portal account (a 409), checked in the transaction that makes it. */
async function conferirContaNova(tx: Tx, pessoaId: number, email: string, jaTemConta = MSG_PESSOA_TEM_CONTA) {
  const [conta] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.pessoaId, pessoaId));
  if (conta) throw conflict(jaTemConta);
  const [outra] = await tx.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, email));
  if (outra) throw conflict(MSG_EMAIL_DE_OUTRA_CONTA);
}

/**
 * POST /api/portal/convites: a new invitation for the person (his earlier pending ones stop working), audited, then
 * mailed after the commit with the link `PUBLIC_URL/portal/convite?token=…` (never an address from the request).
 */
export async function convidar(ctx: ContextoDaIdentidade, req: FastifyRequest, dados: { pessoaId: number; email: string }): Promise<ConviteCriado> {
  const email = dados.email.toLowerCase();
  const token = tokenAleatorio();
  const quem = req.usuario!;
  const { convite, nome } = await ctx.db.transaction(async (tx) => {
    const p = await pessoaDoConvite(tx, dados.pessoaId);
    const anonimizada = await tx.execute(sql`SELECT 1 FROM anonimizacoes WHERE pessoa_id = ${p.id}`);
    if (anonimizada.rows.length) throw conflict(MSG_PESSOA_ANONIMIZADA);
    await conferirContaNova(tx, p.id, email);
    const agora = new Date();
    await encerrarConvitesPendentes(tx, p.id, agora);
    const expiraEm = new Date(agora.getTime() + ctx.config.portal.conviteHoras * 3_600_000);
    const [c] = await tx
      .insert(portalConvites)
      .values({ pessoaId: p.id, email, tokenHash: sha256(token), criadoPor: quem.id, criadoEm: agora, expiraEm })
      .returning();
    await registrarLog(tx, quem.email, 'PortalConvite', c.id, 'INSERT', { id: c.id, pessoaId: p.id, email, expiraEm: expiraEm.toISOString() });
    return { convite: c, nome: p.nome };
  });
  try {
    await ctx.mailer.send(email, `${ctx.config.settings.mercado} - Convite para o portal do produtor`, textoDoConvite(ctx, nome, token));
  } catch (err) {
    req.log.error({ err }, 'falha ao enviar o e-mail do convite do portal');
    throw new HttpError(503, MSG_CONVITE_SEM_EMAIL);
  }
  return { id: convite.id, pessoaId: convite.pessoaId, email, expiraEm: convite.expiraEm.toISOString() };
}

function textoDoConvite(ctx: ContextoDaIdentidade, nome: string, token: string) {
  const base = enderecoPublico(ctx.config);
  const horas = ctx.config.portal.conviteHoras;
  return [
    `Olá, ${nome}.`,
    '',
    `O ${ctx.config.settings.mercado} convidou você para o portal do produtor, onde você avisa as cargas antes de chegar à portaria e consulta os seus romaneios, boletins e inspeções.`,
    `Para criar a sua senha, abra o link abaixo. Ele vale por ${horas === 1 ? '1 hora' : `${horas} horas`} e pode ser usado uma única vez:`,
    '',
    `${base}/portal/convite?token=${token}`,
    '',
    `Depois, entre em ${base}/portal com este e-mail e a senha que escolher.`,
    'Se você não esperava este convite, ignore este e-mail.',
  ].join('\n');
}

/** GET /api/portal/convites?pessoaId=: the person's portal account, if any, and his invitations (newest first). */
export async function portalDaPessoa(ctx: ContextoDaIdentidade, pessoaId: number): Promise<PortalDaPessoa> {
  const [p] = await ctx.db.select({ id: pessoa.id }).from(pessoa).where(eq(pessoa.id, pessoaId));
  if (!p) throw naoEncontrado(TITULAR_MSG.pessoaNaoEncontrada);
  const [conta] = await ctx.db.select().from(usuarios).where(eq(usuarios.pessoaId, pessoaId));
  const convites = await ctx.db.select().from(portalConvites).where(eq(portalConvites.pessoaId, pessoaId)).orderBy(desc(portalConvites.criadoEm));
  return {
    conta: conta
      ? { email: conta.email, origem: conta.senhaHash === SEM_SENHA ? 'govbr' : 'convite', ativo: conta.ativo, criadaEm: conta.criadoEm.toISOString() }
      : null,
    convites: convites.map((c) => ({
      id: c.id,
      email: c.email,
      criadoEm: c.criadoEm.toISOString(),
      expiraEm: c.expiraEm.toISOString(),
      aceitoEm: c.aceitoEm?.toISOString() ?? null,
    })),
  };
}

/** The key under which invalid invitation tokens are counted per address (the sign-in's attempts table, throttle.ts). */
const CHAVE_DOS_ACEITES = 'portal:convite';

/** A valid invitation (unused, unexpired) of this token, with its person's name. */
async function conviteDoToken(tx: Tx, token: string) {
  const [c] = await tx
    .select({ id: portalConvites.id, pessoaId: portalConvites.pessoaId, email: portalConvites.email, nome: pessoa.nome })
    .from(portalConvites)
    .innerJoin(pessoa, eq(pessoa.id, portalConvites.pessoaId))
    .where(and(eq(portalConvites.tokenHash, sha256(token)), isNull(portalConvites.aceitoEm), gt(portalConvites.expiraEm, new Date())));
  return c ?? null;
}

/**
 * POST /api/portal/convites/aceitar: the producer's password makes his portal account (role produtor, his person,
 * the invitation's e-mail). The password follows `senhaNova` and may not hold his name, his e-mail or the market's
 * (recusaDaSenha, as 'Alterar senha'). The invitation is taken by one conditional UPDATE, so of two accepts of one
 * link the database lets one through. Invalid tokens are counted per address: past LOGIN_MAX_ATTEMPTS in
 * LOGIN_WINDOW_MS the address waits (429), so links cannot be tried in bulk.
 */
export async function aceitarConvite(ctx: ContextoDaIdentidade, req: FastifyRequest, dados: AceitarConviteInput): Promise<{ email: string }> {
  const { loginMaxAttempts: max, loginWindowMs: janela } = ctx.config;
  if ((await tentativasDoPar(ctx.db, CHAVE_DOS_ACEITES, req.ip, janela)) >= max) throw new HttpError(429, MSG_TENTATIVAS);
  const invalido = async () => {
    await contarTentativa(ctx.db, CHAVE_DOS_ACEITES, req.ip, janela);
    eventoDeSeguranca(req.log, 'entrada-recusada', { endereco: req.ip, motivo: 'convite-do-portal-invalido' });
    return badRequest(MSG_CONVITE_INVALIDO);
  };
  const c = await conviteDoToken(ctx.db, dados.token);
  if (!c) throw await invalido();
  const recusa = recusaDaSenha(dados.senha, { email: c.email, nome: c.nome }, ctx.config);
  if (recusa) throw badRequest(recusa, [{ field: 'senha', message: recusa }]);
  const senhaHash = await hashSenha(dados.senha);
  const aceito = await ctx.db.transaction(async (tx) => {
    const [tomado] = await tx
      .update(portalConvites)
      .set({ aceitoEm: new Date() })
      .where(and(eq(portalConvites.id, c.id), isNull(portalConvites.aceitoEm), gt(portalConvites.expiraEm, new Date())))
      .returning();
    if (!tomado) return null;
    await conferirContaNova(tx, c.pessoaId, c.email, MSG_JA_TEM_CONTA);
    const [u] = await tx
      .insert(usuarios)
      .values({ nome: c.nome, email: c.email, senhaHash, roles: [PAPEL_PRODUTOR], pessoaId: c.pessoaId })
      .returning();
    await encerrarConvitesPendentes(tx, c.pessoaId);
    await registrarLog(tx, u.email, 'Usuario', u.id, 'INSERT', {
      id: u.id,
      nome: u.nome,
      email: u.email,
      ativo: u.ativo,
      roles: u.roles,
      pessoaId: c.pessoaId,
      origem: 'convite',
    });
    return u;
  });
  if (!aceito) throw await invalido();
  return { email: aceito.email };
}
