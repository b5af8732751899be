import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { data, idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';

/** A holiday: a date the market does not open. */
export const feriadoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  data: data('A data é obrigatória', 'A data é inválida'),
  nome: texto('O nome é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres'),
});
export type FeriadoInput = z.input<typeof feriadoInput>;
export const feriadoRegistro = z.object({ id: z.number().int(), versao: versaoRegistro, data: z.string(), nome: z.string() });
export type Feriado = z.infer<typeof feriadoRegistro>;

export const feriadoRecurso = declararRecurso({
  rota: 'feriado',
  nome: { singular: 'Feriado', plural: 'Feriados', genero: 'm' },
  icone: 'pi pi-calendar-times',
  api: { registro: feriadoRegistro, entrada: feriadoInput },
  ordem: { campo: 'data', dir: 'desc' },
});
