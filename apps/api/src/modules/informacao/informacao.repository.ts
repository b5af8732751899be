import { sql, type SQL } from 'drizzle-orm';
import {
  arredondar,
  dividirDinheiro,
  maisComum,
  mediaDinheiro,
  mediana,
  partesNoMercado,
  situacaoDaVariacao,
  textoDoResumo,
  type CotacaoProdutoLinha,
  type EstatisticaLinha,
  type Estatisticas,
  type NumerosDoMes,
  type ProhortLinha,
  type Referencia,
  type ResumoDoDia,
  type Situacao,
} from '@ceasa/shared';
import type { Db } from '../../db/client';
import { registrarLog } from '../../lib/audit';
import { HttpError } from '../../lib/errors';
import { produtosPublicos } from '../../lib/produtos-publicos';
import { chaveDeOrdem } from '../../lib/list';

/** Derived figures rounded half-up once, as the decimals they stand for (dinheiro.ts). */
const r2 = (v: number) => arredondar(v, 2);
const r1 = (v: number) => arredondar(v, 1);

/** The first day of the month `n` months after 'yyyy-mm' (n may be negative), as 'yyyy-mm'. */
export function somarMeses(mes: string, n: number) {
  const [a, m] = mes.split('-').map(Number) as [number, number];
  const t = a * 12 + (m - 1) + n;
  return `${Math.floor(t / 12)}-${String((t % 12) + 1).padStart(2, '0')}`;
}

/**
 * The arrivals of a period as the open data's monthly file counts them (dados-abertos.repository.ts `movimento`):
 * romaneio items (origin: their bulletin's property's municipality; none without a bulletin item) and shop sheet
 * items (their own municipality), by day, product and municipality, in kg (packages × the product's pesoEmKg).
 */
const chegadas = (inicio: SQL, fim: SQL) => sql`
  WITH mv AS (
    SELECT ro.data_emissao AS data, ri.produto_id, pp.municipio_id, ri.quantidade
    FROM romaneio ro
    JOIN romaneio_itens ri ON ri.romaneio_id = ro.id
    LEFT JOIN boletim_itens bi ON bi.id = ri.boletim_itens_id
    LEFT JOIN boletim b ON b.id = bi.boletim_id
    LEFT JOIN propriedade pp ON pp.id = b.propriedade_id
    WHERE ro.data_emissao >= ${inicio} AND ro.data_emissao < ${fim}
    UNION ALL
    SELECT l.data_emissao, li.produto_id, li.municipio_id, li.quantidade
    FROM loja l JOIN loja_itens li ON li.loja_id = l.id
    WHERE l.data_emissao >= ${inicio} AND l.data_emissao < ${fim})
  SELECT mv.data::text AS data, mv.produto_id AS "produtoId", pr.nome AS "produtoNome", pr.produto_grupo_id AS "grupoId", g.nome AS "grupoNome",
    m.nome AS "municipioNome", m.sigla AS uf, sum(mv.quantidade * pr.peso_em_kg)::float8 AS kg
  FROM mv
  JOIN produto pr ON pr.id = mv.produto_id
  JOIN produto_grupo g ON g.id = pr.produto_grupo_id
  LEFT JOIN municipio m ON m.id = mv.municipio_id
  GROUP BY mv.data, mv.produto_id, pr.nome, pr.produto_grupo_id, g.nome, m.id, m.nome, m.sigla`;

/** Adds kg and R$ to the entry `k` of `m` (created by `novo`). */
function acumular<K, T extends { quantidadeKg: number; valor: number }>(m: Map<K, T>, k: K, novo: () => T, kg: number, valor: number) {
  const e = m.get(k) ?? novo();
  e.quantidadeKg += kg;
  e.valor += valor;
  m.set(k, e);
}

interface Chegada {
  data: string;
  produtoId: number;
  produtoNome: string;
  grupoId: number;
  grupoNome: string;
  municipioNome: string | null;
  uf: string | null;
  kg: number;
}

/** 'yyyy-mm-ddThh:mm:ss.sss-03:00': a moment in Brazil's official time, with its offset. */
export function isoNoBrasil(d: Date) {
  const p = partesNoMercado(d);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}.${String(d.getUTCMilliseconds()).padStart(3, '0')}${p.offset}`;
}

/** How the unit and price of a product go into Conab's file: 'Nun' in the package → per unit; 'UN' → the package is one unit; else per kg. */
export function unidadeProhort(embalagem: string, pesoEmKg: number, valor: number): { un: 'KG' | 'UN'; preco: number } {
  const porUnidade = /(\d+)\s*(un|unid|unidades?)\b/i.exec(embalagem);
  if (porUnidade && Number(porUnidade[1]) > 0) return { un: 'UN', preco: dividirDinheiro(valor, Number(porUnidade[1]))! };
  if (/^\s*(un|unid|unidade)\s*$/i.test(embalagem)) return { un: 'UN', preco: r2(valor) };
  return { un: 'KG', preco: dividirDinheiro(valor, pesoEmKg)! };
}

export const METODO_REFERENCIA =
  'Contam os preços publicados do produto (R$ por embalagem) com data no período, incluídos o primeiro e o último dia, que já estavam registrados e publicados no momento da consulta (consultadoEm): ' +
  'um preço corrigido ou publicado depois desse momento não entra, e o link permanente dá os mesmos números. ' +
  'Média aritmética simples; mediana (a média dos dois valores centrais quando o número de preços é par); mínimo e máximo; ' +
  'coeficiente de variação = desvio padrão amostral (divisor n − 1) ÷ média × 100. Valores em reais, arredondados a centavos; o coeficiente, a uma casa decimal.';

export const METODO_INDICE =
  'Índice de preços de pesos fixos (Laspeyres) sobre a cesta dos até 10 produtos com mais kg no mês-base (o mesmo mês do ano anterior) que tiveram preço nele. ' +
  'Peso de cada produto = sua parte no valor movimentado da cesta no mês-base (kg × preço mais comum por kg do dia). ' +
  'Preço de um produto num mês = média dos preços mais comuns por kg dos dias com preço publicado; num mês sem preço, vale o do último mês com preço. ' +
  'Índice do mês = 100 × soma de (peso × preço do mês ÷ preço do mês-base).';

/** Published prices of the days given, by product and day. */
async function precosPublicados(db: Db, onde: SQL) {
  const r = await db.execute(sql`
    SELECT p.produto_id AS "produtoId", p.data::text AS data, p.valor::float8 AS valor
    FROM precos p WHERE p.publicado AND ${onde}`);
  const porChave = new Map<string, number[]>();
  for (const l of r.rows as { produtoId: number; data: string; valor: number }[]) {
    const k = `${l.produtoId}|${l.data}`;
    const v = porChave.get(k);
    if (v) v.push(l.valor);
    else porChave.set(k, [l.valor]);
  }
  return porChave;
}

async function cotacaoProdutos(db: Db, data: string): Promise<{ linhas: CotacaoProdutoLinha[]; anterior: string | null }> {
  const ant = await db.execute(sql`SELECT max(p.data)::text AS d FROM precos p WHERE p.data < ${data}::date AND p.publicado`);
  const anterior = (ant.rows[0] as { d: string | null } | undefined)?.d ?? null;
  const precos = await precosPublicados(db, anterior ? sql`p.data IN (${data}::date, ${anterior}::date)` : sql`p.data = ${data}::date`);
  const ids = [...new Set([...precos.keys()].filter((k) => k.endsWith(`|${data}`)).map((k) => Number(k.split('|')[0])))];
  if (!ids.length) return { linhas: [], anterior };
  const lista = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const [produtos, origem, situacoes] = await Promise.all([
    db.execute(
      sql`SELECT pr.id, pr.nome, pr.embalagem, pr.peso_em_kg::float8 AS peso FROM produto pr WHERE pr.id IN (${lista}) ORDER BY ${chaveDeOrdem(sql`pr.nome`)}, pr.id`,
    ),
    db.execute(sql`SELECT c."produtoId", c."municipioNome", c.uf, sum(c.kg) AS kg FROM (${chegadas(sql`${data}::date`, sql`${data}::date + 1`)}) c
      WHERE c."municipioNome" IS NOT NULL GROUP BY c."produtoId", c."municipioNome", c.uf ORDER BY sum(c.kg) DESC, ${chaveDeOrdem(sql`c."municipioNome"`)}`),
    db.execute(sql`SELECT s.produto_id AS "produtoId", s.situacao FROM precos_situacao s WHERE s.data = ${data}::date`),
  ]);
  const procedencia = new Map<number, string[]>();
  for (const o of origem.rows as { produtoId: number; municipioNome: string; uf: string }[]) {
    const l = procedencia.get(o.produtoId) ?? [];
    l.push(`${o.municipioNome}/${o.uf}`);
    procedencia.set(o.produtoId, l);
  }
  const doFuncionario = new Map((situacoes.rows as { produtoId: number; situacao: Situacao }[]).map((s) => [s.produtoId, s.situacao]));
  const linhas = (produtos.rows as { id: number; nome: string; embalagem: string; peso: number }[]).map((p) => {
    const valores = precos.get(`${p.id}|${data}`)!;
    const mc = maisComum(valores)!;
    const antes = anterior ? maisComum(precos.get(`${p.id}|${anterior}`) ?? []) : null;
    const variacao = antes ? r1(((mc - antes) / antes) * 100) : null;
    return {
      produtoId: p.id,
      produtoNome: p.nome,
      embalagem: p.embalagem,
      valorMinimo: Math.min(...valores),
      valorMaisComum: mc,
      valorMaximo: Math.max(...valores),
      valorKg: dividirDinheiro(mc, p.peso),
      procedencia: (procedencia.get(p.id) ?? []).join(', '),
      situacao: doFuncionario.get(p.id) ?? situacaoDaVariacao(variacao),
      variacao,
    };
  });
  return { linhas, anterior };
}

/** The figures of one month ('yyyy-mm') and the daily most common price per kg they were valued with. */
async function numerosDoMes(db: Db, mes: string) {
  const inicio = sql`${`${mes}-01`}::date`;
  const fim = sql`${`${mes}-01`}::date + interval '1 month'`;
  const [c, pesos] = await Promise.all([
    db.execute(chegadas(inicio, fim)),
    db.execute(sql`SELECT pr.id, pr.peso_em_kg::float8 AS peso FROM produto pr WHERE pr.peso_em_kg > 0`),
  ]);
  const peso = new Map((pesos.rows as { id: number; peso: number }[]).map((p) => [p.id, p.peso]));
  const precos = await precosPublicados(db, sql`p.data >= ${inicio} AND p.data < ${fim}`);
  /** (product|day) → most common price per kg. */
  const kgDoDia = new Map<string, number>();
  for (const [k, v] of precos) {
    const pk = peso.get(Number(k.split('|')[0]));
    if (pk) kgDoDia.set(k, maisComum(v)! / pk);
  }
  const grupos = new Map<number, { produtoGrupoId: number; produtoGrupoNome: string; quantidadeKg: number; valor: number }>();
  const produtos = new Map<number, { produtoId: number; produtoNome: string; quantidadeKg: number; valor: number }>();
  const ufs = new Map<string, { uf: string | null; quantidadeKg: number; valor: number }>();
  const municipios = new Map<string, { municipioNome: string | null; uf: string | null; quantidadeKg: number; valor: number }>();
  let quantidadeKg = 0;
  let valor = 0;
  let semPreco = 0;
  for (const l of c.rows as unknown as Chegada[]) {
    const pkg = kgDoDia.get(`${l.produtoId}|${l.data}`);
    const v = pkg === undefined ? 0 : l.kg * pkg;
    if (pkg === undefined) semPreco += l.kg;
    quantidadeKg += l.kg;
    valor += v;
    acumular(grupos, l.grupoId, () => ({ produtoGrupoId: l.grupoId, produtoGrupoNome: l.grupoNome, quantidadeKg: 0, valor: 0 }), l.kg, v);
    acumular(produtos, l.produtoId, () => ({ produtoId: l.produtoId, produtoNome: l.produtoNome, quantidadeKg: 0, valor: 0 }), l.kg, v);
    acumular(ufs, l.uf ?? '', () => ({ uf: l.uf, quantidadeKg: 0, valor: 0 }), l.kg, v);
    acumular(municipios, `${l.municipioNome ?? ''}|${l.uf ?? ''}`, () => ({ municipioNome: l.municipioNome, uf: l.uf, quantidadeKg: 0, valor: 0 }), l.kg, v);
  }
  const arred = <T extends { quantidadeKg: number; valor: number }>(xs: Iterable<T>) =>
    [...xs].map((x) => ({ ...x, quantidadeKg: r2(x.quantidadeKg), valor: r2(x.valor) })).sort((a, b) => b.quantidadeKg - a.quantidadeKg || b.valor - a.valor);
  const numeros: NumerosDoMes = {
    mes,
    quantidadeKg: r2(quantidadeKg),
    valor: r2(valor),
    quantidadeKgSemPreco: r2(semPreco),
    porGrupo: arred(grupos.values()),
    produtos: arred(produtos.values()).slice(0, 10),
    porUf: arred(ufs.values()),
    porMunicipio: arred(municipios.values()),
  };
  /** product → mean of its days' most common price per kg (the month's price of the index). */
  const precoDoMes = new Map<number, number>();
  const dias = new Map<number, number[]>();
  for (const [k, v] of kgDoDia) {
    const id = Number(k.split('|')[0]);
    dias.set(id, [...(dias.get(id) ?? []), v]);
  }
  for (const [id, vs] of dias) precoDoMes.set(id, vs.reduce((a, b) => a + b, 0) / vs.length);
  return { numeros, precoDoMes, todosProdutos: arred(produtos.values()) };
}

async function resumo(db: Db, data: string): Promise<ResumoDoDia> {
  const { linhas, anterior } = await cotacaoProdutos(db, data);
  const n = (s: Situacao) => linhas.filter((l) => l.situacao === s).length;
  const r = { emAlta: n('firme'), estaveis: n('estavel'), emBaixa: n('fraco') };
  return { data, dataAnterior: anterior, ...r, semComparacao: linhas.filter((l) => l.situacao === null).length, texto: textoDoResumo(r) };
}

/** Conab's Prohort daily lines: one per product priced (published) that day, in kg or unit. */
async function prohort(db: Db, data: string, codigoIbge: string | undefined, mercado: string): Promise<ProhortLinha[]> {
  if (!codigoIbge) throw new HttpError(409, 'O arquivo do Prohort precisa do código IBGE do município do mercado: defina CEASA_MUNICIPIO_IBGE.');
  const m = await db.execute(sql`
    SELECT coalesce(m.nome, i.nome) AS nome, coalesce(m.sigla, i.uf) AS uf
    FROM (SELECT 1) x LEFT JOIN municipio m ON m.codigo_ibge = ${codigoIbge} LEFT JOIN ibge_municipio i ON i.codigo = ${codigoIbge}`);
  const mun = m.rows[0] as { nome: string | null; uf: string | null };
  if (!mun.nome || !mun.uf) throw new HttpError(409, `O código IBGE do município do mercado (${codigoIbge}) não está na lista de municípios do IBGE.`);
  const precos = await precosPublicados(db, sql`p.data = ${data}::date`);
  if (!precos.size) return [];
  const lista = sql.join(
    [...precos.keys()].map((k) => sql`${Number(k.split('|')[0])}`),
    sql`, `,
  );
  const produtos = await db.execute(
    sql`SELECT pr.id, pr.nome, pr.embalagem, pr.peso_em_kg::float8 AS peso FROM produto pr WHERE pr.id IN (${lista}) ORDER BY ${chaveDeOrdem(sql`pr.nome`)}, pr.id`,
  );
  return (produtos.rows as { id: number; nome: string; embalagem: string; peso: number }[]).map((p) => {
    const { un, preco } = unidadeProhort(p.embalagem, p.peso, maisComum(precos.get(`${p.id}|${data}`)!)!);
    return {
      municipio_ceasa: mun.nome!,
      cod_ibge_municipio: codigoIbge,
      uf_ceasa: mun.uf!,
      dsc_ceasa: mercado,
      dsc_produto: `${p.nome} (${p.embalagem})`,
      sig_unidade_medida: un,
      data_preco: data,
      preco_diario: preco,
    };
  });
}

/** The price reference of a product over a period, counting what was published up to `consultadoEm`. */
async function referencia(
  db: Db,
  q: { produtoId: number; inicio: string; fim: string },
  consultadoEm: Date,
  permalink: (c: string) => string,
): Promise<Referencia> {
  const pr = await db.execute(sql`SELECT pr.nome, pr.embalagem FROM produto pr WHERE pr.id = ${q.produtoId}`);
  const produto = pr.rows[0] as { nome: string; embalagem: string } | undefined;
  if (!produto) throw new HttpError(404, 'Produto não encontrado');
  const r = await db.execute(sql`
    SELECT p.valor::float8 AS valor FROM precos p
    WHERE p.produto_id = ${q.produtoId} AND p.data BETWEEN ${q.inicio}::date AND ${q.fim}::date
      AND p.publicado AND p.publicado_em <= ${consultadoEm.toISOString()}::timestamptz`);
  const v = (r.rows as { valor: number }[]).map((x) => x.valor);
  const n = v.length;
  const media = n ? v.reduce((a, b) => a + b, 0) / n : null;
  const mediaEmCentavos = mediaDinheiro(v);
  const dp = n > 1 && media !== null ? Math.sqrt(v.reduce((a, b) => a + (b - media) ** 2, 0) / (n - 1)) : null;
  const consultado = isoNoBrasil(consultadoEm);
  return {
    produtoId: q.produtoId,
    produtoNome: produto.nome,
    embalagem: produto.embalagem,
    inicio: q.inicio,
    fim: q.fim,
    n,
    media: mediaEmCentavos,
    mediana: mediana(v),
    minimo: n ? Math.min(...v) : null,
    maximo: n ? Math.max(...v) : null,
    coeficienteVariacao: dp === null || !media ? null : r1((dp / media) * 100),
    metodo: METODO_REFERENCIA,
    consultadoEm: consultado,
    permalink: permalink(consultado),
  };
}

async function estatisticas(db: Db, mes: string): Promise<Estatisticas> {
  const base = somarMeses(mes, -12);
  const [atual, anterior] = await Promise.all([numerosDoMes(db, mes), numerosDoMes(db, base)]);
  // The basket: the base month's (up to) ten products with most kg that had a price in it; weights: their share of its money moved.
  const cesta = anterior.todosProdutos.filter((p) => anterior.precoDoMes.has(p.produtoId) && p.valor > 0).slice(0, 10);
  const totalCesta = cesta.reduce((a, p) => a + p.valor, 0);
  const meses = Array.from({ length: 13 }, (_, i) => somarMeses(base, i));
  const entre = meses.slice(1, 12);
  const intermediarios = cesta.length
    ? await Promise.all(
        entre.map((m) =>
          precosDoMes(
            db,
            m,
            cesta.map((p) => p.produtoId),
          ),
        ),
      )
    : [];
  const porMes = new Map<string, Map<number, number>>([
    [base, anterior.precoDoMes],
    ...entre.map((m, i) => [m, intermediarios[i] ?? new Map<number, number>()] as const),
    [mes, atual.precoDoMes],
  ]);
  const ultimo = new Map<number, number>();
  const serie = meses.map((m) => {
    if (!cesta.length) return { mes: m, valor: null };
    let soma = 0;
    for (const p of cesta) {
      const preco = porMes.get(m)?.get(p.produtoId) ?? ultimo.get(p.produtoId)!;
      ultimo.set(p.produtoId, preco);
      soma += (p.valor / totalCesta) * (preco / anterior.precoDoMes.get(p.produtoId)!);
    }
    return { mes: m, valor: r2(soma * 100) };
  });
  return {
    ...atual.numeros,
    anoAnterior: anterior.numeros,
    indice: {
      mesBase: base,
      metodo: METODO_INDICE,
      cesta: cesta.map((p) => ({
        produtoId: p.produtoId,
        produtoNome: p.produtoNome,
        peso: Math.round((p.valor / totalCesta) * 10000) / 10000,
        precoKgBase: r2(anterior.precoDoMes.get(p.produtoId)!),
      })),
      serie,
    },
  };
}

/** The month's price per kg of the products given: the mean of their days' most common price per kg. */
async function precosDoMes(db: Db, mes: string, ids: number[]): Promise<Map<number, number>> {
  const lista = sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
  const inicio = sql`${`${mes}-01`}::date`;
  const [precos, pesos] = await Promise.all([
    precosPublicados(db, sql`p.data >= ${inicio} AND p.data < ${inicio} + interval '1 month' AND p.produto_id IN (${lista})`),
    db.execute(sql`SELECT pr.id, pr.peso_em_kg::float8 AS peso FROM produto pr WHERE pr.id IN (${lista})`),
  ]);
  const peso = new Map((pesos.rows as { id: number; peso: number }[]).map((p) => [p.id, p.peso]));
  const dias = new Map<number, number[]>();
  for (const [k, v] of precos) {
    const id = Number(k.split('|')[0]);
    const pk = peso.get(id);
    if (pk) dias.set(id, [...(dias.get(id) ?? []), maisComum(v)! / pk]);
  }
  return new Map([...dias].map(([id, vs]) => [id, vs.reduce((a, b) => a + b, 0) / vs.length]));
}

/** The clerk's situations of a day (the grid shows them). */
async function situacoes(db: Db, data: string) {
  const r = await db.execute(sql`SELECT s.produto_id AS "produtoId", s.situacao FROM precos_situacao s WHERE s.data = ${data}::date ORDER BY s.produto_id`);
  return r.rows as { produtoId: number; situacao: Situacao }[];
}

/** Sets (or, with null, clears) the clerk's situation of a product on a day, audited like any write. */
async function definirSituacao(db: Db, usuario: string, produtoId: number, data: string, situacao: Situacao | null) {
  return db.transaction(async (t) => {
    const p = await t.execute(sql`SELECT 1 FROM produto WHERE id = ${produtoId}`);
    if (!p.rows.length) throw new HttpError(404, 'Produto não encontrado');
    const a = await t.execute(sql`SELECT situacao FROM precos_situacao WHERE produto_id = ${produtoId} AND data = ${data}::date FOR UPDATE`);
    const antes = (a.rows[0] as { situacao: Situacao } | undefined)?.situacao ?? null;
    if (situacao === null) await t.execute(sql`DELETE FROM precos_situacao WHERE produto_id = ${produtoId} AND data = ${data}::date`);
    else
      await t.execute(sql`INSERT INTO precos_situacao (produto_id, data, situacao) VALUES (${produtoId}, ${data}::date, ${situacao})
        ON CONFLICT (data, produto_id) DO UPDATE SET situacao = EXCLUDED.situacao`);
    if (antes !== situacao)
      await registrarLog(
        t,
        usuario,
        'SituacaoDoMercado',
        `${produtoId}/${data}`,
        antes === null ? 'INSERT' : situacao === null ? 'DELETE' : 'UPDATE',
        { produtoId, data, situacao },
        antes === null ? null : { produtoId, data, situacao: antes },
      );
    return { produtoId, data, situacao };
  });
}

/** The market information over one database: the day's quotation and summary, Conab's file, the price reference, the month's statistics, the clerk's situations. */
export function informacaoRepository(db: Db) {
  return {
    /** The price reference's choice: every public product, as the subscription page lists them (pt-BR order). */
    produtosPublicos: () => produtosPublicos(db),

    cotacaoProdutos: async (data: string) => (await cotacaoProdutos(db, data)).linhas,

    resumo: resumo.bind(null, db),
    prohort: prohort.bind(null, db),
    referencia: referencia.bind(null, db),
    estatisticas: estatisticas.bind(null, db),
    precosDoMes: precosDoMes.bind(null, db),
    situacoes: situacoes.bind(null, db),
    definirSituacao: definirSituacao.bind(null, db),
  };
}

/** The month's figures as CSV lines (GET publico/estatisticas?formato=csv). */
export function linhasDasEstatisticas(e: Estatisticas): EstatisticaLinha[] {
  const l: EstatisticaLinha[] = [];
  for (const n of [e, e.anoAnterior]) {
    l.push({ mes: n.mes, secao: 'total', item: null, uf: null, quantidadeKg: n.quantidadeKg, valor: n.valor });
    for (const g of n.porGrupo) l.push({ mes: n.mes, secao: 'grupo', item: g.produtoGrupoNome, uf: null, quantidadeKg: g.quantidadeKg, valor: g.valor });
    for (const p of n.produtos) l.push({ mes: n.mes, secao: 'produto', item: p.produtoNome, uf: null, quantidadeKg: p.quantidadeKg, valor: p.valor });
    for (const u of n.porUf) l.push({ mes: n.mes, secao: 'uf', item: null, uf: u.uf, quantidadeKg: u.quantidadeKg, valor: u.valor });
    for (const m of n.porMunicipio) l.push({ mes: n.mes, secao: 'municipio', item: m.municipioNome, uf: m.uf, quantidadeKg: m.quantidadeKg, valor: m.valor });
  }
  for (const c of e.indice.cesta) l.push({ mes: e.indice.mesBase, secao: 'cesta', item: c.produtoNome, uf: null, quantidadeKg: null, valor: c.peso });
  for (const s of e.indice.serie) l.push({ mes: s.mes, secao: 'indice', item: null, uf: null, quantidadeKg: null, valor: s.valor });
  return l;
}
