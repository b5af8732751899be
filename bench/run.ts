/**
 * `npm run bench`: fills a throw-away database with ~156,000 prices (apps/api/src/db/seed/precos.ts) and
 * measures p50/p95 of the price list (searchPrecos) and the public quotation (searchPrecosHome),
 * both their SQL (the repository) and the whole call (app.inject), against two bare indexed SELECTs
 * on the same database measured in turn with each case: a fixed one (the newest 20 prices) and the
 * same page's (the case's filter, order, LIMIT and OFFSET as a plain query). A route's total counts
 * matches up to 10,000 (lib/list.ts, TOTAL_MAXIMO) except where the database keeps an exact counter, so
 * the "contains" cases that match most rows ("1") measure the capped count.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set or postgres://root@127.0.0.1:5432/test
 * answers; then the public calls under load against a Fastify hello-world (bench/publico.ts). Prints
 * markdown tables and writes them to bench/results/latest.md.
 *
 *   npm run bench                 # both databases and the public load
 *   BENCH_RUNS=500 npm run bench  # more rounds per query (default 200)
 *   BENCH_ONLY=pglite|postgres|publico npm run bench
 *   BENCH_CASOS='filtro|página' npm run bench   # only the cases whose name matches (a regular expression)
 *
 * Then the cases (bench/decada.ts): every call a screen makes at one year and at ten years of
 * the demo data, interleaved, on each database; written to bench/results/decada.md.
 *   BENCH_PARTE=precos|decada npm run bench       # only one of the two parts
 *   BENCH_PARTE=decada BENCH_RAPIDO=1 npm run bench  # the quick subset of the decade cases
 *
 * `npm run bench -- manha`: only a market morning under load on ten years (bench/manha.ts).
 * `npm run bench -- lighthouse`: only Lighthouse on /home, a lot page and /portal (bench/lighthouse.ts).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { build, tokenFor } from '../apps/api/test/helpers';
import { precoFiltro, precoResumoFiltro } from '@ceasa/shared';
import { normalizarFiltroDePreco, precosRepository } from '../apps/api/src/modules/precos/precos.repository';
import { gerarPrecos } from '../apps/api/src/db/seed/precos';
import { dadosAbertosRepository } from '../apps/api/src/modules/dados-abertos/dados-abertos.repository';
import { rodarDecada, tabelaDecada, type LinhaDecada } from './decada';
import { manha } from './manha';
import { cargaPublica } from './publico';

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = 10;
const PG_PADRAO = 'postgres://root@127.0.0.1:5432/test';
const aqui = path.dirname(fileURLToPath(import.meta.url));
/** The columns a price-list page shows (the product's live in precos). */
const COLUNAS_PRECO =
  'p.id, p.valor, p.data, p.produto_id, p.produto_nome, p.produto_embalagem, p.produto_peso_em_kg, p.produto_grupo_id, p.produto_grupo_nome';
const SELECT_PURO = `SELECT ${COLUNAS_PRECO} FROM precos p ORDER BY p.data DESC LIMIT 20`;

interface Medida {
  p50: number;
  p95: number;
}
interface Linha {
  base: string;
  consulta: string;
  linhas: number;
  /** The bare SELECT, measured in turn with this case (drift and noise hit both alike). */
  ref: Medida;
  /** The same page's bare indexed SELECT (the case's filter, order, LIMIT and OFFSET as a plain query). */
  refMesma?: Medida;
  /** The database work of the call: the repository's page and total (what the route asks the database). */
  sql?: Medida;
  /** The whole call through the app (app.inject: routing, validation, authorisation, JSON). */
  api?: Medida;
}

function percentil(v: number[], p: number) {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function tempo(fn: () => Promise<unknown>, t: number[]) {
  const t0 = performance.now();
  await fn();
  t.push(performance.now() - t0);
}

/** Runs the bare SELECT, the same page's bare SELECT, the SQL and the API call in turn, RUNS times, after WARMUP rounds. */
async function medir(ref: () => Promise<unknown>, mesma?: () => Promise<{ rows: unknown[] }>, sqlFn?: () => Promise<number>, api?: () => Promise<number>) {
  let linhas = 0;
  for (let i = 0; i < WARMUP; i++) {
    await ref();
    const m = await mesma?.();
    if (sqlFn) linhas = await sqlFn();
    if (api) linhas = await api();
    // The reference must read the rows the route returns.
    if (m && m.rows.length !== linhas) throw new Error(`a página de referência tem ${m.rows.length} linhas, a rota ${linhas}`);
  }
  const tr: number[] = [];
  const tm: number[] = [];
  const ts: number[] = [];
  const ta: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    await tempo(ref, tr);
    if (mesma) await tempo(mesma, tm);
    if (sqlFn) await tempo(sqlFn, ts);
    if (api) await tempo(api, ta);
  }
  const m = (t: number[]): Medida | undefined => (t.length ? { p50: percentil(t, 50), p95: percentil(t, 95) } : undefined);
  return { linhas, ref: m(tr)!, refMesma: m(tm), sql: m(ts), api: m(ta) };
}

async function postgresDisponivel(): Promise<string | null> {
  const url = process.env.DATABASE_URL || PG_PADRAO;
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return url;
  } catch {
    return null;
  } finally {
    await c.end().catch(() => undefined);
  }
}

async function rodar(base: string, app: FastifyInstance): Promise<{ linhas: Linha[]; info: string }> {
  const db = app.ctx.db;
  const g = await gerarPrecos(db);
  // The steady state of a live database (autovacuum): statistics and visibility map up to date.
  await db.execute(sql`VACUUM ANALYZE`);
  const info = `${base}: ${g.grupos} grupos, ${g.produtos} produtos, ${g.precos} preços (${g.primeiraData} a ${g.ultimaData}); geração ${g.ms} ms`;
  console.log(info);
  const token = await tokenFor(app, ['super-admin']);
  const grupo = Number(((await db.execute(sql`SELECT id FROM produto_grupo WHERE nome = 'Tomate'`)).rows[0] as { id: number }).id);
  const umaData = g.ultimaData;
  const repo = precosRepository(db);

  const inject = async (method: 'GET' | 'POST', url: string, payload?: object, auth = true) => {
    const r = await app.inject({ method, url, payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });
    if (r.statusCode !== 200) throw new Error(`${method} ${url} → ${r.statusCode} ${r.body}`);
    const b = r.json();
    return Array.isArray(b) ? b.length : (b.content?.length ?? 1);
  };
  // The bare indexed SELECT of the rows a price-list page shows (the product's columns live in precos).
  const bare = () => db.execute(sql.raw(SELECT_PURO));
  // The same page's bare indexed SELECT: the case's own filter, order, LIMIT and OFFSET written as a
  // plain query on the same indexes (no total, no gathering, no preparation, no mapping).
  const COLUNAS_RESUMO =
    'r.produto_grupo_id, r.produto_grupo_nome, r.produto_grupo_un, r.valor_minimo, r.valor_medio, r.valor_maximo, r.data, r.valor_kg_minimo, r.valor_kg_medio, r.valor_kg_maximo';
  // Names sort by their Portuguese key (lib/list.ts chaveDeOrdem), which has its index.
  const chave = (coluna: string) => `(f_unaccent(${coluna}) COLLATE "C")`;
  const ORDEM_PRECO: Record<string, string> = {
    id: 'p.id',
    valor: 'p.valor',
    data: 'p.data',
    produtoNome: chave('p.produto_nome'),
    produtoEmbalagem: chave('p.produto_embalagem'),
    produtoGrupo: chave('p.produto_grupo_nome'),
  };
  const produtos = (coluna: string, texto: string) => `p.produto_id IN (SELECT id FROM produto WHERE ${coluna} LIKE '%' || f_unaccent('${texto}') || '%')`;
  const grupos = (col: string, texto: string) => `${col} IN (SELECT id FROM produto_grupo WHERE nome_busca LIKE '%' || f_unaccent('${texto}') || '%')`;
  const refPreco = (where: string, campo: string, dir: string, offset = 0) =>
    `SELECT ${COLUNAS_PRECO} FROM precos p ${where ? `WHERE ${where}` : ''} ORDER BY ${ORDEM_PRECO[campo]} ${dir}, p.id ${dir} LIMIT 20 OFFSET ${offset}`;
  type Caso = { nome: string; ref?: string; sql?: () => Promise<number>; api?: () => Promise<number> };
  const casos: Caso[] = [
    { nome: 'SELECT puro: precos ORDER BY data DESC LIMIT 20' },
    { nome: 'piso da API: GET /api/health (inject + SELECT 1)', api: () => inject('GET', '/api/health', undefined, false) },
  ];
  // searchPrecos: the route's SQL (the repository, with the body the route's schema would pass) and the call.
  const lista = (nome: string, dir: 'asc' | 'desc', campo: string, corpo: object, where: string, page = 0) =>
    casos.push({
      nome,
      ref: refPreco(where, campo, dir, page * 20),
      sql: async () =>
        (await repo.listar({ page, size: 20, sortField: campo, sortDir: dir, filters: precoFiltro.transform(normalizarFiltroDePreco).parse(corpo) })).content
          .length,
      api: () => inject('POST', `/api/precos/searchPrecos/${dir}/${campo}?page=${page}&size=20`, corpo),
    });
  for (const campo of ['id', 'valor', 'data', 'produtoNome', 'produtoEmbalagem', 'produtoGrupo'])
    for (const dir of ['asc', 'desc'] as const) lista(`searchPrecos ordenado por ${campo} ${dir}`, dir, campo, {}, '');
  const filtros: [string, object, string][] = [
    ['produtoNome "acucar" (10 produtos)', { produtoNome: 'acucar' }, produtos('nome_busca', 'acucar')],
    ['produtoNome "acucar extra" (1 produto)', { produtoNome: 'acucar extra' }, produtos('nome_busca', 'acucar extra')],
    ['produtoEmbalagem "sc 50"', { produtoEmbalagem: 'sc 50' }, produtos('embalagem_busca', 'sc 50')],
    ['produtoGrupo (id)', { produtoGrupo: grupo }, `p.produto_grupo_id = ${grupo}`],
    ['produtoGrupo "tomate"', { produtoGrupo: 'tomate' }, grupos('p.produto_grupo_id', 'tomate')],
    ['data (um dia)', { data: umaData }, `p.data = '${umaData}'`],
    ['valor "12,3"', { valor: '12,3' }, `p.valor::text LIKE '%12.3%'`],
    ['valor "1" (quase todas as linhas)', { valor: '1' }, `p.valor::text LIKE '%1%'`],
    ['id "777"', { id: '777' }, `p.id::text LIKE '%777%'`],
    ['id "1234"', { id: '1234' }, `p.id::text LIKE '%1234%'`],
  ];
  for (const [nome, corpo, where] of filtros) lista(`searchPrecos filtro ${nome}, data desc`, 'desc', 'data', corpo, where);
  lista('searchPrecos filtro produtoGrupo (id), ordenado por produtoNome asc', 'asc', 'produtoNome', { produtoGrupo: grupo }, `p.produto_grupo_id = ${grupo}`);
  lista(
    'searchPrecos filtro data + produtoNome "tomate", ordenado por valor desc',
    'desc',
    'valor',
    { data: umaData, produtoNome: 'tomate' },
    `p.data = '${umaData}' AND ${produtos('nome_busca', 'tomate')}`,
  );
  lista('searchPrecos página 500 (10.000 linhas puladas), data desc', 'desc', 'data', {}, '', 500);

  const PADRAO_RESUMO = `r.data DESC, ${chave('r.produto_grupo_nome')} ASC, r.produto_grupo_id ASC`;
  const COLUNA_RESUMO: Record<string, string> = {
    precoData: 'r.data',
    produtoGrupoNome: chave('r.produto_grupo_nome'),
    produtoGrupoUn: chave('r.produto_grupo_un'),
    valorMinimo: 'r.valor_minimo',
    valorMedio: 'r.valor_medio',
    valorMaximo: 'r.valor_maximo',
    valorKgMinimo: 'r.valor_kg_minimo',
    valorKgMedio: 'r.valor_kg_medio',
    valorKgMaximo: 'r.valor_kg_maximo',
  };
  const home = (nome: string, campo: string, dir: 'asc' | 'desc', corpo: object, where: string, size = 20) => {
    const ordem =
      campo === 'precoData' && dir === 'desc'
        ? PADRAO_RESUMO
        : campo.startsWith('produtoGrupo')
          ? `${COLUNA_RESUMO[campo]} ${dir}, r.produto_grupo_id ${dir}, r.data DESC`
          : `${COLUNA_RESUMO[campo]} ${dir}, ${PADRAO_RESUMO}`;
    casos.push({
      nome,
      ref: `SELECT ${COLUNAS_RESUMO} FROM precos_resumo r ${where ? `WHERE ${where}` : ''} ORDER BY ${ordem} LIMIT ${size}`,
      sql: async () => (await repo.resumo({ page: 0, size, sortField: campo, sortDir: dir, filters: precoResumoFiltro.parse(corpo) })).content.length,
      api: () => inject('POST', `/api/precos/searchPrecosHome/${campo}/${dir}?page=0&size=${size}`, corpo, false),
    });
  };
  home('searchPrecosHome padrão (precoData desc)', 'precoData', 'desc', {}, '');
  home('searchPrecosHome ordenado por precoData asc', 'precoData', 'asc', {}, '');
  for (const campo of ['produtoGrupoNome', 'produtoGrupoUn'])
    for (const dir of ['asc', 'desc'] as const) home(`searchPrecosHome ordenado por ${campo} ${dir}`, campo, dir, {}, '');
  for (const campo of ['valorMinimo', 'valorMedio', 'valorMaximo', 'valorKgMinimo', 'valorKgMedio', 'valorKgMaximo'])
    home(`searchPrecosHome ordenado por ${campo} desc`, campo, 'desc', {}, '');
  home('searchPrecosHome filtro produtoGrupoNome "acucar"', 'precoData', 'desc', { produtoGrupoNome: 'acucar' }, grupos('r.produto_grupo_id', 'acucar'));
  home('searchPrecosHome filtro precoData (um dia)', 'precoData', 'desc', { precoData: umaData }, `r.data = '${umaData}'`);
  home('searchPrecosHome filtro produtoGrupoId', 'precoData', 'desc', { produtoGrupoId: grupo }, `r.produto_grupo_id = ${grupo}`);
  home('searchPrecosHome filtro valorMedio "12,3"', 'precoData', 'desc', { valorMedio: '12,3' }, `r.valor_medio::text LIKE '%12.3%'`);
  home('searchPrecosHome filtro valorMinimo "1" (quase todas as linhas)', 'precoData', 'desc', { valorMinimo: '1' }, `r.valor_minimo::text LIKE '%1%'`);
  home('searchPrecosHome 1000 linhas (relatório impresso)', 'precoData', 'desc', {}, '', 1000);
  casos.push({
    nome: 'histórico do grupo (90 dias)',
    ref: `SELECT r.data, r.valor_minimo, r.valor_medio, r.valor_maximo FROM precos_resumo r WHERE r.produto_grupo_id = ${grupo} AND r.data > (SELECT max(u.data) FROM precos_resumo u WHERE u.produto_grupo_id = ${grupo}) - 90 ORDER BY r.data`,
    sql: async () => (await repo.historico(grupo, 90)).length,
    api: () => inject('GET', `/api/precos/historico/${grupo}`, undefined, false),
  });

  // Open data (decision 0109): a day's quotation file, read fresh and tagged on every call.
  casos.push({
    nome: 'dados abertos: cotação de um dia (JSON + ETag)',
    ref: `SELECT ${COLUNAS_RESUMO} FROM precos_resumo r WHERE r.data = '${umaData}' ORDER BY ${chave('r.produto_grupo_nome')}, r.produto_grupo_id`,
    sql: async () => (await dadosAbertosRepository(db).cotacao(umaData)).length,
    api: () => inject('GET', `/api/publico/cotacao?data=${umaData}`, undefined, false),
  });

  const linhas: Linha[] = [];
  const so = process.env.BENCH_CASOS ? new RegExp(process.env.BENCH_CASOS, 'i') : null;
  const escolhidos = casos.filter((c, i) => !so || i < 2 || so.test(c.nome));
  // Every query once before any is timed: the first case does not pay for cold caches, connections
  // and the database's own after-load work.
  for (let i = 0; i < 3; i++) for (const c of escolhidos) await Promise.all([bare(), c.ref && db.execute(sql.raw(c.ref)), c.sql?.(), c.api?.()]);
  for (const c of escolhidos) {
    const m = await medir(bare, c.ref ? () => db.execute(sql.raw(c.ref!)) : undefined, c.sql, c.api);
    linhas.push({ base, consulta: c.nome, ...m });
    const f = (x?: Medida) => (x ? `${x.p50.toFixed(2)}/${x.p95.toFixed(2)}` : '-');
    console.log(`  ${c.nome}: SELECT puro ${f(m.ref)}, mesma página ${f(m.refMesma)}, SQL ${f(m.sql)}, API ${f(m.api)} ms (p50/p95)`);
  }
  return { linhas, info };
}

// `npm run bench -- lighthouse`: only Lighthouse on the public pages and the portal (bench/lighthouse.ts, also `npm run bench:lighthouse`).
if (process.argv.includes('lighthouse')) {
  await import('./lighthouse');
  process.exit(0);
}

const apenas = process.env.BENCH_ONLY;
const bases: { nome: string; url?: string }[] = [];
if (!apenas || apenas === 'pglite') bases.push({ nome: 'PGlite' });
if (!apenas || apenas === 'postgres') {
  const url = await postgresDisponivel();
  if (url) bases.push({ nome: 'PostgreSQL', url });
  else console.log(`PostgreSQL indisponível (${process.env.DATABASE_URL ? 'DATABASE_URL' : PG_PADRAO}): só PGlite.`);
}

// `npm run bench -- manha`: only the market morning (bench/manha.ts).
if (process.argv.includes('manha')) {
  await manha(bases);
  process.exit(0);
}

const PARTE = process.env.BENCH_PARTE ?? 'todas';
const todas: Linha[] = [];
const infos: string[] = [];
const urlOriginal = process.env.DATABASE_URL;
const carga = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1).replace('.', ','))
    .join(' / ');

if (PARTE !== 'precos' && bases.length) {
  const decada: LinhaDecada[] = [];
  const cargas: string[] = [];
  for (const b of bases) {
    const antes = carga();
    decada.push(...(await rodarDecada(b.nome, b.url ? 'postgres' : 'pglite', b.url)));
    cargas.push(`${b.nome}: carga média (1/5/15 min) ${antes} no início, ${carga()} no fim`);
  }
  let md = `# Benchmark: custo que não cresce com os anos\n\n${new Date().toISOString()} · Node ${process.version} · ${os.cpus().length} núcleos ${os.cpus()[0]?.model ?? ''}\n\n`;
  md += cargas.map((c) => `- ${c}`).join('\n') + '\n\n';
  md += 'Cada chamada pela API (`app.inject`), alternando o banco de 1 ano e o de 10 anos a cada rodada (a ordem troca a cada rodada).\n\n';
  for (const b of bases)
    md += tabelaDecada(
      b.nome,
      decada.filter((l) => l.base === b.nome),
    );
  console.log('\n' + md);
  mkdirSync(path.join(aqui, 'results'), { recursive: true });
  writeFileSync(path.join(aqui, 'results', 'decada.md'), md);
  console.log(`Escrito em ${path.relative(process.cwd(), path.join(aqui, 'results', 'decada.md'))}`);
}
if (PARTE === 'decada') process.exit(0);
for (const b of bases) {
  if (b.url) process.env.DATABASE_URL = b.url;
  else delete process.env.DATABASE_URL;
  const app = await build();
  try {
    const r = await rodar(b.nome, app);
    todas.push(...r.linhas);
    infos.push(r.info);
  } finally {
    await app.close();
  }
}
if (urlOriginal) process.env.DATABASE_URL = urlOriginal;

const fmt = (n: number) => n.toFixed(2).replace('.', ',');
const vezes = (v: number) => `${v.toFixed(1).replace('.', ',')}×`;
/** p50 and p95, each divided by the same percentile of the bare SELECT measured in turn with it. */
const razao = (m: Medida, ref: Medida) => ({ p50: m.p50 / ref.p50, p95: m.p95 / ref.p95 });
const dentro = (r: { p50: number; p95: number }) => r.p50 <= 2 && r.p95 <= 2;
let md = `# Benchmark de preços\n\n${new Date().toISOString()} · Node ${process.version} · ${os.cpus()[0]?.model ?? ''} · ${RUNS} rodadas por consulta (após ${WARMUP} de aquecimento)\n\n`;
md += infos.map((i) => `- ${i}`).join('\n') + '\n\n';
if (bases.length)
  md +=
    'Em cada rodada roda-se, em sequência: o **SELECT puro** fixo (`' +
    SELECT_PURO +
    '`); o **SELECT puro da mesma página** ' +
    '(o filtro, a ordem, o LIMIT e o OFFSET do caso escritos como uma consulta simples sobre os mesmos índices, sem total, sem preparo, ' +
    'e conferido: lê o mesmo número de linhas que a rota); o **SQL da rota** (o repositório: a página e o total que a rota pede ao banco, ' +
    'pelo mesmo driver); e a **chamada pela API** (`app.inject`: roteamento, validação, autorização e JSON). As razões dividem cada ' +
    'percentil pelo mesmo percentil da referência medida junto com o caso. O total da rota conta as correspondências até 10.000 (além disso a página ' +
    'diz "mais de 10.000"), salvo onde o banco mantém um contador exato (lista sem filtro, filtros só de produto, cotação sem filtro). ' +
    'Meta do issue: p50 e p95 até 2× um SELECT puro indexado … LIMIT 20.\n\n';
for (const b of bases) {
  const linhas = todas.filter((x) => x.base === b.nome);
  md += `## ${b.nome}\n\n| Consulta | Linhas | SELECT puro p50/p95 (ms) | mesma página, SELECT puro p50/p95 (ms) | SQL da rota p50/p95 (ms) | SQL ÷ mesma página p50/p95 | SQL ÷ SELECT puro fixo p50/p95 | API p50/p95 (ms) | API ÷ puro p50 |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|\n`;
  const r = (m?: Medida, ref?: Medida) => (m && ref ? `${vezes(razao(m, ref).p50)} / ${vezes(razao(m, ref).p95)}${dentro(razao(m, ref)) ? '' : ' ✗'}` : '–');
  for (const l of linhas) {
    md += `| ${l.consulta} | ${l.linhas || 20} | ${fmt(l.ref.p50)} / ${fmt(l.ref.p95)} | ${l.refMesma ? `${fmt(l.refMesma.p50)} / ${fmt(l.refMesma.p95)}` : '–'} | ${l.sql ? `${fmt(l.sql.p50)} / ${fmt(l.sql.p95)}` : '–'} | ${r(l.sql, l.refMesma)} | ${r(l.sql, l.ref)} | ${l.api ? `${fmt(l.api.p50)} / ${fmt(l.api.p95)}` : '–'} | ${l.api ? vezes(l.api.p50 / l.ref.p50) : '–'} |\n`;
  }
  const comSql = linhas.filter((l) => l.sql);
  const resumo = (nome: string, ref: (l: Linha) => Medida | undefined) => {
    const fora = comSql.filter((l) => !dentro(razao(l.sql!, ref(l)!)));
    return `dentro de 2× ${nome} (p50 e p95) em ${comSql.length - fora.length} de ${comSql.length} consultas${fora.length ? ` (fora: ${fora.map((l) => l.consulta).join('; ')})` : ''}`;
  };
  const piso = linhas.find((l) => l.consulta.startsWith('piso'))!;
  md += `\n${b.nome}: SQL da rota ${resumo('do SELECT puro da mesma página', (l) => l.refMesma)}; ${resumo('do SELECT puro fixo', (l) => l.ref)}.`;
  md += ` Só o piso da API (GET /api/health) já custa ${vezes(piso.api!.p50 / piso.ref.p50)} o SELECT puro.\n\n`;
}
if (!apenas || apenas === 'publico') md += await cargaPublica();
console.log('\n' + md);
mkdirSync(path.join(aqui, 'results'), { recursive: true });
writeFileSync(path.join(aqui, 'results', 'latest.md'), md);
console.log(`Escrito em ${path.relative(process.cwd(), path.join(aqui, 'results', 'latest.md'))}`);
