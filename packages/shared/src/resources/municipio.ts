import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';
import { codigoIbgeEntrada } from './informacao';

export const municipioInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('O nome é obrigatório', 200, 'O nome dete ter no máximo 200 caracteres'),
  sigla: texto('A sigla é obrigatório', 2, 'A sigla dete ter no máximo 2 caracteres'),
  /** IBGE's 7-digit code (check digit validated); empty or absent: unknown. */
  codigoIbge: codigoIbgeEntrada,
});
export type MunicipioInput = z.input<typeof municipioInput>;
/** A municipality as the API answers it. */
export const municipioRegistro = z.object({
  id: z.number().int(),
  versao: versaoRegistro,
  nome: z.string(),
  sigla: z.string(),
  codigoIbge: z.string().nullable(),
});
export type Municipio = z.infer<typeof municipioRegistro>;

export const municipioRecurso = declararRecurso({
  rota: 'municipio',
  nome: { singular: 'Município', plural: 'Municípios', genero: 'm' },
  icone: 'pi pi-map-marker',
  api: {
    buscaPorTermo: 'nome',
    registro: municipioRegistro,
    entrada: municipioInput,
    // docs/produto/validacao.md: edit only (its module answers a DELETE with a 405 in words).
    remover: false,
    opcoes: { caminho: 'findAllBasic', rotulo: ['nome', 'sigla'] },
  },
  ordem: { campo: 'nome', dir: 'asc' },
  campos: {
    nome: { rotulo: 'Nome' },
    sigla: { rotulo: 'Sigla - Estado', coluna: 'Sigla' },
    // Empty: filled from IBGE's list by name and state when saved (decision 0191).
    codigoIbge: { rotulo: 'Código IBGE' },
  },
});
