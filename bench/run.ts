/**
 * `npm run bench`: fills a throw-away database with ~156,000 prices (apps/api/src/db/seed/precos.ts) and
 * measures p50/p95 of the price list (searchPrecos) and the public quotation (searchPrecosHome)
 * through the real app (inject), against a bare indexed SELECT on the same database.
 * Runs on PGlite, and on PostgreSQL when DATABASE_URL is set or postgres://root@127.0.0.1:5432/test
 * answers. Prints a markdown table and writes it to bench/results/latest.md.
 *
 *   npm run bench                 # both databases
 *   BENCH_RUNS=50 npm run bench   # more runs per query (default 30)
 *   BENCH_ONLY=pglite|postgres npm run bench
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { build, tokenFor } from '../apps/api/test/helpers';
import { precosRepository } from '../apps/api/src/modules/precos/precos.repository';
import { gerarPrecos } from '../apps/api/src/db/seed/precos';

const RUNS = Number(process.env.BENCH_RUNS ?? 30);
const WARMUP = 3;
const PG_PADRAO = 'postgres://root@127.0.0.1:5432/test';
const aqui = path.dirname(fileURLToPath(import.meta.url));

interface Linha {
  base: string;
  consulta: string;
  p50: number;
  p95: number;
  linhas: number;
}

function percentil(v: number[], p: number) {
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

async function medir(fn: () => Promise<number>): Promise<{ p50: number; p95: number; linhas: number }> {
  let linhas = 0;
  for (let i = 0; i < WARMUP; i++) linhas = await fn();
  const t: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    linhas = await fn();
    t.push(performance.now() - t0);
  }
  return { p50: percentil(t, 50), p95: percentil(t, 95), linhas };
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

  const inject = async (method: 'GET' | 'POST', url: string, payload?: object, auth = true) => {
    const r = await app.inject({ method, url, payload, headers: auth ? { authorization: `Bearer ${token}` } : {} });
    if (r.statusCode !== 200) throw new Error(`${method} ${url} → ${r.statusCode} ${r.body}`);
    const b = r.json();
    return Array.isArray(b) ? b.length : (b.content?.length ?? 1);
  };
  const casos: [string, () => Promise<number>][] = [
    ['SELECT puro: precos ORDER BY data DESC LIMIT 20', async () => (await db.execute(sql`SELECT id, valor, data, produto_id FROM precos ORDER BY data DESC LIMIT 20`)).rows.length],
  ];
  casos.push(['piso da API: GET /api/health (inject + SELECT 1)', () => inject('GET', '/api/health', undefined, false)]);
  // The same SQL the routes run, without HTTP: the fair comparison with the bare SELECT.
  const repo = precosRepository(db);
  casos.push(['searchPrecosHome padrão, só o SQL (repositório, sem HTTP)', async () => (await repo.resumo({ page: 0, size: 20, sortField: 'precoData', sortDir: 'desc' })).content.length]);
  casos.push(['searchPrecos data desc, só o SQL (repositório, sem HTTP)', async () => (await repo.listar({ page: 0, size: 20, sortField: 'data', sortDir: 'desc' })).content.length]);
  for (const campo of ['id', 'valor', 'data', 'produtoNome', 'produtoEmbalagem', 'produtoGrupo'])
    for (const dir of campo === 'data' || campo === 'valor' ? ['desc'] : ['asc'])
      casos.push([`searchPrecos ordenado por ${campo} ${dir}`, () => inject('POST', `/api/precos/searchPrecos/${dir}/${campo}?page=0&size=20`, {})]);
  const filtros: [string, object][] = [
    ['produtoNome "acucar"', { produtoNome: 'acucar' }],
    ['produtoEmbalagem "sc 50"', { produtoEmbalagem: 'sc 50' }],
    ['produtoGrupo (id)', { produtoGrupo: grupo }],
    ['produtoGrupo "tomate"', { produtoGrupo: 'tomate' }],
    ['data (um dia)', { data: umaData }],
    ['valor "12,3"', { valor: '12,3' }],
    ['id "777"', { id: '777' }],
  ];
  for (const [nome, corpo] of filtros) casos.push([`searchPrecos filtro ${nome}, data desc`, () => inject('POST', '/api/precos/searchPrecos/desc/data?page=0&size=20', corpo)]);
  casos.push(['searchPrecos página 500, data desc', () => inject('POST', '/api/precos/searchPrecos/desc/data?page=500&size=20', {})]);
  const home: [string, string, object][] = [
    ['searchPrecosHome padrão (precoData desc)', 'precoData/desc', {}],
    ['searchPrecosHome ordenado por produtoGrupoNome asc', 'produtoGrupoNome/asc', {}],
    ['searchPrecosHome ordenado por valorMedio desc', 'valorMedio/desc', {}],
    ['searchPrecosHome ordenado por valorKgMinimo asc', 'valorKgMinimo/asc', {}],
    ['searchPrecosHome filtro produtoGrupoNome "acucar"', 'precoData/desc', { produtoGrupoNome: 'acucar' }],
    ['searchPrecosHome filtro precoData (um dia)', 'precoData/desc', { precoData: umaData }],
    ['searchPrecosHome filtro produtoGrupoId', 'precoData/desc', { produtoGrupoId: grupo }],
    ['searchPrecosHome filtro valorMinimo "1"', 'precoData/desc', { valorMinimo: '1' }],
  ];
  for (const [nome, caminho, corpo] of home) casos.push([nome, () => inject('POST', `/api/precos/searchPrecosHome/${caminho}?page=0&size=20`, corpo, false)]);
  casos.push(['searchPrecosHome 1000 linhas (relatório)', () => inject('POST', '/api/precos/searchPrecosHome/precoData/desc?page=0&size=1000', {}, false)]);
  casos.push(['historico do grupo (90 dias)', () => inject('GET', `/api/precos/historico/${grupo}`, undefined, false)]);

  const linhas: Linha[] = [];
  for (const [consulta, fn] of casos) {
    const m = await medir(fn);
    linhas.push({ base, consulta, ...m });
    console.log(`  ${consulta}: p50 ${m.p50.toFixed(2)} ms, p95 ${m.p95.toFixed(2)} ms`);
  }
  return { linhas, info };
}

const bases: { nome: string; url?: string }[] = [];
if (process.env.BENCH_ONLY !== 'postgres') bases.push({ nome: 'PGlite' });
if (process.env.BENCH_ONLY !== 'pglite') {
  const url = await postgresDisponivel();
  if (url) bases.push({ nome: 'PostgreSQL', url });
  else console.log(`PostgreSQL indisponível (${process.env.DATABASE_URL ? 'DATABASE_URL' : PG_PADRAO}): só PGlite.`);
}

const todas: Linha[] = [];
const infos: string[] = [];
const urlOriginal = process.env.DATABASE_URL;
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
let md = `# Benchmark de preços\n\n${new Date().toISOString()} · Node ${process.version} · ${os.cpus()[0]?.model ?? ''} · ${RUNS} execuções por consulta (após ${WARMUP} de aquecimento)\n\n`;
md += infos.map((i) => `- ${i}`).join('\n') + '\n\n';
md += 'Consultas da API medidas com `app.inject` (roteamento, validação, autorização e JSON incluídos); o SELECT puro vai direto ao banco.\n\n';
md += '| Banco | Consulta | Linhas | p50 (ms) | p95 (ms) | p50 ÷ SELECT puro |\n|---|---|---:|---:|---:|---:|\n';
for (const b of bases) {
  const ref = todas.find((l) => l.base === b.nome && l.consulta.startsWith('SELECT puro'))!;
  for (const l of todas.filter((x) => x.base === b.nome))
    md += `| ${l.base} | ${l.consulta} | ${l.linhas} | ${fmt(l.p50)} | ${fmt(l.p95)} | ${(l.p50 / ref.p50).toFixed(1).replace('.', ',')}× |\n`;
}
md += '\nMeta: `searchPrecosHome` padrão em até 2× o SELECT puro.\n';
for (const b of bases) {
  const linhas = todas.filter((x) => x.base === b.nome);
  const ref = linhas.find((l) => l.consulta.startsWith('SELECT puro'))!;
  const piso = linhas.find((l) => l.consulta.startsWith('piso'))!;
  const home = linhas.find((l) => l.consulta.startsWith('searchPrecosHome padrão (precoData'))!;
  const sqlHome = linhas.find((l) => l.consulta.startsWith('searchPrecosHome padrão, só o SQL'))!;
  const x = home.p50 / ref.p50;
  const y = sqlHome.p50 / ref.p50;
  const vezes = (v: number) => `${v.toFixed(1).replace('.', ',')}×`;
  md += `- ${b.nome}: pela API ${vezes(x)} (${x <= 2 ? 'atingida' : 'não atingida'}; só o piso da API, GET /api/health, já custa ${vezes(piso.p50 / ref.p50)}); `;
  md += `só o SQL da rota ${vezes(y)} (${y <= 2 ? 'atingida' : 'não atingida'}).\n`;
}
console.log('\n' + md);
mkdirSync(path.join(aqui, 'results'), { recursive: true });
writeFileSync(path.join(aqui, 'results', 'latest.md'), md);
console.log(`Escrito em ${path.relative(process.cwd(), path.join(aqui, 'results', 'latest.md'))}`);
