import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { usuarioRecurso, usuarioRegistro, usuarioUpdate, type Page, type Usuario } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { usuarios } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { badRequest, naoEncontrado } from '../../lib/errors';
import { listPage, type ListParams, type ListSpec } from '../../lib/list';
import { recursoRoutes } from '../../lib/routes';
import { quem } from '../../plugins/auth';
import { enviarReset } from '../../identity/reset';
import { revogarSessoesDoUsuario, type UsuarioRow } from '../../identity/tokens';

const MSG_NAO_ENCONTRADO = usuarioRecurso.rotulos.naoEncontrado;

const usuariosList: ListSpec<Usuario> = {
  select: sql`u.id, u.nome, u.email, u.ativo, u.roles, u.criado_em AS "criadoEm"`,
  from: sql`usuarios u`,
  fields: {
    id: { expr: sql`u.id`, filter: 'eq' },
    nome: { expr: sql`u.nome`, filter: 'text' },
    email: { expr: sql`u.email`, filter: 'text' },
    ativo: { expr: sql`u.ativo`, filter: 'bool' },
    roles: { expr: sql`array_to_string(u.roles, ',')` },
    criadoEm: { expr: sql`u.criado_em`, filter: 'timestamp' },
  },
  defaultSort: { field: 'nome', dir: 'asc' },
};

/** The list of users filtered by one role (`sem-perfil`: users without any role). */
function porPapel(role: unknown): ListSpec<Usuario> {
  if (typeof role !== 'string' || !role.trim()) return usuariosList;
  const where = role === 'sem-perfil' ? sql`cardinality(u.roles) = 0` : sql`${role.trim()} = ANY(u.roles)`;
  return { ...usuariosList, where };
}

const dto = (u: UsuarioRow): Usuario => ({
  id: u.id,
  nome: u.nome,
  email: u.email,
  ativo: u.ativo,
  roles: u.roles,
  criadoEm: u.criadoEm.toISOString(),
});
const auditavel = (u: UsuarioRow) => ({ id: u.id, nome: u.nome, email: u.email, ativo: u.ativo, roles: u.roles });

const uuidParam = z.object({ id: z.uuid('Código inválido') });

/**
 * User administration for the super-admin (route name 'usuarios'): list, roles, enable/disable,
 * send a reset link. Password hashes never leave the server.
 */
export function usuariosRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Usuários'];
  const ver = { rota: 'usuarios', acao: 'visualizar' } as const;
  const editar = { rota: 'usuarios', acao: 'editar' } as const;

  const listar = (p: ListParams): Promise<Page<Usuario>> => {
    const { role, ...filters } = p.filters ?? {};
    return listPage(db, porPapel(role), { ...p, filters });
  };

  recursoRoutes(app, db, usuarioRecurso, { lista: usuariosList, page: listar });

  async function carregar(id: string) {
    const [u] = await db.select().from(usuarios).where(eq(usuarios.id, id));
    if (!u) throw naoEncontrado(MSG_NAO_ENCONTRADO);
    return u;
  }

  r.get(
    '/usuarios/:id',
    { schema: { tags, summary: 'Um usuário', params: uuidParam, response: { 200: usuarioRegistro } }, config: { acesso: ver } },
    async (req) => dto(await carregar(req.params.id)),
  );

  r.put(
    '/usuarios/:id',
    {
      schema: { tags, summary: 'Altera perfis e/ou ativa/desativa', params: uuidParam, body: usuarioUpdate, response: { 200: usuarioRegistro } },
      config: { acesso: editar },
    },
    async (req) => {
      const { roles, ativo } = req.body;
      const r = await db.transaction(async (tx) => {
        const [antes] = await tx.select().from(usuarios).where(eq(usuarios.id, req.params.id)).for('update');
        if (!antes) throw naoEncontrado(MSG_NAO_ENCONTRADO);
        if (antes.id === req.usuario?.id) {
          if (roles && antes.roles.includes('super-admin') && !roles.includes('super-admin'))
            throw badRequest('Você não pode remover o seu próprio perfil de super-admin.');
          if (ativo === false) throw badRequest('Você não pode desativar a sua própria conta.');
        }
        const mudancas: Partial<UsuarioRow> = {};
        if (roles) mudancas.roles = [...new Set(roles)];
        if (ativo !== undefined) mudancas.ativo = ativo;
        if (!Object.keys(mudancas).length) return dto(antes);
        const [depois] = await tx.update(usuarios).set(mudancas).where(eq(usuarios.id, antes.id)).returning();
        if (depois.ativo === false) await revogarSessoesDoUsuario(tx, depois.id);
        await registrarLog(tx, quem(req), 'Usuario', depois.id, 'UPDATE', auditavel(depois), auditavel(antes));
        return dto(depois);
      });
      // A disabled account's sessions were revoked in the transaction, now committed; new roles apply
      // to the next call of every open session (plugins/auth.ts reads the current roles).
      if (ativo === false || roles) app.esquecerSessoes();
      return r;
    },
  );

  r.post(
    '/usuarios/:id/reset',
    { schema: { tags, summary: 'Envia ao usuário o e-mail de redefinição de senha', params: uuidParam }, config: { acesso: editar } },
    async (req, reply) => {
      const u = await carregar(req.params.id);
      if (!u.ativo) throw badRequest('O usuário está desativado. Ative a conta antes de enviar a redefinição de senha.');
      await enviarReset(ctx, req, u, quem(req));
      return reply.code(204).send();
    },
  );
}
