import { z } from 'zod';
import { idOpcional, texto } from '../z';

export const pedraInput = z.object({
  id: idOpcional,
  numero: texto('O número da pedra é obrigatório', 200, 'O número deve ter no máximo 200 caracteres'),
});
export type PedraInput = z.input<typeof pedraInput>;
export type Pedra = { id: number; numero: string };
