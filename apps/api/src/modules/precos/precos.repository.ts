import { sql, type SQL } from 'drizzle-orm';
import {
  foraDaFaixa,
  mensagemPrecoForaDaFaixa,
  mensagemPrecoNoDia,
  PRECO_MSG,
  type ConfirmacaoDePreco,
  type Page,
  type Preco,
  type PrecoDoDia,
  type PrecoHistorico,
  type PrecoInput,
  type PrecoResumo,
  type Publicacao,
} from '@ceasa/shared';
import type { Db, Tx } from '../../db/client';
import { precos, produto } from '../../db/schema';
import { checarReferencias, repositorioPadrao } from '../../lib/crud';
import { registrarLog } from '../../lib/audit';
import { HttpError, naoEncontrado } from '../../lib/errors';
import {
  activeFilters,
  campoDeOrdem,
  chaveDeOrdem,
  chaveJaCalculada,
  colunas,
  conditions,
  contagemLimitada,
  executar,
  fieldKey,
  limitOffset,
  listRowOrThrow,
  orderClause,
  ordemDoCampo,
  pageOf,
  pageWithTotal,
  whereClause,
  type Contagem,
  type ListParams,
  type ListSpec,
} from '../../lib/list';
import { normalizarFiltroDeGrupo } from '../produto/produto.repository';

type PrecoRow = Omit<Preco, 'produto'> & { produtoPesoEmKg: number };
const aninhado = (r: Record<string, unknown>): Preco => {
  const { produtoPesoEmKg, ...p } = r as PrecoRow;
  return {
    ...p,
    produto: {
      nome: p.produtoNome,
      embalagem: p.produtoEmbalagem,
      pesoEmKg: produtoPesoEmKg,
      produtoGrupo: { id: p.produtoGrupoId, nome: p.produtoGrupoNome },
    },
  };
};

/**
 * Filters on a product or group column look the (~150) products or (~15) groups up once, by their
 * precomputed search columns (migration 0008); see ListField.via.
 */
const porProduto = (busca: SQL) => ({ key: sql`p.produto_id`, from: sql`produto pr`, id: sql`pr.id`, expr: busca, filter: 'busca' as const });
const porGrupo = (key: SQL, busca: SQL) => ({ key, from: sql`produto_grupo g`, id: sql`g.id`, expr: busca, filter: 'busca' as const });

/**
 * The price list reads precos alone: each price carries a copy of its product's columns, kept by
 * the triggers of migration 0006, so every order is one index (bench/run.ts).
 */
export const precoList: ListSpec<Preco> = {
  select: sql`p.id, p.versao, p.valor::float8 AS valor, p.data, p.produto_id AS "produtoId", p.produto_nome AS "produtoNome",
    p.produto_embalagem AS "produtoEmbalagem", p.produto_peso_em_kg::float8 AS "produtoPesoEmKg",
    p.produto_grupo_id AS "produtoGrupoId", p.produto_grupo_nome AS "produtoGrupoNome"`,
  from: sql`precos p`,
  fields: {
    ...colunas('p', { id: 'contains', valor: 'contains', data: 'date', produtoId: 'id', produtoGrupoId: 'id' }),
    produtoNome: { expr: sql`p.produto_nome`, filter: 'text', via: porProduto(sql`pr.nome_busca`) },
    produtoEmbalagem: { expr: sql`p.produto_embalagem`, filter: 'text', via: porProduto(sql`pr.embalagem_busca`) },
    produtoGrupoNome: { expr: sql`p.produto_grupo_nome`, filter: 'text', via: porGrupo(sql`p.produto_grupo_id`, sql`g.nome_busca`) },
    /** Sorting by the group column sorts by its name; filters arrive normalised (see normalizarFiltroDeGrupo). */
    produtoGrupo: { expr: sql`p.produto_grupo_nome`, texto: true },
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

/** The product columns a price list can be filtered by, read from `produto pr`. */
const camposDoProduto: ListSpec<never>['fields'] = {
  produtoId: { expr: sql`pr.id`, filter: 'id' },
  produtoNome: { expr: sql`pr.nome_busca`, filter: 'busca' },
  produtoEmbalagem: { expr: sql`pr.embalagem_busca`, filter: 'busca' },
  produtoGrupoId: { expr: sql`pr.produto_grupo_id`, filter: 'id' },
  produtoGrupoNome: { expr: sql`pr.produto_grupo_id`, filter: 'text', via: porGrupo(sql`pr.produto_grupo_id`, sql`g.nome_busca`) },
};

/**
 * Counting a list filtered only by product columns: the sum of the matching products' counts in
 * precos_produto_total (kept by the triggers of migration 0006), ~150 rows instead of ~150,000.
 */
const contagemPorProduto: ListSpec<never> = {
  select: sql`coalesce(sum(t.precos), 0)::int AS n`,
  from: sql`precos_produto_total t JOIN produto pr ON pr.id = t.produto_id`,
  fields: camposDoProduto,
  aliases: precoList.aliases,
  defaultSort: { field: 'produtoId', dir: 'asc' },
};

/** The matching products (see listar). */
const produtosFiltrados: ListSpec<never> = { ...contagemPorProduto, select: sql`pr.id`, from: sql`produto pr` };
/**
 * What a list sorted by a product column orders the matching products by: the value precos copies,
 * a text by its sort key (equal to chaveDeOrdem of the copy; read from the products' and groups'
 * precomputed f_unaccent columns, migration 0008).
 */
const nomeDoGrupo = chaveJaCalculada(sql`(SELECT g.nome_busca FROM produto_grupo g WHERE g.id = pr.produto_grupo_id)`);
const CHAVE_DO_PRODUTO: Record<string, SQL> = {
  produtoId: sql`pr.id`,
  produtoNome: chaveJaCalculada(sql`pr.nome_busca`),
  produtoEmbalagem: chaveJaCalculada(sql`pr.embalagem_busca`),
  produtoGrupoId: sql`pr.produto_grupo_id`,
  produtoGrupoNome: nomeDoGrupo,
  produtoGrupo: nomeDoGrupo,
};

/** From how many skipped rows a page's rows are found in the order's index before the table is read. */
const PULO_PROFUNDO = 200;
/** Price columns: what is not a product column. */
const DO_PRECO = new Set(['id', 'valor', 'data']);
/**
 * A page filtered by product columns is gathered product by product (see listar) when it lies within
 * this many rows of the top; deeper pages scan the sorted index.
 */
const POR_PRODUTO_ATE = 1000;

/**
 * The public quotation reads precos_resumo alone (kept by triggers, see the schema; it carries its
 * group's name and unit since migration 0006): one row per (product group, price date).
 */
const resumoList: ListSpec<PrecoResumo> = {
  select: sql`r.produto_grupo_id AS "produtoGrupoId", r.produto_grupo_nome AS "produtoGrupoNome", r.produto_grupo_un AS "produtoGrupoUn",
    r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo",
    r.data AS "precoData", r.valor_kg_minimo::float8 AS "valorKgMinimo", r.valor_kg_medio::float8 AS "valorKgMedio",
    r.valor_kg_maximo::float8 AS "valorKgMaximo"`,
  from: sql`precos_resumo r`,
  fields: {
    produtoGrupoNome: { expr: sql`r.produto_grupo_nome`, filter: 'text', via: porGrupo(sql`r.produto_grupo_id`, sql`g.nome_busca`) },
    produtoGrupoUn: { expr: sql`r.produto_grupo_un`, filter: 'text', via: porGrupo(sql`r.produto_grupo_id`, sql`g.un_padrao_busca`) },
    ...colunas('r', { produtoGrupoId: 'id', valorMinimo: 'contains', valorMedio: 'contains', valorMaximo: 'contains' }),
    ...colunas('r', { valorKgMinimo: 'contains', valorKgMedio: 'contains', valorKgMaximo: 'contains' }),
    precoData: { expr: sql`r.data`, filter: 'date' },
  },
  aliases: { nome: 'produtoGrupoNome', produto: 'produtoGrupoNome', unPadrao: 'produtoGrupoUn', data: 'precoData', dataCotacao: 'precoData' },
  defaultSort: { field: 'precoData', dir: 'desc' },
};

/** The audit's name of a publication (cadastroId: the day, 'aaaa-mm-dd'). */
export const CADASTRO_PUBLICACAO = 'PublicacaoCotacao';

const NAO_ENCONTRADO = 'Preço não encontrado';
/**
 * What a save asks to confirm when the body says `confirmar: false` (the web app's forms and grid; a body
 * without the field saves as the contract has it, one with `confirmar: true` confirms; decisions 0136 and
 * 0137): another price of the
 * product on the day (a create, or an edit that moves to another product or day), and a value below half or
 * above double the product's last price before the day (when the value, product or day changes).
 */
async function confirmacoes(t: Tx, input: PrecoInput, antes?: typeof precos.$inferSelect) {
  if (input.confirmar !== false) return;
  const produtoId = input.produtoId as number;
  const data = input.data as string;
  const valor = input.valor as number;
  const idAtual = antes?.id ?? 0;
  const mudouDia = !antes || antes.produtoId !== produtoId || antes.data !== data;
  const mudouValor = mudouDia || Number(antes.valor) !== valor;
  if (!mudouValor) return;
  const r = await executar(
    t,
    sql`SELECT pr.nome,
      (SELECT p.valor::float8 FROM precos p WHERE p.produto_id = pr.id AND p.data = ${data}::date AND p.id <> ${idAtual}
        ORDER BY p.id DESC LIMIT 1) AS "noDia",
      u.valor::float8 AS "ultimoValor", u.data::text AS "ultimaData"
    FROM produto pr
    LEFT JOIN LATERAL (SELECT p.valor, p.data FROM precos p WHERE p.produto_id = pr.id AND p.data < ${data}::date AND p.id <> ${idAtual}
      ORDER BY p.data DESC, p.id DESC LIMIT 1) u ON true
    WHERE pr.id = ${produtoId}`,
  );
  const linha = r.rows[0] as { nome: string; noDia: number | null; ultimoValor: number | null; ultimaData: string | null } | undefined;
  if (!linha) return;
  const pedidos: { tipo: ConfirmacaoDePreco; mensagem: string }[] = [];
  if (mudouDia && linha.noDia !== null) pedidos.push({ tipo: 'precoNoDia', mensagem: mensagemPrecoNoDia(linha.nome, data, linha.noDia) });
  if (linha.ultimoValor !== null && linha.ultimaData !== null && foraDaFaixa(valor, linha.ultimoValor))
    pedidos.push({ tipo: 'valorForaDaFaixa', mensagem: mensagemPrecoForaDaFaixa(linha.nome, linha.ultimaData, linha.ultimoValor, valor) });
  if (pedidos.length) throw new HttpError(409, pedidos.map((p) => p.mensagem).join(' '), undefined, { confirmar: pedidos.map((p) => p.tipo) });
}

/**
 * 'Publicar cotação': the day's drafts become public, in one transaction with its audit row (manual mode;
 * in the automatic one prices are public when saved, and only drafts left from a manual period are published).
 */
async function publicar(db: Db, manual: boolean, usuario: string, data: string): Promise<Publicacao> {
  return db.transaction(async (t) => {
    const r = await t.execute(sql`UPDATE precos SET publicado = true WHERE data = ${data}::date AND NOT publicado RETURNING id`);
    const publicados = r.rows.length;
    if (manual || publicados > 0)
      await registrarLog(t, usuario, CADASTRO_PUBLICACAO, data, 'UPDATE', {
        data,
        publicados,
        precos: (r.rows as { id: number }[]).map((x) => x.id).sort((a, b) => a - b),
      });
    return { data, publicados, manual };
  });
}

/** The day's grid: every active product (status 'ATIVO', in any case), its last price before the day and the day's prices with their state. */
async function precosDoDia(db: Db, data: string): Promise<PrecoDoDia[]> {
  const r = await executar(
    db,
    sql`SELECT pr.id AS "produtoId", pr.nome AS "produtoNome", pr.embalagem AS "produtoEmbalagem", g.nome AS "produtoGrupoNome",
      u.valor::float8 AS "ultimoValor", u.data::text AS "ultimaData",
      coalesce((SELECT json_agg(json_build_object('id', p.id, 'versao', p.versao, 'valor', p.valor::float8, 'publicado', p.publicado) ORDER BY p.id)
        FROM precos p WHERE p.produto_id = pr.id AND p.data = ${data}::date), '[]'::json) AS precos
    FROM produto pr
    JOIN produto_grupo g ON g.id = pr.produto_grupo_id
    LEFT JOIN LATERAL (SELECT p.valor, p.data FROM precos p WHERE p.produto_id = pr.id AND p.data < ${data}::date
      ORDER BY p.data DESC, p.id DESC LIMIT 1) u ON true
    WHERE upper(trim(pr.status)) = 'ATIVO'
    ORDER BY ${chaveDeOrdem(sql`pr.nome`)}, pr.id`,
  );
  return r.rows as PrecoDoDia[];
}

/** The price list (GET precos, POST precos/searchPrecos): one table, counted cheaply. */
async function listarPrecos(db: Db, p: ListParams): Promise<Page<Preco>> {
  const ativos = activeFilters(precoList, p.filters);
  const where = whereClause(precoList, p.filters);
  // The total: no filter sums the per-product counters (drafts included), product columns only sum the matching
  // products' counts (both exact and cheap), else the matches are counted up to the cap.
  const contagem: Contagem = !ativos.length
    ? { sql: sql`coalesce((SELECT sum(t.precos) FROM precos_produto_total t), 0)::int`, limitada: false }
    : ativos.every((f) => !DO_PRECO.has(f))
      ? { sql: sql`(SELECT ${contagemPorProduto.select} FROM ${contagemPorProduto.from} ${whereClause(contagemPorProduto, p.filters)})`, limitada: false }
      : contagemLimitada(precoList.from, where);
  const order = orderClause(precoList, p.sortField, p.sortDir);
  const limite = limitOffset(p.size, p.page * p.size);
  const campo = campoDeOrdem(precoList, p.sortField);
  // (A group picked in the dropdown, in date order, has its own index: no gathering needed.)
  const grupoPorData = ativos.every((f) => f === 'produtoGrupoId' || DO_PRECO.has(f)) && campo === 'data';
  const porProduto = ativos.some((f) => !DO_PRECO.has(f)) && !grupoPorData && (p.page + 1) * p.size <= POR_PRODUTO_ATE;
  let consulta: SQL;
  if (porProduto) {
    // Filtered by product columns: the planner cannot know where in a sorted index the matching
    // products' prices lie (a group whose names start with T sits at the end of the name order),
    // so the page is gathered product by product: each matching product gives its first rows in
    // the page's order from its own index (product, date | value | id), and only those few are
    // sorted. A product column is constant within a product, so there its prices go by id.
    const doPreco = Object.fromEntries(Object.entries(p.filters ?? {}).filter(([k]) => DO_PRECO.has(fieldKey(precoList, k) ?? '')));
    const condsPreco = conditions(precoList, doPreco).map((c) => sql` AND ${c}`);
    const dir = (campo ? p.sortDir : precoList.defaultSort.dir) === 'desc' ? sql`DESC` : sql`ASC`;
    // The sort key: a product column (constant within a product, whose prices then go by id), or
    // the price column each product's own index gives in order.
    const doProduto = campo && !DO_PRECO.has(campo) ? CHAVE_DO_PRODUTO[campo] : undefined;
    const doPrecoChave = ordemDoCampo(precoList.fields[doProduto ? 'id' : (campo ?? precoList.defaultSort.field)]);
    // Gathered from the indexes alone (index-only scans of the product's id, date | value | id);
    // only the page's rows are then read from the table.
    consulta = sql`SELECT ${precoList.select}
      FROM (SELECT x.id FROM (SELECT pr.id, ${doProduto ?? sql`null`} AS k FROM ${produtosFiltrados.from} ${whereClause(produtosFiltrados, p.filters)}) m
        CROSS JOIN LATERAL (SELECT p.id, ${doPrecoChave} AS k FROM precos p WHERE p.produto_id = m.id${sql.join(condsPreco, sql``)}
          ORDER BY k ${dir}, p.id ${dir} ${limitOffset((p.page + 1) * p.size)}) x
        ORDER BY ${doProduto ? sql`m.k` : sql`x.k`} ${dir}, x.id ${dir} ${limite}) page
      JOIN precos p ON p.id = page.id
      ${order}`;
  } else if (p.page * p.size >= PULO_PROFUNDO) {
    // A deep page: the rows to skip are walked in the order's index alone (an index-only scan of
    // (column, id)), and only the page's rows are read from the table.
    consulta = sql`SELECT ${precoList.select} FROM ${precoList.from}
      WHERE p.id IN (SELECT p.id FROM ${precoList.from} ${where} ${order} ${limite}) ${order}`;
  } else {
    consulta = sql`SELECT ${precoList.select} FROM ${precoList.from} ${where} ${order} ${limite}`;
  }
  const { rows, total } = await pageWithTotal(db, consulta, contagem);
  return pageOf(rows.map(aninhado), total, p, contagem.limitada);
}

/**
 * The public quotation: one row per (product group, price date) with the min/avg/max of that
 * day's prices of the group's products, and the same per kg. Default order: newest date, then
 * group name. Any column sorts: a value or date column breaks ties by that default order, a group
 * column by group, then newest date. Each order has its index (migrations 0002 and 0006).
 */
async function resumoDaCotacao(db: Db, p: ListParams): Promise<Page<PrecoResumo>> {
  const where = whereClause(resumoList, p.filters);
  const ativos = activeFilters(resumoList, p.filters);
  const campo = campoDeOrdem(resumoList, p.sortField);
  const padrao = sql`r.data DESC, ${ordemDoCampo(resumoList.fields.produtoGrupoNome)} ASC, r.produto_grupo_id ASC`;
  const dir = p.sortDir === 'desc' ? sql`DESC` : sql`ASC`;
  const order = !campo
    ? sql`ORDER BY ${padrao}`
    : campo === 'produtoGrupoNome' || campo === 'produtoGrupoUn' || campo === 'produtoGrupoId'
      ? sql`ORDER BY ${ordemDoCampo(resumoList.fields[campo])} ${dir}, r.produto_grupo_id ${dir}, r.data DESC`
      : sql`ORDER BY ${ordemDoCampo(resumoList.fields[campo])} ${dir}, ${padrao}`;
  // The total: no filter reads the one-row counter (exact), else the matches are counted up to the cap.
  const contagem: Contagem = !ativos.length
    ? { sql: sql`coalesce((SELECT linhas FROM precos_resumo_total), 0)::int`, limitada: false }
    : contagemLimitada(resumoList.from, where);
  const { rows, total } = await pageWithTotal(
    db,
    sql`SELECT ${resumoList.select} FROM ${resumoList.from} ${where} ${order} ${limitOffset(p.size, p.page * p.size)}`,
    contagem,
  );
  return pageOf(rows as unknown as PrecoResumo[], total, p, contagem.limitada);
}

/** A group's daily min/avg/max over the `dias` days up to its latest price date (public chart). */
async function historicoDoGrupo(db: Db, grupoId: number, dias: number): Promise<PrecoHistorico[]> {
  // One query; only an empty answer asks whether the group exists (404) or has no prices.
  const r = await executar(
    db,
    sql`
    SELECT r.data, r.valor_minimo::float8 AS "valorMinimo", r.valor_medio::float8 AS "valorMedio", r.valor_maximo::float8 AS "valorMaximo"
    FROM precos_resumo r
    WHERE r.produto_grupo_id = ${grupoId}
      AND r.data > (SELECT max(u.data) FROM precos_resumo u WHERE u.produto_grupo_id = ${grupoId}) - ${dias}::int
    ORDER BY r.data`,
  );
  if (!r.rows.length && !(await db.execute(sql`SELECT 1 FROM produto_grupo WHERE id = ${grupoId}`)).rows.length)
    throw naoEncontrado('Grupo de produto não encontrado');
  return r.rows as PrecoHistorico[];
}

/**
 * `publicacao` (COTACAO_PUBLICACAO): 'automatica', a saved price is public at once (docs/produto/validacao.md); 'manual', every
 * save (a correction too) leaves a draft, public after 'Publicar cotação' (docs/decisions/0135-publicacao-da-cotacao.md).
 */
export function precosRepository(db: Db, publicacao: 'automatica' | 'manual' = 'automatica') {
  async function valores(t: Tx, input: PrecoInput, antes?: typeof precos.$inferSelect) {
    await checarReferencias(t, [{ coluna: produto.id, valor: input.produtoId, campo: 'produtoId', mensagem: PRECO_MSG.produtoNaLista }]);
    await confirmacoes(t, input, antes);
    return { produtoId: input.produtoId as number, data: input.data, valor: (input.valor as number).toFixed(2) };
  }

  const ler = (t: Tx, id: number): Promise<Preco> => listRowOrThrow(t, precoList, id, NAO_ENCONTRADO);
  /** After a save, in the manual mode: the price is a draft (in the save's transaction: never public meanwhile). */
  const lerComoRascunho = async (t: Tx, id: number): Promise<Preco> => {
    await t.execute(sql`UPDATE precos SET publicado = false WHERE id = ${id} AND publicado`);
    return ler(t, id);
  };
  const { crud, ...generico } = repositorioPadrao(db, { table: precos, cadastro: 'Precos', naoEncontrado: NAO_ENCONTRADO, ler, valores });
  const manual = publicacao === 'manual';

  return {
    ...generico,
    ...(manual
      ? {
          inserir: (usuario: string, input: PrecoInput): Promise<Preco> =>
            crud.salvar(usuario, { preparar: (t, a) => valores(t, input, a), ler: lerComoRascunho }),
          alterar: (usuario: string, id: number, input: PrecoInput): Promise<Preco> =>
            crud.salvar(usuario, { id, preparar: (t, a) => valores(t, input, a), ler: lerComoRascunho, versao: input.versao as number | null | undefined }),
        }
      : {}),

    publicar: publicar.bind(null, db, manual),
    doDia: precosDoDia.bind(null, db),
    listar: listarPrecos.bind(null, db),
    resumo: resumoDaCotacao.bind(null, db),

    /** Whether a quotation body filters at all (a field the quotation knows, with a value that filters). */
    filtraResumo: (filters: ListParams['filters']) => activeFilters(resumoList, filters).length > 0,

    historico: historicoDoGrupo.bind(null, db),
  };
}
