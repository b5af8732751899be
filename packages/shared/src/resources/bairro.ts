import { z } from 'zod';
import { idOpcional, referencia, texto } from '../z';
import { versaoEntrada } from '../versao';
import { declararRecurso } from '../recurso';

/** A neighbourhood of a municipality: a flat resource, its rules and its screens are this declaration. */
export const bairroRecurso = declararRecurso({
  rota: 'bairro',
  nome: { singular: 'Bairro', genero: 'm' },
  icone: 'pi pi-map',
  api: {
    entrada: z.object({
      id: idOpcional,
      versao: versaoEntrada,
      nome: texto('O nome é obrigatório', 200, 'O nome deve ter no máximo 200 caracteres'),
      municipioId: referencia('Município é obrigatório', 'O município deve ser selecionado', 'O município deve estar na lista'),
    }),
    plano: true,
    unicos: { bairro_nome_municipio_uq: { mensagem: 'Já existe um bairro com este nome neste município.', campos: ['nome', 'municipioId'] } },
  },
  ordem: { campo: 'nome', dir: 'asc' },
  campos: { nome: { rotulo: 'Nome' }, municipioId: { rotulo: 'Município' } },
});
