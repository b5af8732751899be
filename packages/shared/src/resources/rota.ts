import { z } from 'zod';
import { idOpcional, texto } from '../z';

export const rotaInput = z.object({
  id: idOpcional,
  nome: texto('A rota é obrigatória', 200, 'A rota deve ter no máximo 200 caracteres'),
});
export type RotaInput = z.input<typeof rotaInput>;
export type Rota = { id: number; nome: string };
