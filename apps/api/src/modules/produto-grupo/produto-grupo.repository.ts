import { sql } from 'drizzle-orm';
import type { ProdutoGrupo, ProdutoGrupoBoletimRow, ProdutoGrupoOpcao } from '@ceasa/shared';
import type { Db } from '../../db/client';
import { produtoGrupo } from '../../db/schema';
import { repositorioPadrao } from '../../lib/crud';
import { chaveDeOrdem, colunas, listRowOrThrow, opcoesPorNome, type ListSpec } from '../../lib/list';

export const produtoGrupoList: ListSpec<ProdutoGrupo> = {
  select: sql`g.id, g.versao, g.nome, g.un_padrao AS "unPadrao"`,
  from: sql`produto_grupo g`,
  fields: colunas('g', { id: 'contains', nome: 'text', unPadrao: 'text' }),
  aliases: { un_padrao: 'unPadrao', produtoGrupoUn: 'unPadrao' },
  defaultSort: { field: 'nome', dir: 'asc' },
};

const NAO_ENCONTRADO = 'Grupo de produto não encontrado';

/** A simple resource: the generic repository, plus its dropdown and its report. */
export function produtoGrupoRepository(db: Db) {
  const { crud, ...generico } = repositorioPadrao(db, {
    table: produtoGrupo,
    cadastro: 'ProdutoGrupo',
    naoEncontrado: NAO_ENCONTRADO,
    unicos: { produto_grupo_nome_uq: { mensagem: 'Já existe um grupo de produto com este nome.', campos: ['nome'] } },
    ler: (t, id): Promise<ProdutoGrupo> => listRowOrThrow(t, produtoGrupoList, id, NAO_ENCONTRADO),
  });
  return {
    ...generico,
    /** Every group, id and name, by name (dropdowns). */
    opcoes: (): Promise<ProdutoGrupoOpcao[]> => opcoesPorNome(db, produtoGrupo),
    /** 'Boletins por grupo de produto': one row per bulletin item whose product is in the group. */
    async boletins(grupoId: number): Promise<ProdutoGrupoBoletimRow[]> {
      await crud.ler(db, grupoId);
      const r = await db.execute(sql`
        SELECT b.id AS "boletimId", pp.nome AS propriedade, ps.nome AS produtor, ps.celular,
               pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem",
               b.data_emissao AS "dataEmissao", bi.fim_colheita AS "fimColheita"
        FROM boletim_itens bi
        JOIN produto pr ON pr.id = bi.produto_id
        JOIN boletim b ON b.id = bi.boletim_id
        JOIN propriedade pp ON pp.id = b.propriedade_id
        JOIN pessoa ps ON ps.id = b.produtor_id
        WHERE pr.produto_grupo_id = ${grupoId}
        ORDER BY b.data_emissao DESC, b.id DESC, ${chaveDeOrdem(sql`pr.nome`)}, bi.id`);
      return r.rows as ProdutoGrupoBoletimRow[];
    },
  };
}
