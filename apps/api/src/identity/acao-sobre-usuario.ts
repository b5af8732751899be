import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { usuarioIdParam } from '@ceasa/shared';
import type { Db, Tx } from '../db/client';
import { usuarios } from '../db/schema';
import { registrarLog } from '../lib/audit';
import { forbidden, naoEncontrado } from '../lib/errors';
import { eventoDeSeguranca, type TipoDeEvento } from '../lib/eventos';
import { revogarSessoesDoUsuario, type UsuarioRow } from './tokens';

/**
 * A super-admin's action on another person's account, at `caminho` (/usuarios/{id}/…; route 'usuarios', editar,
 * and the super-admin role, else 403 `proibido`): in one transaction the account is read (404 when there is none),
 * `agir` runs on it, all its sessions end and the audit trail records `registro`; then the security event `evento`
 * names the account, and the answer is 204.
 */
export function rotaSobreOutroUsuario(
  app: FastifyInstance,
  db: Db,
  o: {
    metodo: 'post' | 'delete';
    caminho: string;
    resumo: string;
    proibido: string;
    agir?: (tx: Tx, u: UsuarioRow) => Promise<void>;
    registro: Record<string, string>;
    evento: TipoDeEvento;
  },
) {
  app.withTypeProvider<ZodTypeProvider>()[o.metodo](
    o.caminho,
    {
      schema: { tags: ['Usuários'], summary: o.resumo, params: usuarioIdParam },
      config: { acesso: { rota: 'usuarios', acao: 'editar' } },
    },
    async (req, reply) => {
      const quem = req.usuario!;
      if (!quem.roles.includes('super-admin')) throw forbidden(o.proibido);
      const alvo = await db.transaction(async (tx) => {
        const [u] = await tx.select().from(usuarios).where(eq(usuarios.id, req.params.id));
        if (!u) throw naoEncontrado('Usuário não encontrado');
        await o.agir?.(tx, u);
        await revogarSessoesDoUsuario(tx, u.id);
        await registrarLog(tx, quem.email, 'Usuario', u.id, 'UPDATE', { id: u.id, email: u.email, ...o.registro });
        return u;
      });
      app.esquecerSessoes();
      eventoDeSeguranca(req.log, o.evento, { conta: quem.email, endereco: req.ip, alvo: alvo.email });
      return reply.code(204).send();
    },
  );
}
