import { z } from 'zod';
import { declararRecurso } from '../recurso';
import { MSG_CODIGO_INVALIDO } from '../z';

export const usuarioRegistro = z.object({
  id: z.string(),
  nome: z.string(),
  email: z.string(),
  ativo: z.boolean(),
  roles: z.array(z.string()),
  criadoEm: z.string(),
});
export type Usuario = z.infer<typeof usuarioRegistro>;

/** A user's id in a path (/usuarios/{id} and its actions): an account is named by a UUID. */
export const usuarioIdParam = z.object({ id: z.uuid(MSG_CODIGO_INVALIDO) });

export const usuarioUpdate = z.object({
  ativo: z.boolean().optional(),
  roles: z.array(z.enum(['user-admin', 'user-agro', 'super-admin', 'encarregado'], { error: 'Perfil inválido' })).optional(),
});
export type UsuarioUpdate = z.input<typeof usuarioUpdate>;

/** Filters of the user list (empty fields do not filter; role `sem-perfil`: users without a role). */
export const usuarioFiltro = z.object({
  nome: z.string().nullish(),
  email: z.string().nullish(),
  role: z.string().nullish(),
  ativo: z.union([z.boolean(), z.string()]).nullish(),
});
export type UsuarioFiltro = z.input<typeof usuarioFiltro>;

/**
 * User administration (the super-admin's /usuarios, docs/produto/acesso.md 'Identity'): a list from the
 * declaration; roles, enabling and reset links have their own routes (modules/usuarios/usuarios.routes.ts).
 */
export const usuariosRecurso = declararRecurso({
  rota: 'usuarios',
  nome: { singular: 'Usuário', plural: 'Usuários', genero: 'm' },
  icone: 'pi pi-users',
  menu: 'Usuários',
  api: { registro: usuarioRegistro, filtro: usuarioFiltro, tag: 'Usuários' },
  ordem: { campo: 'nome', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter usuários' },
});
