/** Roles, actions and permission checks without zod, so the public pages' bundle stays small. */

export const ACOES = ['visualizar', 'criar', 'editar', 'deletar'] as const;
export type Acao = (typeof ACOES)[number];

/** Roles as the identity token carries them, and the permission group each one maps to. */
export const ROLE_GRUPO = { 'user-admin': 1, 'user-agro': 2, 'super-admin': 3, encarregado: 4 } as const;
/**
 * Which role's group wins when a user has several, strongest first: the super-admin, then the encarregado (who
 * answers the holders' requests: decision 0228), then agronomy, then the administrative staff.
 */
const PRECEDENCIA: readonly string[] = ['super-admin', 'encarregado', 'user-agro', 'user-admin'];
export type Role = keyof typeof ROLE_GRUPO;
export const ROLES = Object.keys(ROLE_GRUPO) as Role[];
/** Each role as the users' screen names it (a new role without a name does not compile). */
export const NOME_PAPEL: Record<Role, string> = {
  'user-admin': 'Administrativo (user-admin)',
  'user-agro': 'Agronomia (user-agro)',
  'super-admin': 'Super administrador (super-admin)',
  encarregado: 'Encarregado de dados pessoais (encarregado)',
};

/** The group of the strongest role (PRECEDENCIA); null when no role gives a profile. */
export function grupoDosPapeis(roles: readonly string[]): number | null {
  const r = PRECEDENCIA.find((p) => roles.includes(p));
  return r ? (ROLE_GRUPO as Record<string, number>)[r] : null;
}

/** What a signed-in user may do, keyed by route name. */
export type PermissoesPorRota = Partial<Record<string, { criar: boolean; editar: boolean; deletar: boolean; visualizar: boolean }>>;

export function pode(perms: PermissoesPorRota | undefined, rota: string, acao: Acao): boolean {
  return Boolean(perms?.[rota]?.[acao]);
}
