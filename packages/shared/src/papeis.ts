/** Roles, actions and permission checks without zod, so the public pages' bundle stays small. */

export const ACOES = ['visualizar', 'criar', 'editar', 'deletar'] as const;
export type Acao = (typeof ACOES)[number];

/** Roles as the identity token carries them, and the permission group each one maps to. */
export const ROLE_GRUPO = { 'user-admin': 1, 'user-agro': 2, 'super-admin': 3 } as const;
export type Role = keyof typeof ROLE_GRUPO;
export const ROLES = Object.keys(ROLE_GRUPO) as Role[];

/** The highest group among the roles wins; null when no role gives a profile. */
export function grupoDosPapeis(roles: readonly string[]): number | null {
  let grupo: number | null = null;
  for (const r of roles) {
    const g = (ROLE_GRUPO as Record<string, number>)[r];
    if (g && (grupo === null || g > grupo)) grupo = g;
  }
  return grupo;
}

/** What a signed-in user may do, keyed by route name. */
export type PermissoesPorRota = Partial<Record<string, { criar: boolean; editar: boolean; deletar: boolean; visualizar: boolean }>>;

export function pode(perms: PermissoesPorRota | undefined, rota: string, acao: Acao): boolean {
  return Boolean(perms?.[rota]?.[acao]);
}
