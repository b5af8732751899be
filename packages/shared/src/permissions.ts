import { z } from 'zod';

export * from './papeis';

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
