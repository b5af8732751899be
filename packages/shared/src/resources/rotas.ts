import { z } from 'zod';
import { versaoEntrada } from '../versao';
import { idOpcional, texto } from '../z';
import { declararRecurso, type RegistroDe } from '../recurso';

export const rotaInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('A rota é obrigatória', 200, 'A rota deve ter no máximo 200 caracteres'),
});
export type RotaInput = z.input<typeof rotaInput>;
export type Rota = RegistroDe<typeof rotasRecurso>;

export const rotasRecurso = declararRecurso({
  rota: 'rotas',
  nome: { singular: 'Rota', plural: 'Rotas', genero: 'f' },
  icone: 'pi pi-sitemap',
  menu: 'Rotas',
  api: { buscaPorTermo: 'nome', entrada: rotaInput },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter rotas' },
  campos: { id: { rotulo: 'Código', formulario: false, filtro: true, largura: '10rem' }, nome: { rotulo: 'Nome' } },
  lista: { imprimirCodigos: true },
});
