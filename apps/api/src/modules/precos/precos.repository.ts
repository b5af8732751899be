import { eq, sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import { PRECO_MSG, type Page, type Preco, type PrecoHistorico, type PrecoInput, type PrecoResumo } from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { precos, produto } from '../../db/schema';
import { auditedCrud } from '../../lib/crud';
import { badRequest, notFound } from '../../lib/errors';
import { condition, orderClause, whereClause, type ListParams, type ListSpec } from '../../lib/list';
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
 * Counting the price list cheaply (the totals the triggers of migrations 0003/0004 keep):
 * no filter reads the one-row counter precos_resumo_total; filters only on date and group sum
 * the per-(group, date) counts of precos_resumo (~15k rows instead of ~150k joined); filters only
 * on the price's own columns count precos alone; anything else counts the full join.
 */
const contagemPorResumo: ListSpec<never> = {
  select: sql`coalesce(sum(r.quantidade), 0)::int AS n`,
  from: sql`precos_resumo r`,
  fields: {
    data: { expr: sql`r.data`, filter: 'date' },
    produtoGrupoId: { expr: sql`r.produto_grupo_id`, filter: 'eq' },
    produtoGrupoNome: { expr: sql`g.nome`, filter: 'text' },
  },
  defaultSort: { field: 'data', dir: 'asc' },
};
const SO_PRECOS = new Set(['id', 'valor', 'data', 'produtoId']);

/** The names of the filters that actually filter (known field, non-empty value). */
function filtrosAtivos(spec: ListSpec<unknown>, filters: Record<string, unknown> | null | undefined): string[] {
  const ativos: string[] = [];
  for (const [nome, raw] of Object.entries(filters ?? {})) {
    const key = spec.fields[nome] ? nome : spec.aliases?.[nome];
    if (key && spec.fields[key] && condition(spec.fields[key], raw) && !ativos.includes(key)) ativos.push(key);
  }
  return ativos;
}

/**
 * The public quotation, read from precos_resumo `r` (kept by triggers, see the schema) joined to
 * its group `g`: one row per (product group, price date).
 */
const resumoList: ListSpec<PrecoResumo> = {
  select: sql`g.id AS "produtoGrupoId", g.nome AS "produtoGrupoNome", g.un_padrao AS "produtoGrupoUn",
    r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo",
    r.data AS "precoData", r.valor_kg_minimo::float8 AS "valorKgMinimo", r.valor_kg_medio::float8 AS "valorKgMedio",
    r.valor_kg_maximo::float8 AS "valorKgMaximo"`,
  from: sql`precos_resumo r JOIN produto_grupo g ON g.id = r.produto_grupo_id`,
  fields: {
    produtoGrupoId: { expr: sql`r.produto_grupo_id`, filter: 'eq' },
    produtoGrupoNome: { expr: sql`g.nome`, filter: 'text' },
    produtoGrupoUn: { expr: sql`g.un_padrao`, filter: 'text' },
    valorMinimo: { expr: sql`r.valor_minimo`, filter: 'contains' },
    valorMedio: { expr: sql`r.valor_medio`, filter: 'contains' },
    valorMaximo: { expr: sql`r.valor_maximo`, filter: 'contains' },
    precoData: { expr: sql`r.data`, filter: 'date' },
    valorKgMinimo: { expr: sql`r.valor_kg_minimo`, filter: 'contains' },
    valorKgMedio: { expr: sql`r.valor_kg_medio`, filter: 'contains' },
    valorKgMaximo: { expr: sql`r.valor_kg_maximo`, filter: 'contains' },
  },
  aliases: { nome: 'produtoGrupoNome', produto: 'produtoGrupoNome', unPadrao: 'produtoGrupoUn', data: 'precoData', dataCotacao: 'precoData' },
  defaultSort: { field: 'precoData', dir: 'desc' },
};
const SO_RESUMO = new Set(['produtoGrupoId', 'valorMinimo', 'valorMedio', 'valorMaximo', 'precoData', 'valorKgMinimo', 'valorKgMedio', 'valorKgMaximo']);

const NAO_ENCONTRADO = 'Preço não encontrado';
const pagina = <T>(content: T[], total: number, p: ListParams): Page<T> => ({
  content,
  totalElements: total,
  totalPages: Math.ceil(total / p.size),
  number: p.page,
  size: p.size,
});
const n = (r: { rows: unknown[] }) => Number((r.rows[0] as { n: number }).n);

/**
 * A page and its total. PGlite runs one query at a time, so there the total rides along with the
 * page in one query: an uncorrelated scalar subquery (run once, as an InitPlan) in a `__total`
 * column taken off each row (an empty page carries no total, so it alone costs a second query);
 * this saves ~0.3 ms of the ~1.4 ms of the default pages. On a PostgreSQL pool the count runs
 * beside the page on another connection instead: measured, that hides its round trip entirely and
 * beats the folded query, even for the one-row counter.
 */
async function paginaComTotal(db: Db, pagina: (total: SQL | null) => SQL, contagem: SQL): Promise<{ rows: Record<string, unknown>[]; total: number }> {
  if ((db as { $client?: unknown }).$client instanceof pg.Pool) {
    const [rows, count] = await Promise.all([db.execute(pagina(null)), db.execute(sql`SELECT ${contagem} AS n`)]);
    return { rows: rows.rows as Record<string, unknown>[], total: n(count) };
  }
  const r = await db.execute(pagina(sql`, ${contagem} AS "__total"`));
  const rows = r.rows as Record<string, unknown>[];
  if (!rows.length) return { rows, total: n(await db.execute(sql`SELECT ${contagem} AS n`)) };
  const total = Number(rows[0].__total);
  return { rows: rows.map(({ __total: _, ...row }) => row), total };
}

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

    /** The price list (GET precos, POST precos/searchPrecos): the list helper's page, counted cheaply. */
    async listar(p: ListParams): Promise<Page<Preco>> {
      const ativos = filtrosAtivos(precoList as ListSpec<unknown>, p.filters);
      const where = whereClause(precoList, p.filters);
      // The total, as a scalar expression (see paginaComTotal).
      let contagem: SQL;
      if (!ativos.length) {
        contagem = sql`coalesce((SELECT precos FROM precos_resumo_total), 0)::int`;
      } else if (ativos.every((f) => f in contagemPorResumo.fields)) {
        const from = ativos.includes('produtoGrupoNome') ? sql`${contagemPorResumo.from} JOIN produto_grupo g ON g.id = r.produto_grupo_id` : contagemPorResumo.from;
        contagem = sql`(SELECT ${contagemPorResumo.select} FROM ${from} ${whereClause(contagemPorResumo, p.filters)})`;
      } else if (ativos.every((f) => SO_PRECOS.has(f))) {
        contagem = sql`(SELECT count(*)::int AS n FROM precos p ${where})`;
      } else {
        contagem = sql`(SELECT count(*)::int AS n FROM ${precoList.from} ${where})`;
      }
      const order = orderClause(precoList, p.sortField, p.sortDir);
      const limite = sql`LIMIT ${p.size} OFFSET ${p.page * p.size}`;
      // Sorted and filtered by the price's own columns (the default list): the page is cut from
      // precos alone and only its rows are joined to product and group (each price has exactly one
      // of each), instead of joining every row the sort reads (a whole day's ~150 prices for the
      // date order, every skipped row for a deep page).
      const campo = p.sortField && (precoList.fields[p.sortField] ? p.sortField : precoList.aliases?.[p.sortField]);
      const soPrecos = (!campo || !precoList.fields[campo] || SO_PRECOS.has(campo)) && ativos.every((f) => SO_PRECOS.has(f));
      const { rows, total } = await paginaComTotal(
        db,
        (t) =>
          soPrecos
            ? sql`SELECT ${precoList.select}${t ?? sql``} FROM (SELECT * FROM precos p ${where} ${order} ${limite}) p
                JOIN produto pr ON pr.id = p.produto_id JOIN produto_grupo g ON g.id = pr.produto_grupo_id ${order}`
            : sql`SELECT ${precoList.select}${t ?? sql``} FROM ${precoList.from} ${where} ${order} ${limite}`,
        contagem,
      );
      return pagina(rows.map(aninhado), total, p);
    },

    /**
     * The public quotation: one row per (product group, price date) with the min/avg/max of that
     * day's prices of the group's products, and the same per kg. Default order: newest date, then
     * group name. Any column sorts: a value or date column breaks ties by that default order, a group
     * column by group, then newest date.
     */
    async resumo(p: ListParams): Promise<Page<PrecoResumo>> {
      const where = whereClause(resumoList, p.filters);
      const ativos = filtrosAtivos(resumoList as ListSpec<unknown>, p.filters);
      const campo = p.sortField && (resumoList.fields[p.sortField] ? p.sortField : resumoList.aliases?.[p.sortField]);
      const padrao = sql`r.data DESC, g.nome ASC, g.id ASC`;
      const dir = p.sortDir === 'desc' ? sql`DESC` : sql`ASC`;
      // A group column keeps each group's rows together (newest first): the group-name index and
      // the (group, date) key then give the order with no sort.
      const order = !campo
        ? sql`ORDER BY ${padrao}`
        : campo === 'produtoGrupoNome' || campo === 'produtoGrupoUn' || campo === 'produtoGrupoId'
          ? sql`ORDER BY ${resumoList.fields[campo].expr} ${dir}, g.id ${dir}, r.data DESC`
          : sql`ORDER BY ${resumoList.fields[campo].expr} ${dir}, ${padrao}`;
      // The total, as a scalar expression (see paginaComTotal).
      const contagem = !ativos.length
        ? sql`coalesce((SELECT linhas FROM precos_resumo_total), 0)::int`
        : ativos.every((f) => SO_RESUMO.has(f))
          ? sql`(SELECT count(*)::int AS n FROM precos_resumo r ${where})`
          : sql`(SELECT count(*)::int AS n FROM ${resumoList.from} ${where})`;
      const { rows, total } = await paginaComTotal(
        db,
        (t) => sql`SELECT ${resumoList.select}${t ?? sql``} FROM ${resumoList.from} ${where} ${order} LIMIT ${p.size} OFFSET ${p.page * p.size}`,
        contagem,
      );
      return pagina(rows as unknown as PrecoResumo[], total, p);
    },

    /** A group's daily min/avg/max over the `dias` days up to its latest price date (public chart). */
    async historico(grupoId: number, dias: number): Promise<PrecoHistorico[]> {
      const g = await db.execute(sql`SELECT 1 FROM produto_grupo WHERE id = ${grupoId}`);
      if (!g.rows.length) throw notFound('Grupo de produto não encontrado');
      const r = await db.execute(sql`
        SELECT r.data, r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo"
        FROM precos_resumo r
        WHERE r.produto_grupo_id = ${grupoId}
          AND r.data > (SELECT max(u.data) FROM precos_resumo u WHERE u.produto_grupo_id = ${grupoId}) - ${dias}::int
        ORDER BY r.data`);
      return r.rows as PrecoHistorico[];
    },
  };
}
