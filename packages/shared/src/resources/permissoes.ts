import { z } from 'zod';
import { versaoEntrada, versaoRegistro } from '../versao';
import { permissao } from '../permissions';
import { idOpcional, texto } from '../z';
import { declararRecurso } from '../recurso';

export const grupoPermissoesInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('O nome do grupo é obrigatório', 200, 'O nome do grupo deve ter no máximo 200 caracteres'),
  permissoes: z.array(permissao).default([]),
});
export type GrupoPermissoesInput = z.input<typeof grupoPermissoesInput>;
export type GrupoPermissoesDados = z.output<typeof grupoPermissoesInput>;
/** A group's flags on one route, as the API answers them (a child row of the group). */
export const permissaoRegistro = z.object({
  id: z.number().int(),
  rotaId: z.number().int(),
  rotaNome: z.string(),
  criar: z.boolean(),
  editar: z.boolean(),
  deletar: z.boolean(),
  visualizar: z.boolean(),
});
/** A row of the group list. */
export const grupoPermissoesLinha = z.object({ id: z.number().int(), versao: versaoRegistro, nome: z.string() });
/** A group with its flags per route (GET/POST/PUT grupoPermissoes). */
export const grupoPermissoesRegistro = grupoPermissoesLinha.extend({ permissoes: z.array(permissaoRegistro) });
export type GrupoPermissoes = z.infer<typeof grupoPermissoesRegistro>;

/** Permission groups (route name 'permissoes'): a group and its flags per route, saved together. */
export const permissoesRecurso = declararRecurso({
  rota: 'permissoes',
  nome: { singular: 'Grupo de permissões', plural: 'Grupos de Permissões', genero: 'm' },
  icone: 'pi pi-lock',
  menu: 'Permissões',
  api: {
    base: 'grupoPermissoes',
    buscaPorTermo: 'nome',
    linha: grupoPermissoesLinha,
    registro: grupoPermissoesRegistro,
    entrada: grupoPermissoesInput,
    tag: 'Grupos de permissões',
  },
  ordem: { campo: 'id', dir: 'asc' },
  rotulos: {
    plural: 'grupos',
    vazio: 'Nenhum grupo encontrado',
    erroObter: 'Erro ao obter grupos de permissões',
    erroRemover: 'Erro ao remover o grupo',
    entidade: 'grupo de permissões',
  },
  // Its form is its feature's: the group's flags per route.
  campos: { id: { rotulo: 'Código', formulario: false, filtro: true, largura: '10rem' }, nome: { rotulo: 'Nome' } },
  lista: { imprimirCodigos: true },
});
