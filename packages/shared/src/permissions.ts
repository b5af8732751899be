import { z } from 'zod';

export * from './papeis';

type Flags = { readonly criar: boolean; readonly editar: boolean; readonly deletar: boolean; readonly visualizar: boolean };
const TUDO: Flags = { criar: true, editar: true, deletar: true, visualizar: true };
const VER: Flags = { criar: false, editar: false, deletar: false, visualizar: true };

/**
 * Every route name (the permission table's names: docs/produto/telas.md's side menu, in menu order, plus
 * the user administration) and what the seeded groups 1 'Administrativo' (user-admin) and 2 'Agronomia'
 * (user-agro) may do on it on first start; group 3 'Super Administrador' may do everything. A route name
 * is a permission before it has screens: a resource declaration (recurso.ts) names one of these.
 */
export const ROTAS_INICIAIS = {
  romaneio: { administrativo: TUDO },
  loja: { administrativo: TUDO },
  cotacao: { administrativo: TUDO },
  boletim: { administrativo: VER, agronomia: TUDO },
  pessoa: { administrativo: TUDO, agronomia: TUDO },
  propriedade: { administrativo: VER, agronomia: TUDO },
  produto: { administrativo: TUDO, agronomia: TUDO },
  produtoGrupo: { administrativo: TUDO, agronomia: TUDO },
  pedra: { administrativo: TUDO },
  precos: { administrativo: TUDO, agronomia: VER },
  precosDia: { administrativo: TUDO, agronomia: VER },
  vaf: { administrativo: VER, agronomia: VER },
  recall: { administrativo: VER },
  // The inspector: the agronomy group (user-agro) and the super-admin (decision 0185).
  inspecao: { agronomia: TUDO },
  estacionamento: { administrativo: TUDO },
  municipio: { administrativo: { ...TUDO, deletar: false }, agronomia: VER },
  feriado: { administrativo: TUDO, agronomia: VER },
  rotas: {},
  permissoes: {},
  logs: {},
  backups: {},
  usuarios: {},
  // The holders' requests, their data, the read log and the incidents (LGPD): the encarregado (decision 0228).
  titular: { encarregado: TUDO },
} as const satisfies Record<string, { administrativo?: Flags; agronomia?: Flags; encarregado?: Flags }>;

export type RotaNome = keyof typeof ROTAS_INICIAIS;
/** The route names in menu order. */
export const ROTAS = Object.keys(ROTAS_INICIAIS) as RotaNome[];

/** What a seeded group may do on first start, per route name (only the routes it may use). */
export function permissoesIniciais(grupo: 'administrativo' | 'agronomia' | 'encarregado'): Partial<Record<RotaNome, Flags>> {
  const r: Partial<Record<RotaNome, Flags>> = {};
  for (const rota of ROTAS) {
    const f = (ROTAS_INICIAIS[rota] as { administrativo?: Flags; agronomia?: Flags; encarregado?: Flags })[grupo];
    if (f) r[rota] = f;
  }
  return r;
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
