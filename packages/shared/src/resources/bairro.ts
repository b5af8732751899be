import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { idOpcional, referencia, texto } from '../z';
import { declararRecurso } from '../recurso';

/** A neighbourhood of a municipality: a flat resource, its rules are this declaration. */
export const bairroInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('O nome é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres'),
  municipioId: referencia('Município é obrigatório', 'O município deve ser selecionado', 'O município deve estar na lista'),
});
export type BairroInput = z.input<typeof bairroInput>;
export const bairroRegistro = z.object({ id: z.number().int(), versao: versaoRegistro, nome: z.string(), municipioId: z.number().int() });
export type Bairro = z.infer<typeof bairroRegistro>;

export const bairroRecurso = declararRecurso({
  rota: 'bairro',
  nome: { singular: 'Bairro', plural: 'Bairros', genero: 'm' },
  icone: 'pi pi-map',
  api: {
    registro: bairroRegistro,
    entrada: bairroInput,
    plano: true,
    unicos: { bairro_nome_municipio_uq: { mensagem: 'Já existe um bairro com este nome neste município.', campos: ['nome', 'municipioId'] } },
  },
  ordem: { campo: 'nome', dir: 'asc' },
});
