import { z } from 'zod';
import { permissao, type Permissao } from '../permissions';
import { idOpcional, texto } from '../z';

export const grupoPermissoesInput = z.object({
  id: idOpcional,
  nome: texto('O nome do grupo é obrigatório', 200, 'O nome do grupo deve ter no máximo 200 caracteres'),
  permissoes: z.array(permissao).default([]),
});
export type GrupoPermissoesInput = z.input<typeof grupoPermissoesInput>;
export type GrupoPermissoes = { id: number; nome: string; permissoes: Required<Permissao>[] };
