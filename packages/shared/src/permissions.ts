import { z } from 'zod';

/** The side menu's route names (SPEC.md section 2), in menu order, plus the user administration. */
export const ROTAS = [
  'romaneio',
  'loja',
  'cotacao',
  'boletim',
  'pessoa',
  'propriedade',
  'produto',
  'produtoGrupo',
  'pedra',
  'precos',
  'vaf',
  'estacionamento',
  'municipio',
  'rotas',
  'permissoes',
  'logs',
  'usuarios',
] as const;
export type RotaNome = (typeof ROTAS)[number];

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

export const permissao = z.object({
  id: z.number().int().positive().optional(),
  rotaId: z.number({ error: 'A rota é obrigatória' }).int().positive('A rota é obrigatória'),
  rotaNome: z.string().optional(),
  criar: z.boolean().default(false),
  editar: z.boolean().default(false),
  deletar: z.boolean().default(false),
  visualizar: z.boolean().default(false),
});
export type Permissao = z.infer<typeof permissao>;

/** What a signed-in user may do, keyed by route name. */
export type PermissoesPorRota = Partial<Record<string, { criar: boolean; editar: boolean; deletar: boolean; visualizar: boolean }>>;

export function pode(perms: PermissoesPorRota | undefined, rota: string, acao: Acao): boolean {
  return Boolean(perms?.[rota]?.[acao]);
}
