import { z } from 'zod';
import { versaoEntrada } from '../versao';
import { idOpcional, texto, filtroNumerico } from '../z';
import { declararRecurso, type RegistroDe } from '../recurso';

export const produtoGrupoInput = z.object({
  id: idOpcional,
  versao: versaoEntrada,
  nome: texto('O nome e obrigatorio', 200, 'O nome deve ter no maximo 200 caracteres'),
  unPadrao: texto('A embalagem e obrigatorio', 200, 'A embalagem deve ter no maximo 200 caracteres'),
});
export type ProdutoGrupoInput = z.input<typeof produtoGrupoInput>;
export type ProdutoGrupo = RegistroDe<typeof produtoGrupoRecurso>;

/** Per-column filters of the group list. */
export const produtoGrupoFiltro = z.object({
  id: filtroNumerico,
  nome: z.string().nullish(),
  unPadrao: z.string().nullish(),
});

/** A group dropdown option (GET produtoGrupo/produtosAll). */
export type ProdutoGrupoOpcao = { id: number; nome: string };

/** A row of the 'bulletins by product group' report (GET produtoGrupo/grupoId/{id}). */
export type ProdutoGrupoBoletimRow = {
  boletimId: number;
  propriedade: string;
  produtor: string;
  celular: string | null;
  produtoNome: string;
  produtoEmbalagem: string;
  dataEmissao: string;
  fimColheita: string;
};

export const produtoGrupoRecurso = declararRecurso({
  rota: 'produtoGrupo',
  nome: { singular: 'Grupo de Produto', plural: 'Grupos de Produto', genero: 'm' },
  icone: 'pi pi-sitemap',
  api: {
    buscaPorTermo: 'nome',
    entrada: produtoGrupoInput,
    filtro: produtoGrupoFiltro,
    tag: 'Grupo de produto',
    // A product's group is picked from these (produtoGrupoId).
    opcoes: { caminho: 'produtosAll', rotulo: ['nome'] },
  },
  ordem: { campo: 'nome', dir: 'asc' },
  rotulos: { erroObter: 'Erro ao obter grupos de produto' },
  campos: { nome: { rotulo: 'Nome' }, unPadrao: { rotulo: 'Un Padrão' } },
});
