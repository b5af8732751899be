/**
 * The public under load, a case of `npm run bench`: the product's server as `npm start`
 * runs it (the compiled apps/api/dist/server.mjs, compiled first if its sources changed; its default logging) on a throw-away embedded database filled by `npm run seed:demo`, and a bare
 * Fastify hello-world (bench/ola-mundo.ts), each in its own process on loopback. autocannon (50
 * connections) loads, in turn and for PUBLICO_SEGUNDOS each: the hello-world, the public quotation
 * (POST /api/precos/searchPrecosHome/precoData/desc?page=0&size=20 with {}, the /home page's first
 * call) and the public lot page call (GET /api/romaneio/lote/{lote}), PUBLICO_RODADAS times, so the
 * machine's load hits all three alike; each call's requests/s is divided by the hello-world's of the
 * same round. The server's RSS (/proc/<pid>/status, as process.memoryUsage().rss) is read at rest after
 * its start (and its first maintenance), at its highest under load, and at rest after the load.
 *
 *   PUBLICO_SEGUNDOS=10 PUBLICO_RODADAS=2 BENCH_PORT=3290 npm run bench
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { codigoDoLote } from '@ceasa/shared';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { compilarServidorSeMudou } from '../scripts/build-se-mudou.mjs';

/** What `npm start` runs (its prestart compiles it: scripts/build-se-mudou.mjs). */
const SERVIDOR_COMPILADO = 'apps/api/dist/server.mjs';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEGUNDOS = Number(process.env.PUBLICO_SEGUNDOS ?? 10);
const RODADAS = Number(process.env.PUBLICO_RODADAS ?? 2);
const CONEXOES = 50;
const PORTA = Number(process.env.BENCH_PORT ?? 3290);
/** The goal: each public call serves at least this share of the hello-world's requests/s. */
export const META_PUBLICO = 0.5;

const esperar = (ms: number) => new Promise((r) => setTimeout(r, ms));
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/** A process's resident memory now (what process.memoryUsage().rss says inside it). */
function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/** Starts a Node process (`args`: its entry and flags); resolves once it prints `pronto` on stdout. */
async function iniciar(args: string[], env: NodeJS.ProcessEnv, pronto: RegExp): Promise<ChildProcess> {
  const entrada = args.join(' ');
  const p = spawn(process.execPath, args, { cwd: raiz, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((ok, falha) => {
    let visto = '';
    const ler = (b: Buffer) => {
      if (!pronto.test((visto += b.toString()))) return;
      // From here on its output (the request log) is read and dropped, as a log collector would.
      p.stdout!.off('data', ler);
      p.stdout!.resume();
      ok();
    };
    p.stdout!.on('data', ler);
    p.once('exit', (c) => falha(new Error(`${entrada} saiu (${c}) antes de ficar pronto:\n${visto}`)));
  });
  return p;
}

async function parar(p: ChildProcess) {
  if (p.exitCode !== null) return;
  const saiu = new Promise((r) => p.once('exit', r));
  p.kill('SIGTERM');
  await saiu;
}

interface Carga {
  nome: string;
  url: string;
  method?: 'GET' | 'POST';
  body?: string;
}

async function carregar(c: Carga): Promise<{ rps: number; p50: number; p99: number }> {
  const r = await autocannon({
    url: c.url,
    connections: CONEXOES,
    duration: SEGUNDOS,
    method: c.method ?? 'GET',
    body: c.body,
    headers: c.body ? { 'content-type': 'application/json' } : {},
  });
  if (r.errors || r.non2xx || r.timeouts) throw new Error(`${c.nome}: ${r.errors} erros, ${r.timeouts} timeouts, ${r.non2xx} respostas não 2xx`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99 };
}

/** Runs the case; returns its markdown section. */
export async function cargaPublica(): Promise<string> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-publico-'));
  const env = { DATABASE_URL: '', DATA_DIR: dataDir };
  const processos: ChildProcess[] = [];
  try {
    const t0 = performance.now();
    const seed = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/db/seed/demo.ts'], { cwd: raiz, env: { ...process.env, ...env }, stdio: 'ignore' });
    const codigo = await new Promise<number | null>((r) => seed.once('exit', r));
    if (codigo !== 0) throw new Error(`seed:demo saiu com ${codigo}`);
    console.log(`Carga pública: demonstração de um ano em ${Math.round((performance.now() - t0) / 1000)} s`);
    // A lot of the newest market day (what a label just printed opens).
    const database = await openDatabase(loadConfig({ ...process.env, ...env }));
    // Its printed code (random since decision 0107; the sequential form only for items saved before it).
    const [item] = (await database.db.execute(sql`SELECT romaneio_id AS r, id, codigo_lote AS c FROM romaneio_itens ORDER BY id DESC LIMIT 1`)).rows as {
      r: number;
      id: number;
      c: string | null;
    }[];
    await database.close();
    const lote = item.c ?? codigoDoLote(Number(item.r), Number(item.id));

    const ola = await iniciar(['--import', 'tsx', 'bench/ola-mundo.ts'], { PORT: String(PORTA + 1) }, /pronto/);
    processos.push(ola);
    await compilarServidorSeMudou();
    const servidor = await iniciar([SERVIDOR_COMPILADO], { ...env, PORT: String(PORTA), HOST: '127.0.0.1' }, /CEASA Regional em/);
    processos.push(servidor);
    const base = `http://127.0.0.1:${PORTA}`;
    const cargas: Carga[] = [
      { nome: 'hello-world (Fastify puro)', url: `http://127.0.0.1:${PORTA + 1}/` },
      {
        nome: 'POST /api/precos/searchPrecosHome (padrão, 1ª página)',
        url: `${base}/api/precos/searchPrecosHome/precoData/desc?page=0&size=20`,
        method: 'POST',
        body: '{}',
      },
      { nome: `GET /api/romaneio/lote/{lote}`, url: `${base}/api/romaneio/lote/${lote}` },
    ];
    for (const c of cargas.slice(1)) {
      const r = await fetch(c.url, { method: c.method, body: c.body, headers: c.body ? { 'content-type': 'application/json' } : {} });
      if (!r.ok) throw new Error(`${c.nome}: ${r.status} ${await r.text()}`);
    }
    // At rest: after the start and the embedded database's first maintenance (server.ts, 10 s after the start).
    await esperar(12_000);
    const repouso = rss(servidor.pid!);
    let pico = repouso;
    const amostras = setInterval(() => (pico = Math.max(pico, rss(servidor.pid!))), 250);
    const medidas: { rps: number; p50: number; p99: number }[][] = cargas.map(() => []);
    try {
      for (let rodada = 0; rodada < RODADAS; rodada++)
        for (const [i, c] of cargas.entries()) {
          const m = await carregar(c);
          medidas[i].push(m);
          console.log(`  rodada ${rodada + 1}, ${c.nome}: ${Math.round(m.rps)} req/s (latência p50 ${m.p50} ms, p99 ${m.p99} ms)`);
        }
    } finally {
      clearInterval(amostras);
    }
    await esperar(5_000);
    const depois = rss(servidor.pid!);

    const n = (v: number) => Math.round(v).toLocaleString('pt-BR');
    const razao = (v: number) => `${v.toFixed(2).replace('.', ',')}×`;
    let md = `## Público sob carga (autocannon, ${CONEXOES} conexões, loopback, ${SEGUNDOS} s por caso, ${RODADAS} rodadas intercaladas)\n\n`;
    md += `Carga da máquina no início: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(', ')} (1, 5, 15 min) · ${os.cpus().length} núcleos. `;
    md += `Servidor: \`${SERVIDOR_COMPILADO}\` (o de \`npm start\`, log padrão, info) sobre o banco embutido com \`npm run seed:demo\` (um ano); lote ${lote}.\n\n`;
    md += `| Chamada | ${medidas[0].map((_, i) => `rodada ${i + 1} req/s (÷ hello-world)`).join(' | ')} | pior razão | latência p50/p99 (ms) |\n`;
    md += `|---|${medidas[0].map(() => '---:|').join('')}---:|---:|\n`;
    const pioresRazoes: number[] = [];
    for (const [i, c] of cargas.entries()) {
      const razoes = medidas[i].map((m, r) => m.rps / medidas[0][r].rps);
      const pior = Math.min(...razoes);
      if (i) pioresRazoes.push(pior);
      const lat = medidas[i].map((m) => `${m.p50}/${m.p99}`).join(', ');
      md += `| ${c.nome} | ${medidas[i].map((m, r) => `${n(m.rps)}${i ? ` (${razao(razoes[r])})` : ''}`).join(' | ')} | ${i ? `${razao(pior)}${pior < META_PUBLICO ? ' ✗' : ''}` : '–'} | ${lat} |\n`;
    }
    md += `\nRSS do servidor: ${mb(repouso)} em repouso após o início, ${mb(pico)} no pico sob carga, ${mb(depois)} em repouso após a carga. `;
    md += `Meta: cada chamada pública ≥ ${razao(META_PUBLICO)} o hello-world (${pioresRazoes.every((r) => r >= META_PUBLICO) ? 'cumprida' : 'NÃO cumprida'}); RSS em repouso < 300 MB (${repouso < 300 * 1024 * 1024 ? 'cumprida' : 'NÃO cumprida'}).\n`;
    return md;
  } finally {
    for (const p of processos.reverse()) await parar(p);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
