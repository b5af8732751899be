import { asc, eq, sql } from 'drizzle-orm';
import type { GrupoPermissoes, GrupoPermissoesInput, Permissao } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { grupoPermissoes, permissoes, rotas } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { notFound } from '../../lib/errors';
import type { ListSpec } from '../../lib/list';

export const grupoPermissoesList: ListSpec<{ id: number; nome: string }> = {
  select: sql`g.id, g.nome`,
  from: sql`grupo_permissoes g`,
  fields: { id: { expr: sql`g.id`, filter: 'contains' }, nome: { expr: sql`g.nome`, filter: 'text' } },
  defaultSort: { field: 'id', dir: 'asc' },
};

const NAO_ENCONTRADO = 'Grupo de permissões não encontrado';

/** A permission group and its per-route flags, saved together (one audit row per change). */
export function grupoPermissoesRepository(db: Db, aoMudar: () => void) {
  async function get(t: Tx, id: number): Promise<GrupoPermissoes> {
    const [g] = await t.select().from(grupoPermissoes).where(eq(grupoPermissoes.id, id));
    if (!g) throw notFound(NAO_ENCONTRADO);
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
    return { id: g.id, nome: g.nome, permissoes: perms };
  }

  async function gravarPermissoes(t: Tx, grupoId: number, lista: Permissao[]) {
    await t.delete(permissoes).where(eq(permissoes.grupoId, grupoId));
    const porRota = new Map<number, Permissao>();
    for (const p of lista) porRota.set(p.rotaId, p);
    if (porRota.size)
      await t.insert(permissoes).values(
        [...porRota.values()].map((p) => ({ grupoId, rotaId: p.rotaId, criar: p.criar, editar: p.editar, deletar: p.deletar, visualizar: p.visualizar })),
      );
  }

  const resumo = (g: GrupoPermissoes) => ({
    id: g.id,
    nome: g.nome,
    permissoes: g.permissoes.map((p) => `${p.rotaNome}:${[p.visualizar && 'V', p.criar && 'C', p.editar && 'E', p.deletar && 'D'].filter(Boolean).join('')}`),
  });

  return {
    get: (id: number) => get(db, id),
    async create(usuario: string, input: GrupoPermissoesInput & { permissoes: Permissao[] }) {
      const g = await db.transaction(async (t) => {
        const [row] = await t.insert(grupoPermissoes).values({ nome: input.nome }).returning();
        await gravarPermissoes(t, row.id, input.permissoes);
        const novo = await get(t, row.id);
        await registrarLog(t, usuario, 'GrupoPermissoes', row.id, 'INSERT', resumo(novo));
        return novo;
      });
      aoMudar();
      return g;
    },
    async update(usuario: string, id: number, input: GrupoPermissoesInput & { permissoes: Permissao[] }) {
      const g = await db.transaction(async (t) => {
        const antes = await get(t, id);
        await t.update(grupoPermissoes).set({ nome: input.nome }).where(eq(grupoPermissoes.id, id));
        await gravarPermissoes(t, id, input.permissoes);
        const novo = await get(t, id);
        await registrarLog(t, usuario, 'GrupoPermissoes', id, 'UPDATE', resumo(novo), resumo(antes));
        return novo;
      });
      aoMudar();
      return g;
    },
    async remove(usuario: string, id: number) {
      await db.transaction(async (t) => {
        const antes = await get(t, id);
        await t.delete(grupoPermissoes).where(eq(grupoPermissoes.id, id));
        await registrarLog(t, usuario, 'GrupoPermissoes', id, 'DELETE', resumo(antes));
      });
      aoMudar();
    },
  };
}
