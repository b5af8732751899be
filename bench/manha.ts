/**
 * `npm run bench -- manha`: a market morning on ten market-years of the demo (the databases
 * bench/decada.ts keeps), through the HTTP API of the server as `npm start` runs it (its own process; this one
 * only makes the requests): twelve gate clerks each saving a three-item romaneio every 20 s, two price clerks each
 * saving a price every 15 s, public readers at 200 requests/s through node:http (half the /home quotation's first
 * page, half lot pages of 200 labels), and a recall by lot every minute, all at once, for MANHA_MINUTOS (default
 * 10); beside them a reference reader calls `GET /api/health` (Fastify and a trivial query, nothing kept) at 10
 * requests/s: the floor a call pays at that moment through the same client. Then every acknowledged write is read back (none may be lost).
 * Reports p50/p95/max per kind, errors, requests the readers could not start (more than 256 in flight), the
 * server's RSS at 20 % of the run (minute 2 of 10) and at its end, what the server's /metrics counted during the
 * run (public answers sent from memory and computed, database time, GC pauses), and the machine's load; on PGlite
 * and on PostgreSQL (BENCH_ONLY=pglite|postgres for one). Writes bench/results/manha.md.
 *
 *   npm run bench -- manha                        # ten minutes on each database
 *   MANHA_MINUTOS=1 npm run bench -- manha        # a smoke run
 *   MANHA_LEITURAS=100 BENCH_PORT=3441 …          # readers' rate, the server's port
 *   MANHA_SERVIDOR=apps/api/dist.old-antes/server.mjs …   # another build of the server (before/after)
 *   MANHA_BACKUP_MINUTO=3 …                       # also 'Fazer backup agora' (POST /api/backups) at minute 3
 *
 * With MANHA_BACKUP_MINUTO the server gets a temporary BACKUP_DIR and the super-admin asks for a backup at that
 * minute, as the 'Backups' screen does; the report then splits the romaneio saves into those that overlapped the
 * backup and the others (p50/p95 of each, the same run), with the backup's duration and size.
 *
 * Goals (README, docs/performance.md): no error, no acknowledged write lost, p95 of a romaneio save under 150 ms
 * and of a public call under 20 ms, RSS growing less than 10 % from minute 2 to minute 10.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import { compilarServidorSeMudou } from '../scripts/build-se-mudou.mjs';
import { abrirDecada, CONFIG_DECADA } from './decada';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const raiz = path.resolve(aqui, '..');
const MINUTOS = Number(process.env.MANHA_MINUTOS ?? 10);
const DURACAO_MS = MINUTOS * 60_000;
const LEITURAS_POR_S = Number(process.env.MANHA_LEITURAS ?? 200);
/** The reference reader's rate (GET /api/health). */
const SAUDE_POR_S = 10;
const PORTA = Number(process.env.BENCH_PORT ?? 3441);
const BALCONISTAS = 12;
const ROMANEIO_CADA_MS = 20_000;
const PRECISTAS = 2;
const PRECO_CADA_MS = 15_000;
const RECALL_CADA_MS = 60_000;
/** The minute of the run at which a backup is asked for (POST /api/backups), or none. */
const BACKUP_MINUTO = process.env.MANHA_BACKUP_MINUTO ? Number(process.env.MANHA_BACKUP_MINUTO) : undefined;
/** Readers' requests in flight past which a new one is not started (counted as not started). */
const MAXIMO_EM_VOO = 256;

type Tipo = 'romaneio' | 'preco' | 'cotacao' | 'lote' | 'saude' | 'recall' | 'releitura';

interface Preparo {
  /** The market day the clerks enter (the newest with romaneios). */
  dia: string;
  /** Per candidate producer: three harvestable bulletin items of three products. */
  produtores: { pessoaId: number; itens: { boletimItensId: number; produtoId: number }[] }[];
  lotes: string[];
  produtos: number[];
}

/** What the clerks and readers use, read from the database before the server starts (the embedded one has one process). */
async function preparar(tipo: 'pglite' | 'postgres', url?: string): Promise<{ preparo: Preparo; env: Record<string, string> }> {
  const { database, dir, urlDoBanco } = await abrirDecada(tipo, 10, url);
  try {
    const linhas = async <T>(q: ReturnType<typeof sql>) => (await database.db.execute(q)).rows as T[];
    const [{ dia }] = await linhas<{ dia: string }>(sql`SELECT max(data_emissao)::text AS dia FROM romaneio`);
    const itens = await linhas<{ pessoa: number; bi: number; produto: number }>(sql`
      SELECT b.produtor_id AS pessoa, min(bi.id) AS bi, bi.produto_id AS produto
      FROM boletim_itens bi JOIN boletim b ON b.id = bi.boletim_id
      WHERE bi.inicio_colheita <= ${dia}::date AND bi.fim_colheita >= ${dia}::date
        AND NOT EXISTS (SELECT 1 FROM caderno c WHERE c.boletim_item_id = bi.id)
      GROUP BY b.produtor_id, bi.produto_id ORDER BY 1, 3`);
    const porPessoa = new Map<number, { boletimItensId: number; produtoId: number }[]>();
    for (const i of itens) {
      const l = porPessoa.get(Number(i.pessoa)) ?? [];
      l.push({ boletimItensId: Number(i.bi), produtoId: Number(i.produto) });
      porPessoa.set(Number(i.pessoa), l);
    }
    const produtores = [...porPessoa.entries()].filter(([, l]) => l.length >= 3).map(([pessoaId, l]) => ({ pessoaId, itens: l.slice(0, 3) }));
    const lotes = (await linhas<{ c: string }>(sql`SELECT codigo_lote AS c FROM romaneio_itens WHERE codigo_lote IS NOT NULL ORDER BY id DESC LIMIT 200`)).map(
      (x) => x.c,
    );
    const produtos = (await linhas<{ id: number }>(sql`SELECT id FROM produto ORDER BY id LIMIT 40`)).map((x) => Number(x.id));
    return {
      preparo: { dia, produtores, lotes, produtos },
      env: tipo === 'pglite' ? { DATABASE_URL: '', DATA_DIR: dir! } : { DATABASE_URL: urlDoBanco! },
    };
  } finally {
    await database.close();
  }
}

function rss(pid: number): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) * 1024 : 0;
}

/**
 * The server bundle to run: `npm start`'s, compiled if its sources changed; or MANHA_SERVIDOR's (a path from the
 * repository root, e.g. an earlier build copied beside apps/api/dist), to compare two builds at the same load.
 */
const SERVIDOR = process.env.MANHA_SERVIDOR;

async function iniciarServidor(env: Record<string, string>): Promise<ChildProcess> {
  if (!SERVIDOR) await compilarServidorSeMudou();
  const p = spawn(process.execPath, [SERVIDOR ?? 'apps/api/dist/server.mjs'], {
    cwd: raiz,
    env: {
      ...process.env,
      ...env,
      PORT: String(PORTA),
      HOST: '127.0.0.1',
      ACCESS_TOKEN_TTL: '7200',
      // The load signs in with the password grant alone.
      MFA_OBRIGATORIO: 'nenhum',
      NODE_ENV: 'production',
      PUBLIC_URL: `http://127.0.0.1:${PORTA}`,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((ok, falha) => {
    let visto = '';
    const ler = (b: Buffer) => {
      if (!/CEASA Regional em/.test((visto += b.toString()))) return;
      // The request log is read and dropped from here on, as a log collector would.
      p.stdout!.off('data', ler);
      p.stdout!.resume();
      ok();
    };
    p.stdout!.on('data', ler);
    p.once('exit', (c) => falha(new Error(`o servidor saiu (${c}) antes de ficar pronto:\n${visto}`)));
  });
  return p;
}

/** The server's /metrics (readable from this machine by default), as a sum per metric name and label text. */
async function lerMetricas(base: string): Promise<Map<string, number>> {
  const r = await fetch(`${base}/metrics`);
  if (!r.ok) throw new Error(`/metrics: ${r.status} ${await r.text()}`);
  const m = new Map<string, number>();
  for (const linha of (await r.text()).split('\n')) {
    const x = /^([a-zA-Z_:][\w:]*)(\{[^}]*\})? (\S+)/.exec(linha);
    if (x) m.set(x[1] + (x[2] ?? ''), Number(x[3]));
  }
  return m;
}

/** The sum of every series of `nome` whose labels contain `com` (e.g. 'tipo="consulta"'). */
const somar = (m: Map<string, number>, nome: string, com = '') =>
  [...m].filter(([k]) => (k === nome || k.startsWith(`${nome}{`)) && k.includes(com)).reduce((a, [, v]) => a + v, 0);

const percentil = (v: number[], p: number) => {
  if (!v.length) return NaN;
  const s = [...v].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

class Medidas {
  tempos = new Map<Tipo, number[]>();
  /** Each romaneio save, answered or failed: when it started and ended (ms of performance.now()), to split them around a backup. */
  romaneios: { t0: number; t1: number; ok: boolean }[] = [];
  erros = new Map<Tipo, string[]>();
  naoIniciadas = 0;
  anotar(t: Tipo, ms: number) {
    (this.tempos.get(t) ?? this.tempos.set(t, []).get(t)!).push(ms);
  }
  errar(t: Tipo, e: string) {
    (this.erros.get(t) ?? this.erros.set(t, []).get(t)!).push(e);
  }
}

/** One morning on one database; its markdown section. */
export async function rodarManha(nome: string, tipo: 'pglite' | 'postgres', url?: string): Promise<string> {
  console.log(`Manhã de mercado (${nome}): preparando o banco de dez anos…`);
  const { preparo, env } = await preparar(tipo, url);
  if (preparo.produtores.length < BALCONISTAS) throw new Error(`só ${preparo.produtores.length} produtores com três itens colhíveis em ${preparo.dia}`);
  if (BACKUP_MINUTO !== undefined && !(BACKUP_MINUTO >= 0 && BACKUP_MINUTO < MINUTOS)) throw new Error(`MANHA_BACKUP_MINUTO deve ser de 0 a ${MINUTOS - 1}`);
  const pastaDeBackups = BACKUP_MINUTO === undefined ? undefined : mkdtempSync(path.join(os.tmpdir(), 'ceasa-manha-backups-'));
  const servidor = await iniciarServidor(pastaDeBackups ? { ...env, BACKUP_DIR: pastaDeBackups } : env);
  const base = `http://127.0.0.1:${PORTA}`;
  const m = new Medidas();
  const cargaInicio = os.loadavg();
  try {
    const entrada = await fetch(`${base}/realms/ceasa/protocol/openid-connect/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'password', client_id: 'ceasa-web', username: CONFIG_DECADA.adminEmail, password: CONFIG_DECADA.adminPassword }),
    });
    if (!entrada.ok) throw new Error(`entrada: ${entrada.status} ${await entrada.text()}`);
    const token = ((await entrada.json()) as { access_token: string }).access_token;
    const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };

    const chamar = async (t: Tipo, caminho: string, init: RequestInit = {}): Promise<{ ok: boolean; corpo: unknown }> => {
      const t0 = performance.now();
      try {
        const r = await fetch(`${base}${caminho}`, init);
        const texto = await r.text();
        m.anotar(t, performance.now() - t0);
        if (t === 'romaneio') m.romaneios.push({ t0, t1: performance.now(), ok: r.ok });
        if (!r.ok) {
          m.errar(t, `${r.status} ${texto.slice(0, 200)}`);
          return { ok: false, corpo: texto };
        }
        return { ok: true, corpo: texto ? JSON.parse(texto) : null };
      } catch (e) {
        m.errar(t, (e as Error).message);
        if (t === 'romaneio') m.romaneios.push({ t0, t1: performance.now(), ok: false });
        return { ok: false, corpo: null };
      }
    };

    // The readers' client: node:http on kept-alive connections, asking for br/gzip as a browser does (the bytes
    // are read, not unpacked). With fetch (undici) in this process the client was most of a reader's time: at
    // 200 requests/s on the loaded machine a kept quotation took p50 ~100 ms through fetch and 1.7 ms through
    // node:http, the same server at the same moment (docs/performance.md, 'A market morning').
    const agente = new http.Agent({ keepAlive: true });
    const lerHttp = (t: Tipo, caminho: string, corpo?: string) =>
      new Promise<void>((fim) => {
        const t0 = performance.now();
        const headers: http.OutgoingHttpHeaders = { 'accept-encoding': 'gzip, deflate, br' };
        if (corpo !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(corpo) });
        const falhou = (e: string) => {
          m.errar(t, e);
          fim();
        };
        const req = http.request(
          { host: '127.0.0.1', port: PORTA, method: corpo === undefined ? 'GET' : 'POST', path: caminho, headers, agent: agente },
          (res) => {
            const partes: Buffer[] = [];
            res.on('data', (b: Buffer) => partes.push(b));
            res.on('error', (e) => falhou(e.message));
            res.on('end', () => {
              m.anotar(t, performance.now() - t0);
              if (res.statusCode !== 200) m.errar(t, `${res.statusCode} ${Buffer.concat(partes).toString().slice(0, 200)}`);
              fim();
            });
          },
        );
        req.on('error', (e) => falhou(e.message));
        req.end(corpo);
      });

    // Debts no demo uses (one batch per romaneio), distinct per run.
    let divida = 900_000_000 + (Date.now() % 1_000_000) * 10;
    const romaneiosGravados: { id: number; itens: number[] }[] = [];
    const precosGravados: { id: number; valor: number }[] = [];
    const salvarRomaneio = async (p: Preparo['produtores'][number]) => {
      const r = await chamar('romaneio', '/api/romaneio', {
        method: 'POST',
        headers: auth,
        body: JSON.stringify([
          {
            dataEmissao: preparo.dia,
            divida: ++divida,
            pessoaId: p.pessoaId,
            pedras: [],
            itens: p.itens.map((i) => ({ ...i, quantidade: 1 })),
            // Each clerk brings the same producers back every 20 s: the clerk has answered 'Sim' to the gate's question
            // 'Já existe romaneio de … em …' (a soft rule the server asks, answering 409 until its code is confirmed).
            confirmar: ['romaneioNoDia'],
          },
        ]),
      });
      if (r.ok)
        for (const x of r.corpo as { id: number; itens: { boletimItensId: number }[] }[])
          romaneiosGravados.push({ id: x.id, itens: x.itens.map((i) => i.boletimItensId).sort() });
    };
    let nPreco = 0;
    const salvarPreco = async () => {
      const produtoId = preparo.produtos[nPreco++ % preparo.produtos.length];
      const valor = Math.round((10 + (nPreco % 50) / 10) * 100) / 100;
      const r = await chamar('preco', '/api/precos', { method: 'POST', headers: auth, body: JSON.stringify({ produtoId, data: preparo.dia, valor }) });
      if (r.ok) precosGravados.push({ id: (r.corpo as { id: number }).id, valor });
    };
    let nSaude = 0;
    const saude = () => {
      nSaude++;
      void lerHttp('saude', '/api/health');
    };
    let nLeitura = 0;
    let emVoo = 0;
    const ler = () => {
      if (emVoo >= MAXIMO_EM_VOO) {
        m.naoIniciadas++;
        return;
      }
      emVoo++;
      const n = nLeitura++;
      const p =
        n % 2
          ? lerHttp('cotacao', '/api/precos/searchPrecosHome/precoData/desc?page=0&size=20', '{}')
          : lerHttp('lote', `/api/romaneio/lote/${preparo.lotes[(n >> 1) % preparo.lotes.length]}`);
      void p.finally(() => emVoo--);
    };

    const metricasAntes = await lerMetricas(base);
    const cpuAntes = process.cpuUsage();
    const inicio = Date.now();
    const fim = inicio + DURACAO_MS;
    const timers: NodeJS.Timeout[] = [];
    const pendentes: Promise<unknown>[] = [];
    // Each clerk starts at a different moment of the 20 s, then every 20 s.
    preparo.produtores.slice(0, BALCONISTAS).forEach((p, k) => {
      const vez = () => {
        if (Date.now() < fim) pendentes.push(salvarRomaneio(p));
      };
      timers.push(
        setTimeout(
          () => {
            vez();
            timers.push(setInterval(vez, ROMANEIO_CADA_MS));
          },
          (k * ROMANEIO_CADA_MS) / BALCONISTAS,
        ),
      );
    });
    for (let k = 0; k < PRECISTAS; k++)
      timers.push(
        setTimeout(
          () => {
            pendentes.push(salvarPreco());
            timers.push(setInterval(() => Date.now() < fim && pendentes.push(salvarPreco()), PRECO_CADA_MS));
          },
          (k * PRECO_CADA_MS) / PRECISTAS,
        ),
      );
    let nRecall = 0;
    const recall = () =>
      Date.now() < fim && pendentes.push(chamar('recall', `/api/recall?lote=${preparo.lotes[nRecall++ % preparo.lotes.length]}`, { headers: auth }));
    timers.push(setTimeout(recall, 5_000), setInterval(recall, RECALL_CADA_MS));
    // 'Fazer backup agora' at BACKUP_MINUTO, through node:http (no client timeout: on the embedded database of ten
    // years it takes minutes), as the super-admin's screen asks for it.
    let backup: { t0: number; t1?: number; status?: number; corpo?: string } | undefined;
    if (BACKUP_MINUTO !== undefined)
      timers.push(
        setTimeout(() => {
          const b: NonNullable<typeof backup> = { t0: performance.now() };
          backup = b;
          console.log(`  ${BACKUP_MINUTO} min: backup pedido (POST /api/backups)`);
          pendentes.push(
            new Promise<void>((fim) => {
              const req = http.request(
                { host: '127.0.0.1', port: PORTA, method: 'POST', path: '/api/backups', headers: { authorization: auth.authorization } },
                (res) => {
                  let texto = '';
                  res.on('data', (x: Buffer) => (texto += x.toString()));
                  res.on('end', () => {
                    Object.assign(b, { t1: performance.now(), status: res.statusCode, corpo: texto });
                    console.log(`  backup: ${res.statusCode} em ${((b.t1! - b.t0) / 1000).toFixed(1)} s`);
                    fim();
                  });
                },
              );
              req.on('error', (e) => {
                Object.assign(b, { t1: performance.now(), status: 0, corpo: e.message });
                fim();
              });
              req.end();
            }),
          );
        }, BACKUP_MINUTO * 60_000),
      );
    // Readers: every 50 ms, as many as the clock says are due (a late timer on a loaded machine does not lower the rate).
    timers.push(
      setInterval(() => {
        const devidas = ((Date.now() - inicio) / 1000) * LEITURAS_POR_S;
        while (nLeitura + m.naoIniciadas < devidas) ler();
        while (nSaude < ((Date.now() - inicio) / 1000) * SAUDE_POR_S) saude();
      }, 50),
    );
    // RSS every 5 s; the one at 20 % of the run (minute 2 of 10) and at the end are reported.
    const rssAmostras: { t: number; rss: number }[] = [];
    timers.push(setInterval(() => rssAmostras.push({ t: Date.now() - inicio, rss: rss(servidor.pid!) }), 5_000));
    let ultimoAviso = inicio;
    while (Date.now() < fim) {
      await new Promise((r) => setTimeout(r, 1000));
      if (Date.now() - ultimoAviso >= 60_000) {
        ultimoAviso = Date.now();
        console.log(
          `  ${Math.round((Date.now() - inicio) / 60_000)} min: ${romaneiosGravados.length} romaneios, ${precosGravados.length} preços, ${nLeitura} leituras, ${[...m.erros.values()].flat().length} erros`,
        );
      }
    }
    timers.forEach((t) => clearTimeout(t));
    await Promise.allSettled(pendentes);
    while (emVoo > 0) await new Promise((r) => setTimeout(r, 50));
    agente.destroy();
    const rssAos = (frac: number) => rssAmostras.reduce((a, b) => (Math.abs(b.t - frac * DURACAO_MS) < Math.abs(a.t - frac * DURACAO_MS) ? b : a)).rss;
    const rss2 = rssAos(0.2);
    const rssFim = rssAos(1);
    const cargaFim = os.loadavg();
    const duracaoS = (Date.now() - inicio) / 1000;
    const metricasDepois = await lerMetricas(base);
    const cpuBench = process.cpuUsage(cpuAntes);
    const delta = (nome: string, com?: string) => somar(metricasDepois, nome, com) - somar(metricasAntes, nome, com);

    // Every acknowledged write, read back.
    let perdidos = 0;
    for (const r of romaneiosGravados) {
      const lido = await chamar('releitura', `/api/romaneio/${r.id}`, { headers: auth });
      const itens = lido.ok ? (lido.corpo as { itens: { boletimItensId: number }[] }).itens.map((i) => i.boletimItensId).sort() : [];
      if (JSON.stringify(itens) !== JSON.stringify(r.itens)) perdidos++;
    }
    for (const p of precosGravados) {
      const lido = await chamar('releitura', `/api/precos/${p.id}`, { headers: auth });
      if (!lido.ok || Number((lido.corpo as { valor: string | number }).valor) !== Number(p.valor)) perdidos++;
    }

    const mb = (b: number) => `${Math.round(b / 1024 / 1024)} MB`;
    const f = (x: number) => (Number.isNaN(x) ? '–' : x.toFixed(1).replace('.', ','));
    const nomes: Record<Tipo, string> = {
      romaneio: 'romaneio salvo (3 itens)',
      preco: 'preço salvo',
      cotacao: 'cotação pública (/home, 1ª página)',
      lote: 'página do lote',
      saude: `referência: GET /api/health (${SAUDE_POR_S}/s)`,
      recall: 'recall por lote',
      releitura: 'releitura das escritas',
    };
    let md = `## ${nome}\n\n${new Date().toISOString()} · ${MINUTOS} min · dia ${preparo.dia}${SERVIDOR ? ` · servidor ${SERVIDOR}` : ''} · carga média da máquina (1/5/15 min) ${cargaInicio.map((x) => x.toFixed(1)).join(' / ')} no início, ${cargaFim.map((x) => x.toFixed(1)).join(' / ')} no fim\n\n`;
    md += '| chamada | n | p50 (ms) | p95 (ms) | máx (ms) | erros |\n|---|---:|---:|---:|---:|---:|\n';
    for (const t of Object.keys(nomes) as Tipo[]) {
      const v = m.tempos.get(t) ?? [];
      md += `| ${nomes[t]} | ${v.length} | ${f(percentil(v, 50))} | ${f(percentil(v, 95))} | ${f(v.length ? Math.max(...v) : NaN)} | ${m.erros.get(t)?.length ?? 0} |\n`;
    }
    const erros = [...m.erros.entries()].flatMap(([t, l]) => l.slice(0, 3).map((e) => `${t}: ${e}`));
    md += `\nEscritas confirmadas: ${romaneiosGravados.length} romaneios e ${precosGravados.length} preços; relidas no fim, **${perdidos} perdidas**. `;
    md += `Leituras não iniciadas (mais de ${MAXIMO_EM_VOO} em voo): ${m.naoIniciadas}. `;
    md += `RSS do servidor: ${mb(rss2)} a 20 % da corrida (minuto ${f(MINUTOS * 0.2)}), ${mb(rssFim)} no fim (${rssFim >= rss2 ? '+' : ''}${(((rssFim - rss2) / rss2) * 100).toFixed(1).replace('.', ',')} %).\n`;
    // Minute by minute (the sample nearest each minute): a step, a plateau or a steady climb, and V8's heap
    // breathing between collections (±20 MB), which a single sample at minute 2 or 10 may catch at either end.
    const porMinuto = Array.from({ length: MINUTOS }, (_, i) => Math.round(rssAos((i + 1) / MINUTOS) / 1024 / 1024));
    md += `\nRSS do servidor minuto a minuto (MB): ${porMinuto.join(', ')}.\n`;
    if (BACKUP_MINUTO !== undefined) md += secaoDoBackup(backup, m, f);
    // What the server counted during the run (its /metrics, read before and after): where a public call's time went.
    const acertos = delta('ceasa_cache_publico_acertos_total');
    const faltas = delta('ceasa_cache_publico_faltas_total');
    const consultas = delta('ceasa_banco_consulta_segundos_count', 'tipo="consulta"');
    const gc = delta('nodejs_gc_duration_seconds_sum');
    const gcMaior = delta('nodejs_gc_duration_seconds_sum', 'kind="major"');
    const lag = (n: string) => f(somar(metricasDepois, n) * 1000);
    md += `\nNo servidor durante a corrida (/metrics): respostas públicas da memória ${acertos}, calculadas ${faltas} (${f((faltas / Math.max(1, acertos + faltas)) * 100)} %); `;
    md += `${consultas} consultas ao banco (${f(consultas / duracaoS)}/s, ${f((delta('ceasa_banco_consulta_segundos_sum', 'tipo="consulta"') / duracaoS) * 100)} % do tempo esperando ou executando uma); `;
    md += `CPU do servidor ${f((delta('process_cpu_seconds_total') / duracaoS) * 100)} % de um núcleo (do bench ${f(((cpuBench.user + cpuBench.system) / 1e6 / duracaoS) * 100)} %); `;
    md += `GC ${f((gc / duracaoS) * 100)} % do tempo (${f(gcMaior * 1000)} ms em coletas completas); laço de eventos (amostrado a cada 20 ms: 20 ms é o mínimo) p99 ${lag('nodejs_eventloop_lag_p99_seconds')} ms, máx ${lag('nodejs_eventloop_lag_max_seconds')} ms.\n`;
    if (erros.length) md += `\nPrimeiros erros:\n${erros.map((e) => `- ${e}`).join('\n')}\n`;
    return md + '\n';
  } finally {
    const saiu = new Promise((r) => servidor.once('exit', r));
    servidor.kill('SIGTERM');
    await saiu;
    if (pastaDeBackups) rmSync(pastaDeBackups, { recursive: true, force: true });
  }
}

/**
 * The backup of the run: its answer, duration and size, and the romaneio saves split by whether they overlapped it
 * (started before it ended and ended after it started), p50/p95 of each; the same run, the same load otherwise.
 */
function secaoDoBackup(backup: { t0: number; t1?: number; status?: number; corpo?: string } | undefined, m: Medidas, f: (x: number) => string): string {
  if (!backup?.t1) return `\nBackup (minuto ${BACKUP_MINUTO}): **não terminou durante a corrida**.\n`;
  const { t0, t1 } = backup;
  const durante = m.romaneios.filter((r) => r.t0 < t1 && r.t1 > t0);
  const fora = m.romaneios.filter((r) => !(r.t0 < t1 && r.t1 > t0));
  let bytes = '';
  try {
    const b = JSON.parse(backup.corpo ?? '') as { bytes?: number; erro?: string | null };
    bytes = b.bytes ? `, ${f(b.bytes / 1024 / 1024)} MB` : (b.erro ?? '');
  } catch {
    bytes = ` (${(backup.corpo ?? '').slice(0, 200)})`;
  }
  let md = `\nBackup pedido no minuto ${BACKUP_MINUTO} (POST /api/backups): ${backup.status} em ${f((t1 - t0) / 1000)} s${bytes}.\n\n`;
  // A save that failed (the client gave up, a reset) counts with the time it took to fail: leaving it out would
  // hide the slowest ones.
  md += '| romaneio salvo (3 itens), respondidos e falhos | n | falhos | p50 (ms) | p95 (ms) | máx (ms) |\n|---|---:|---:|---:|---:|---:|\n';
  for (const [rotulo, l] of [
    ['durante o backup', durante],
    ['fora do backup', fora],
  ] as const) {
    const v = l.map((r) => r.t1 - r.t0);
    md += `| ${rotulo} | ${v.length} | ${l.filter((r) => !r.ok).length} | ${f(percentil(v, 50))} | ${f(percentil(v, 95))} | ${f(v.length ? Math.max(...v) : NaN)} |\n`;
  }
  return md;
}

/** `npm run bench -- manha`: each database in turn; writes bench/results/manha.md. */
export async function manha(bases: { nome: string; url?: string }[]) {
  let md = `# Manhã de mercado\n\nNode ${process.version} · ${os.cpus().length} núcleos ${os.cpus()[0]?.model ?? ''} · ${BALCONISTAS} balconistas (um romaneio de 3 itens a cada ${ROMANEIO_CADA_MS / 1000} s cada), ${PRECISTAS} de preços (um preço a cada ${PRECO_CADA_MS / 1000} s cada), leitores públicos a ${LEITURAS_POR_S} req/s (metade cotação, metade lote), um leitor de referência (/api/health) a ${SAUDE_POR_S} req/s, um recall por minuto.\n\n`;
  for (const b of bases) md += await rodarManha(b.nome, b.url ? 'postgres' : 'pglite', b.url);
  console.log('\n' + md);
  mkdirSync(path.join(aqui, 'results'), { recursive: true });
  writeFileSync(path.join(aqui, 'results', 'manha.md'), md);
  console.log(`Escrito em ${path.relative(process.cwd(), path.join(aqui, 'results', 'manha.md'))}`);
}
