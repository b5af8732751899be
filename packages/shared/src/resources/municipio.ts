import { z } from 'zod';
import { idOpcional, texto } from '../z';

export const municipioInput = z.object({
  id: idOpcional,
  nome: texto('O nome é obrigatório', 200, 'O nome dete ter no máximo 200 caracteres'),
  sigla: texto('A sigla é obrigatório', 2, 'A sigla dete ter no máximo 2 caracteres'),
});
export type MunicipioInput = z.input<typeof municipioInput>;
export type Municipio = { id: number; nome: string; sigla: string };
