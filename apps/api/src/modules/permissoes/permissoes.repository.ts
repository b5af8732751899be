import { asc, eq, sql } from 'drizzle-orm';
import type { GrupoPermissoes, GrupoPermissoesDados } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { grupoPermissoes, permissoes, rotas } from '../../db/schema';
import { repositorioPadrao, type Colecao } from '../../lib/crud';
import { naoEncontrado } from '../../lib/errors';
import { colunas, type ListSpec } from '../../lib/list';

export const grupoPermissoesList: ListSpec<{ id: number; nome: string }> = {
  select: sql`g.id, g.versao, g.nome`,
  from: sql`grupo_permissoes g`,
  fields: colunas('g', { id: 'contains', nome: 'text' }),
  defaultSort: { field: 'id', dir: 'asc' },
};

const NAO_ENCONTRADO = 'Grupo de permissões não encontrado';

/** A group's flags per route are its child rows: saved with the group by the shared master-detail save. */
export const colecaoPermissoes = {
  campo: 'permissoes',
  table: permissoes,
  cadastro: 'Permissoes',
  pai: permissoes.grupoId,
  item: 'Permissão',
} satisfies Colecao;

/** A permission group and its per-route flags, saved together (one audit row per changed record). */
export function grupoPermissoesRepository(db: Db, aoMudar: () => void) {
  async function ler(t: Tx, id: number): Promise<GrupoPermissoes> {
    const [g] = await t.select().from(grupoPermissoes).where(eq(grupoPermissoes.id, id));
    if (!g) throw naoEncontrado(NAO_ENCONTRADO);
    const perms = await t
      .select({
        id: permissoes.id,
        rotaId: permissoes.rotaId,
        rotaNome: rotas.nome,
        criar: permissoes.criar,
        editar: permissoes.editar,
        deletar: permissoes.deletar,
        visualizar: permissoes.visualizar,
      })
      .from(permissoes)
      .innerJoin(rotas, eq(rotas.id, permissoes.rotaId))
      .where(eq(permissoes.grupoId, id))
      .orderBy(asc(rotas.id));
    return { id: g.id, versao: g.versao, nome: g.nome, permissoes: perms };
  }

  /** The group's audit content: its name and, per route, the flags it holds ('logs:V', 'pessoa:VCED'). */
  const resumo = (g: GrupoPermissoes) => ({
    id: g.id,
    nome: g.nome,
    permissoes: g.permissoes.map((p) => `${p.rotaNome}:${[p.visualizar && 'V', p.criar && 'C', p.editar && 'E', p.deletar && 'D'].filter(Boolean).join('')}`),
  });

  const generico = repositorioPadrao(db, {
    table: grupoPermissoes,
    cadastro: 'GrupoPermissoes',
    naoEncontrado: NAO_ENCONTRADO,
    colecoes: [colecaoPermissoes],
    resumo: async (t, id) => resumo(await ler(t, id)),
    ler,
    /** The columns and the rows; a route's flags missing from a row are off. */
    valores: (_t, input: GrupoPermissoesDados) => ({
      nome: input.nome,
      permissoes: input.permissoes.map((p) => ({ id: p.id, rotaId: p.rotaId, criar: p.criar, editar: p.editar, deletar: p.deletar, visualizar: p.visualizar })),
    }),
  });
  // Every write changes what the permission checks read: they forget their cache afterwards.
  const depois = <T>(p: Promise<T>) => p.finally(aoMudar);

  return {
    ler: generico.ler,
    inserir: (usuario: string, input: GrupoPermissoesDados) => depois(generico.inserir(usuario, input)),
    alterar: (usuario: string, id: number, input: GrupoPermissoesDados) => depois(generico.alterar(usuario, id, input)),
    remover: (usuario: string, id: number) => depois(generico.remover(usuario, id)),
  };
}
