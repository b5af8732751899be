import { eq, sql, type SQL } from 'drizzle-orm';
import {
  PRECO_MSG,
  PRECO_RESUMO_CAMPOS,
  type Page,
  type Preco,
  type PrecoHistorico,
  type PrecoInput,
  type PrecoResumo,
  type SortDir,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { precos, produto } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { condition, type ListField, type ListSpec } from '../../lib/list';
import { normalizarFiltroDeGrupo } from '../produto/produto.repository';

type PrecoRow = Omit<Preco, 'produto'> & { produtoPesoEmKg: number };
const aninhado = (r: Record<string, unknown>): Preco => {
  const { produtoPesoEmKg, ...p } = r as PrecoRow;
  return {
    ...p,
    produto: { nome: p.produtoNome, embalagem: p.produtoEmbalagem, pesoEmKg: produtoPesoEmKg, produtoGrupo: { id: p.produtoGrupoId, nome: p.produtoGrupoNome } },
  };
};

export const precoList: ListSpec<Preco> = {
  select: sql`p.id, p.valor::float8 AS valor, p.data, p.produto_id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem",
    pr.peso_em_kg::float8 AS "produtoPesoEmKg", pr.produto_grupo_id AS "produtoGrupoId", g.nome AS "produtoGrupoNome"`,
  from: sql`precos p JOIN produto pr ON pr.id = p.produto_id JOIN produto_grupo g ON g.id = pr.produto_grupo_id`,
  fields: {
    id: { expr: sql`p.id`, filter: 'contains' },
    valor: { expr: sql`p.valor`, filter: 'contains' },
    data: { expr: sql`p.data`, filter: 'date' },
    produtoId: { expr: sql`p.produto_id`, filter: 'eq' },
    produtoNome: { expr: sql`pr.nome`, filter: 'text' },
    produtoEmbalagem: { expr: sql`pr.embalagem`, filter: 'text' },
    produtoGrupoId: { expr: sql`pr.produto_grupo_id`, filter: 'eq' },
    produtoGrupoNome: { expr: sql`g.nome`, filter: 'text' },
    /** Sorting by the group column sorts by its name; filters arrive normalised (see normalizarFiltroDeGrupo). */
    produtoGrupo: { expr: sql`g.nome` },
  },
  aliases: {
    nome: 'produtoNome',
    embalagem: 'produtoEmbalagem',
    'produto.nome': 'produtoNome',
    'produto.embalagem': 'produtoEmbalagem',
    'produto.produtoGrupo.nome': 'produtoGrupoNome',
    'produto.produtoGrupo.id': 'produtoGrupoId',
  },
  defaultSort: { field: 'id', dir: 'asc' },
  map: aninhado,
};

export const normalizarFiltroDePreco = normalizarFiltroDeGrupo;

/**
 * The columns of the public quotation over the per-(group, date) aggregate `r` joined to its group
 * `g`. `antes`: the same column before the aggregation (group and date filters narrow the prices).
 */
const RESUMO: Record<(typeof PRECO_RESUMO_CAMPOS)[number], ListField & { antes?: SQL }> = {
  produtoGrupoId: { expr: sql`g.id`, filter: 'eq', antes: sql`pr.produto_grupo_id` },
  produtoGrupoNome: { expr: sql`g.nome`, filter: 'text', antes: sql`g.nome` },
  produtoGrupoUn: { expr: sql`g.un_padrao`, filter: 'text', antes: sql`g.un_padrao` },
  valorMinimo: { expr: sql`r.valor_minimo`, filter: 'contains' },
  valorMedio: { expr: sql`r.valor_medio`, filter: 'contains' },
  valorMaximo: { expr: sql`r.valor_maximo`, filter: 'contains' },
  precoData: { expr: sql`r.data`, filter: 'date', antes: sql`p.data` },
  valorKgMinimo: { expr: sql`r.valor_kg_minimo`, filter: 'contains' },
  valorKgMedio: { expr: sql`r.valor_kg_medio`, filter: 'contains' },
  valorKgMaximo: { expr: sql`r.valor_kg_maximo`, filter: 'contains' },
};
const RESUMO_ALIASES: Record<string, keyof typeof RESUMO> = {
  nome: 'produtoGrupoNome',
  produto: 'produtoGrupoNome',
  unPadrao: 'produtoGrupoUn',
  data: 'precoData',
  dataCotacao: 'precoData',
};
const campoResumo = (nome: string | undefined) =>
  nome ? (Object.hasOwn(RESUMO, nome) ? (nome as keyof typeof RESUMO) : RESUMO_ALIASES[nome]) : undefined;

const NAO_ENCONTRADO = 'Preço não encontrado';

export function precosRepository(db: Db) {
  const crud = auditedCrud(precos, 'Precos', NAO_ENCONTRADO);

  async function get(t: Tx, id: number): Promise<Preco> {
    const r = await t.execute(sql`SELECT ${precoList.select} FROM ${precoList.from} WHERE p.id = ${id}`);
    if (!r.rows.length) throw notFound(NAO_ENCONTRADO);
    return aninhado(r.rows[0] as Record<string, unknown>);
  }

  async function valores(t: Tx, input: PrecoInput) {
    const [p] = await t.select({ id: produto.id }).from(produto).where(eq(produto.id, input.produtoId as number));
    if (!p) throw badRequest(PRECO_MSG.produtoNaLista, [{ field: 'produtoId', message: PRECO_MSG.produtoNaLista }]);
    return { produtoId: input.produtoId as number, data: input.data, valor: (input.valor as number).toFixed(2) };
  }

  return {
    get: (id: number) => get(db, id),
    create: (usuario: string, input: PrecoInput): Promise<Preco> =>
      db.transaction(async (t) => {
        const row = await crud.create(db, usuario, await valores(t, input), t);
        return get(t, row.id);
      }),
    update: (usuario: string, id: number, input: PrecoInput): Promise<Preco> =>
      db.transaction(async (t) => {
        await crud.getOrThrow(t, id);
        await crud.update(db, usuario, id, await valores(t, input), t);
        return get(t, id);
      }),
    remove: (usuario: string, id: number) => crud.remove(db, usuario, id),

    /**
     * The public quotation: one row per (product group, price date) with the min/avg/max of that
     * day's prices of the group's products, and the same per kg. Sorting and paging apply after
     * the aggregation; filters on the group and the date apply before it.
     */
    async resumo(p: { filters?: Record<string, unknown> | null; sortField?: string; sortDir?: SortDir; page: number; size: number }): Promise<Page<PrecoResumo>> {
      const antes: SQL[] = [];
      const depois: SQL[] = [];
      for (const [nome, raw] of Object.entries(p.filters ?? {})) {
        const key = campoResumo(nome);
        if (!key) continue;
        const f = RESUMO[key];
        const c = condition(f.antes ? { ...f, expr: f.antes } : f, raw);
        if (c) (f.antes ? antes : depois).push(c);
      }
      const campo = campoResumo(p.sortField);
      const order = campo
        ? sql`ORDER BY ${RESUMO[campo].expr} ${p.sortDir === 'desc' ? sql`DESC` : sql`ASC`}, r.data DESC, g.nome ASC, g.id ASC`
        : sql`ORDER BY r.data DESC, g.nome ASC, g.id ASC`;
      const base = sql`
        FROM (SELECT pr.produto_grupo_id, p.data,
                     round(min(p.valor), 2) AS valor_minimo, round(avg(p.valor), 2) AS valor_medio, round(max(p.valor), 2) AS valor_maximo,
                     round(min(p.valor / pr.peso_em_kg), 2) AS valor_kg_minimo, round(avg(p.valor / pr.peso_em_kg), 2) AS valor_kg_medio,
                     round(max(p.valor / pr.peso_em_kg), 2) AS valor_kg_maximo
              FROM precos p JOIN produto pr ON pr.id = p.produto_id JOIN produto_grupo g ON g.id = pr.produto_grupo_id
              ${antes.length ? sql`WHERE ${sql.join(antes, sql` AND `)}` : sql``}
              GROUP BY pr.produto_grupo_id, p.data) r
        JOIN produto_grupo g ON g.id = r.produto_grupo_id
        ${depois.length ? sql`WHERE ${sql.join(depois, sql` AND `)}` : sql``}`;
      const [rows, count] = await Promise.all([
        db.execute(sql`
          SELECT g.id AS "produtoGrupoId", g.nome AS "produtoGrupoNome", g.un_padrao AS "produtoGrupoUn",
                 r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo",
                 r.data AS "precoData", r.valor_kg_minimo::float8 AS "valorKgMinimo", r.valor_kg_medio::float8 AS "valorKgMedio",
                 r.valor_kg_maximo::float8 AS "valorKgMaximo"
          ${base} ${order} LIMIT ${p.size} OFFSET ${p.page * p.size}`),
        db.execute(sql`SELECT count(*)::int AS n ${base}`),
      ]);
      const total = Number((count.rows[0] as { n: number }).n);
      return { content: rows.rows as PrecoResumo[], totalElements: total, totalPages: Math.ceil(total / p.size), number: p.page, size: p.size };
    },

    /** A group's daily min/avg/max over the `dias` days up to its latest price date (public chart). */
    async historico(grupoId: number, dias: number): Promise<PrecoHistorico[]> {
      const g = await db.execute(sql`SELECT 1 FROM produto_grupo WHERE id = ${grupoId}`);
      if (!g.rows.length) throw notFound('Grupo de produto não encontrado');
      const r = await db.execute(sql`
        WITH pg AS (SELECT p.data, p.valor FROM precos p JOIN produto pr ON pr.id = p.produto_id WHERE pr.produto_grupo_id = ${grupoId}),
             ultima AS (SELECT max(data) AS d FROM pg)
        SELECT pg.data, round(min(pg.valor), 2)::float8 AS "valorMinimo", round(avg(pg.valor), 2)::float8 AS "valorMedio", round(max(pg.valor), 2)::float8 AS "valorMaximo"
        FROM pg, ultima
        WHERE pg.data > ultima.d - ${dias}::int
        GROUP BY pg.data ORDER BY pg.data`);
      return r.rows as PrecoHistorico[];
    },
  };
}
