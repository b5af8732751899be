import { asc, eq, sql } from 'drizzle-orm';
import { opcoesDeProduto, type Produto, type ProdutoInput, type ProdutoOpcao } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { produto, produtoGrupo, statusProduto } from '../../db/schema';
import { registrarLog } from '../../lib/audit';
import { checarReferencias, repositorioPadrao } from '../../lib/crud';
import { naoEncontrado } from '../../lib/errors';
import { chaveDeOrdem, colunas, listRowOrThrow, nomes, type ListSpec } from '../../lib/list';

type Filtros = Record<string, unknown>;

/**
 * A `produtoGrupo` filter may be the group's id, its name, or the dropdown's whole option:
 * an id becomes `produtoGrupoId` (exact), a name `produtoGrupoNome` (accent-insensitive contains).
 */
export function normalizarFiltroDeGrupo<T extends Filtros | null | undefined>(body: T): Filtros {
  const f: Filtros = { ...(body ?? {}) };
  let g = f.produtoGrupo;
  delete f.produtoGrupo;
  if (g && typeof g === 'object') {
    const o = g as { id?: unknown; nome?: unknown };
    g = o.id ?? o.nome;
  }
  if (g === null || g === undefined || g === '') return f;
  if (typeof g === 'number' || /^\d+$/.test(String(g).trim())) f.produtoGrupoId ??= String(g).trim();
  else f.produtoGrupoNome ??= String(g);
  return f;
}

type ProdutoRow = Omit<Produto, 'produtoGrupo'> & { produtoGrupoNome: string };
const comGrupo = (r: Record<string, unknown>): Produto => {
  const { produtoGrupoNome, ...p } = r as ProdutoRow;
  return { ...p, produtoGrupo: { id: p.produtoGrupoId, nome: produtoGrupoNome } };
};

export const produtoList: ListSpec<Produto> = {
  select: sql`pr.id, pr.versao, pr.nome, pr.embalagem, pr.peso_em_kg::float8 AS "pesoEmKg", pr.produto_grupo_id AS "produtoGrupoId", g.nome AS "produtoGrupoNome", pr.status`,
  from: sql`produto pr JOIN produto_grupo g ON g.id = pr.produto_grupo_id`,
  fields: {
    ...colunas('pr', { id: 'contains', nome: 'text', embalagem: 'text', pesoEmKg: 'contains', produtoGrupoId: 'id' }),
    ...nomes({ produtoGrupoNome: 'g' }),
    /** Sorting by the group column sorts by its name; filters arrive normalised (see normalizarFiltroDeGrupo). */
    produtoGrupo: { expr: sql`g.nome`, texto: true },
    status: { expr: sql`upper(pr.status)`, filter: 'eq' },
  },
  aliases: { peso: 'pesoEmKg', 'produtoGrupo.nome': 'produtoGrupoNome', 'produtoGrupo.id': 'produtoGrupoId' },
  defaultSort: { field: 'nome', dir: 'asc' },
  map: comGrupo,
};

/** The search body as the list helper wants it: group normalised, status upper case. */
export function normalizarFiltroDeProduto(body: Filtros | null | undefined): Filtros {
  const f = normalizarFiltroDeGrupo(body);
  if (typeof f.status === 'string') f.status = f.status.trim().toUpperCase();
  return f;
}

const NAO_ENCONTRADO = 'Produto não encontrado';

export function produtoRepository(db: Db) {
  /** The group and the status must exist: a 400 with the field's message, never a 409/500. */
  async function valores(t: Tx, input: ProdutoInput) {
    const status = input.status.trim().toUpperCase();
    await checarReferencias(t, [
      { coluna: produtoGrupo.id, valor: input.produtoGrupoId, campo: 'produtoGrupoId', mensagem: 'O grupo do produto deve estar na lista' },
      { coluna: statusProduto.nome, valor: status, campo: 'status', mensagem: 'O Status deve estar na lista' },
    ]);
    return { nome: input.nome, embalagem: input.embalagem, pesoEmKg: String(input.pesoEmKg ?? 1), produtoGrupoId: input.produtoGrupoId, status };
  }

  const { crud: _crud, ...generico } = repositorioPadrao(db, {
    table: produto,
    cadastro: 'Produto',
    naoEncontrado: NAO_ENCONTRADO,
    unicos: { produto_nome_embalagem_uq: { mensagem: 'Já existe um produto com este nome e esta embalagem.', campos: ['nome', 'embalagem'] } },
    ler: (t, id): Promise<Produto> => listRowOrThrow(t, produtoList, id, NAO_ENCONTRADO),
    valores,
  });

  return {
    ...generico,
    /** The deleting user's e-mail is attached to the record (userEmail) in its audit row. */
    async remover(usuario: string, id: number) {
      return db.transaction(async (t) => {
        const [row] = await t.delete(produto).where(eq(produto.id, id)).returning();
        if (!row) throw naoEncontrado(NAO_ENCONTRADO);
        await registrarLog(t, usuario, 'Produto', id, 'DELETE', { ...row, userEmail: usuario });
        return row;
      });
    },
    /** Dropdown options (id, nome, embalagem, pesoEmKg) cleaned by the shared rule. */
    async opcoes(): Promise<ProdutoOpcao[]> {
      const rows = await db
        .select({ id: produto.id, nome: produto.nome, embalagem: produto.embalagem, pesoEmKg: sql<number>`${produto.pesoEmKg}::float8` })
        .from(produto)
        .orderBy(asc(chaveDeOrdem(produto.nome)), asc(produto.id));
      return opcoesDeProduto(rows);
    },
    async opcoesDeStatus(): Promise<string[]> {
      const rows = await db.select({ nome: statusProduto.nome }).from(statusProduto).orderBy(asc(statusProduto.id));
      return rows.map((r) => r.nome);
    },
  };
}
