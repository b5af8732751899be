import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';

export const rotaInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('A rota é obrigatória', 200, 'A rota deve ter no máximo 200 caracteres'),
});
export type RotaInput = z.input<typeof rotaInput>;
export const rotaRegistro = z.object({ id: z.number().int(), versao: versaoRegistro, nome: z.string() });
export type Rota = z.infer<typeof rotaRegistro>;

export const rotaRecurso = declararRecurso({
  rota: 'rotas',
  nome: { singular: 'Rota', plural: 'Rotas', genero: 'f' },
  icone: 'pi pi-sitemap',
  menu: 'Rotas',
  api: { buscaPorTermo: 'nome', registro: rotaRegistro, entrada: rotaInput },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter rotas' },
});
