import { eq, sql } from 'drizzle-orm';
import { usuariosRecurso, type Page, type Usuario } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { usuarios } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { naoEncontrado } from '../../lib/errors';
import { colunas, listPage, type ListParams, type ListSpec } from '../../lib/list';
import type { UsuarioRow } from '../../identity/tokens';

const NAO_ENCONTRADO = usuariosRecurso.rotulos.naoEncontrado;

export const usuariosList: ListSpec<Usuario> = {
  select: sql`u.id, u.nome, u.email, u.ativo, u.roles, u.criado_em AS "criadoEm"`,
  from: sql`usuarios u`,
  fields: {
    ...colunas('u', { id: 'eq', nome: 'text', email: 'text', ativo: 'bool', criadoEm: 'timestamp' }),
    roles: { expr: sql`array_to_string(u.roles, ',')` },
  },
  defaultSort: { field: 'nome', dir: 'asc' },
};

/** The list of users filtered by one role (`sem-perfil`: users without any role). */
function porPapel(role: unknown): ListSpec<Usuario> {
  if (typeof role !== 'string' || !role.trim()) return usuariosList;
  const where = role === 'sem-perfil' ? sql`cardinality(u.roles) = 0` : sql`${role.trim()} = ANY(u.roles)`;
  return { ...usuariosList, where };
}

const auditavel = (u: UsuarioRow) => ({ id: u.id, nome: u.nome, email: u.email, ativo: u.ativo, roles: u.roles });

/** The user accounts as the super-admin manages them (password hashes never leave the server). */
export function usuariosRepository(db: Db) {
  return {
    /** A page of users; the `role` filter keeps those holding that role ('sem-perfil': none). */
    listar(p: ListParams): Promise<Page<Usuario>> {
      const { role, ...filters } = p.filters ?? {};
      return listPage(db, porPapel(role), { ...p, filters });
    },

    /** The account's row (404 when missing). */
    async ler(id: string): Promise<UsuarioRow> {
      const [u] = await db.select().from(usuarios).where(eq(usuarios.id, id));
      if (!u) throw naoEncontrado(NAO_ENCONTRADO);
      return u;
    },

    /**
     * Changes roles and/or the active flag in one transaction: `checar` sees the current row (locked)
     * and may refuse; `depois` runs in the same transaction after a change (e.g. revoking sessions).
     * One audit row per change; nothing to change answers the row as it is.
     */
    alterar(
      usuario: string,
      id: string,
      mudancas: Partial<Pick<UsuarioRow, 'roles' | 'ativo'>>,
      checar: (antes: UsuarioRow) => void,
      depois: (t: Tx, row: UsuarioRow) => Promise<void>,
    ): Promise<UsuarioRow> {
      return db.transaction(async (tx) => {
        const [antes] = await tx.select().from(usuarios).where(eq(usuarios.id, id)).for('update');
        if (!antes) throw naoEncontrado(NAO_ENCONTRADO);
        checar(antes);
        if (!Object.keys(mudancas).length) return antes;
        const [row] = await tx.update(usuarios).set(mudancas).where(eq(usuarios.id, antes.id)).returning();
        await depois(tx, row);
        await registrarLog(tx, usuario, 'Usuario', row.id, 'UPDATE', auditavel(row), auditavel(antes));
        return row;
      });
    },
  };
}
