import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usuarioIdParam, usuariosRecurso, usuarioRegistro, usuarioUpdate, type Usuario } from '@ceasa/shared';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/errors';
import { recursoRoutes } from '../../lib/routes';
import { quem } from '../../lib/audit';
import { eventoDeSeguranca } from '../../lib/eventos';
import { enviarReset } from '../../identity/reset';
import { semSenhaNoModoExterno } from '../../identity/sessao-web.routes';
import { revogarSessoesDoUsuario, type UsuarioRow } from '../../identity/tokens';
import { usuariosList, usuariosRepository } from './usuarios.repository';

const dto = (u: UsuarioRow): Usuario => ({
  id: u.id,
  nome: u.nome,
  email: u.email,
  ativo: u.ativo,
  roles: u.roles,
  criadoEm: u.criadoEm.toISOString(),
});

/**
 * User administration for the super-admin (route name 'usuarios'): list, roles, enable/disable,
 * send a reset link. Password hashes never leave the server.
 */
export default function usuariosRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Usuários'];
  const ver = { rota: 'usuarios', acao: 'visualizar' } as const;
  const editar = { rota: 'usuarios', acao: 'editar' } as const;

  const repo = usuariosRepository(db);

  recursoRoutes(app, db, usuariosRecurso, { lista: usuariosList, page: repo.listar });

  r.get(
    '/usuarios/:id',
    { schema: { tags, summary: 'Um usuário', params: usuarioIdParam, response: { 200: usuarioRegistro } }, config: { acesso: ver } },
    async (req) => dto(await repo.ler(req.params.id)),
  );

  r.put(
    '/usuarios/:id',
    {
      schema: { tags, summary: 'Altera perfis e/ou ativa/desativa', params: usuarioIdParam, body: usuarioUpdate, response: { 200: usuarioRegistro } },
      config: { acesso: editar },
    },
    async (req) => {
      const { roles, ativo } = req.body;
      const mudancas: Partial<Pick<UsuarioRow, 'roles' | 'ativo'>> = {};
      if (roles) mudancas.roles = [...new Set(roles)];
      if (ativo !== undefined) mudancas.ativo = ativo;
      const r = dto(
        await repo.alterar(
          quem(req),
          req.params.id,
          mudancas,
          (antes) => {
            if (antes.id === req.usuario?.id) {
              if (roles && antes.roles.includes('super-admin') && !roles.includes('super-admin'))
                throw badRequest('Você não pode remover o seu próprio perfil de super-admin.');
              if (ativo === false) throw badRequest('Você não pode desativar a sua própria conta.');
            }
          },
          async (tx, depois) => {
            if (depois.ativo === false) await revogarSessoesDoUsuario(tx, depois.id);
          },
        ),
      );
      // A disabled account's sessions were revoked in the transaction, now committed; new roles apply
      // to the next call of every open session (plugins/auth.ts reads the current roles).
      if (ativo === false || roles) app.esquecerSessoes();
      eventoDeSeguranca(req.log, 'papeis-alterados', {
        conta: req.usuario?.email,
        endereco: req.ip,
        alvo: r.email,
        papeis: r.roles.join(','),
        ativo: r.ativo,
      });
      return r;
    },
  );

  r.post(
    '/usuarios/:id/reset',
    {
      schema: { tags, summary: 'Envia ao usuário o e-mail de redefinição de senha', params: usuarioIdParam },
      config: { acesso: editar },
      // No passwords here in external identity mode: the provider resets them (decision 0118).
      onRequest: semSenhaNoModoExterno(ctx),
    },
    async (req, reply) => {
      const u = await repo.ler(req.params.id);
      if (!u.ativo) throw badRequest('O usuário está desativado. Ative a conta antes de enviar a redefinição de senha.');
      await enviarReset(ctx, req, u, quem(req));
      return reply.code(204).send();
    },
  );
}
