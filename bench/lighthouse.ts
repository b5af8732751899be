/**
 * `npm run bench:lighthouse` (or `npm run bench -- lighthouse`): Lighthouse (mobile profile) on the public pages,
 * the quotation /home and a lot page /lote/{lote} (what a label's QR code opens), the producers' portal /portal
 * (its sign-in, what a producer opens first), /assinar, /dados-abertos, /referencia, /estatisticas and the privacy
 * pages, with Debian's Chromium, against the built product on a throw-away database with a year of prices and one
 * romaneio. Prints the scores and the JavaScript each page loads (compressed), and writes bench/results/lighthouse.md,
 * lighthouse-lote.md, lighthouse-portal.md and lighthouse-{page}.md (lighthouse-privacidade-solicitar.md...).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { sql } from 'drizzle-orm';
import lighthouse from 'lighthouse';
import { loadConfig } from '../apps/api/src/config';
import { ARGS_DO_CHROMIUM, CHROMIUM } from '../scripts/chromium.mjs';
import { openDatabase } from '../apps/api/src/db/client';
import { gerarPrecos } from '../apps/api/src/db/seed/precos';
import { seedReference } from '../apps/api/src/db/seed/reference';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const raiz = path.resolve(aqui, '..');
const PORT = Number(process.env.LH_PORT ?? 3299);
/** Runs per page (LH_RODADAS, default 3); the median's figures are printed. */
const RODADAS = Math.max(1, Number(process.env.LH_RODADAS ?? 3));

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-lh-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const database = await openDatabase(config);
await seedReference(database.db, config);
await gerarPrecos(database.db, { ate: new Date().toISOString().slice(0, 10), anos: 1 });
const lote = await umLote(database.db);
await database.close();

/** One romaneio of one item (a producer, property, bulletin item): the lot a label's QR code opens. */
async function umLote(db: typeof database.db): Promise<string> {
  const id = async (q: ReturnType<typeof sql>) => Number(((await db.execute(q)).rows[0] as { id: number }).id);
  const produtor = await id(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES ('Maria da Horta', '12345678901', 1) RETURNING id`);
  const tecnico = await id(sql`INSERT INTO pessoa (nome, cpfcnpj, tipo_id) VALUES ('Técnico Agrícola', '12345678902', 2) RETURNING id`);
  const municipio = await id(sql`INSERT INTO municipio (nome, sigla) VALUES ('Vale Verde', 'MG') RETURNING id`);
  const propriedade = await id(
    sql`INSERT INTO propriedade (nome, municipio_id, area_total, area_explorada, area_cultivada, tipo_posse, proprietario_id)
        VALUES ('Sítio Boa Vista', ${municipio}, 10, 8, 5, 'PRÓPRIO', ${produtor}) RETURNING id`,
  );
  const produto = await id(sql`SELECT id FROM produto ORDER BY id LIMIT 1`);
  const hoje = new Date().toISOString().slice(0, 10);
  const boletim = await id(
    sql`INSERT INTO boletim (data_visita, data_emissao, produtor_id, propriedade_id, tecnico_id) VALUES (${hoje}, ${hoje}, ${produtor}, ${propriedade}, ${tecnico}) RETURNING id`,
  );
  const bItem = await id(
    sql`INSERT INTO boletim_itens (boletim_id, produto_id, area_producao, producao_estimada, producao_embalada, inicio_colheita, fim_colheita)
        VALUES (${boletim}, ${produto}, 1, 1000, 50, ${hoje}, ${hoje}) RETURNING id`,
  );
  await db.execute(sql`INSERT INTO romaneio_divida (divida) VALUES (1)`);
  const romaneio = await id(sql`INSERT INTO romaneio (data_emissao, divida, pessoa_id) VALUES (${hoje}, 1, ${produtor}) RETURNING id`);
  const item = await id(
    sql`INSERT INTO romaneio_itens (romaneio_id, produto_id, quantidade, boletim_itens_id) VALUES (${romaneio}, ${produto}, 100, ${bItem}) RETURNING id`,
  );
  // The item's own random lot code (decision 0107); its 'romaneioRitem' opens nothing.
  const [{ codigo }] = (await db.execute(sql`SELECT codigo_lote AS codigo FROM romaneio_itens WHERE id = ${item}`)).rows as { codigo: string }[];
  return codigo;
}

/** The gzip size of the built files behind these URLs (the budget is stated gzipped; the server sends brotli when it can). */
function gzipDe(urls: string[]): number {
  return urls.reduce((soma, u) => {
    const f = path.join(raiz, 'apps/web/dist', new URL(u).pathname);
    return soma + (existsSync(`${f}.gz`) ? statSync(`${f}.gz`).size : existsSync(f) ? statSync(f).size : 0);
  }, 0);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: raiz,
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn', MFA_OBRIGATORIO: 'nenhum' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
try {
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${PORT}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    if (i > 240) throw new Error('servidor não respondeu');
    await new Promise((r) => setTimeout(r, 250));
  }
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: ARGS_DO_CHROMIUM,
  });
  try {
    const todas = [
      { caminho: '/home', titulo: '/home', arquivo: 'lighthouse' },
      { caminho: `/lote/${lote}`, titulo: '/lote/{lote}', arquivo: 'lighthouse-lote' },
      { caminho: '/portal', titulo: '/portal', arquivo: 'lighthouse-portal' },
      // The other public pages (publico.html, decision 0305).
      ...['/assinar', '/dados-abertos', '/referencia', '/estatisticas', '/privacidade', '/privacidade/solicitar', '/privacidade/confirmar'].map((c) => ({
        caminho: c,
        titulo: c,
        arquivo: `lighthouse${c.replaceAll('/', '-')}`,
      })),
    ];
    // `npm run bench:lighthouse -- /portal`: only the pages named (by the start of their path).
    const pedidas = process.argv.slice(2).filter((a) => a.startsWith('/'));
    const paginas = pedidas.length ? todas.filter((p) => pedidas.some((a) => p.caminho.startsWith(a))) : todas;
    for (const pagina of paginas) {
      const url = `http://127.0.0.1:${PORT}${pagina.caminho}`;
      // Lighthouse's own advice: a score varies from run to run; report the run of the median performance of RODADAS.
      const rodadas = [];
      for (let i = 0; i < RODADAS; i++) {
        const r = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices'],
        });
        rodadas.push(r!.lhr);
      }
      rodadas.sort((a, b) => (a.categories.performance?.score ?? 0) - (b.categories.performance?.score ?? 0));
      const lhr = rodadas[Math.floor(rodadas.length / 2)];
      const todasAsNotas = rodadas.map((l) => Math.round((l.categories.performance?.score ?? 0) * 100)).join(', ');
      const itens = (lhr.audits['network-requests'].details as unknown as { items: { url: string; resourceType: string; transferSize: number }[] }).items ?? [];
      const scripts = itens.filter((i) => i.resourceType === 'Script');
      const js = scripts.reduce((s, i) => s + i.transferSize, 0);
      const css = itens.filter((i) => i.resourceType === 'Stylesheet').reduce((s, i) => s + i.transferSize, 0);
      const pct = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
      const m = (a: string) => lhr.audits[a]?.displayValue ?? '';
      const linhas = [
        `# Lighthouse em ${pagina.titulo} (perfil móvel)`,
        '',
        `${new Date().toISOString()} · Lighthouse ${lhr.lighthouseVersion} · ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}`,
        '',
        '| medida | valor |',
        '|---|---:|',
        `| Performance (mediana de ${rodadas.length}: ${todasAsNotas}) | ${pct('performance')} |`,
        `| Acessibilidade | ${pct('accessibility')} |`,
        `| Boas práticas | ${pct('best-practices')} |`,
        `| First Contentful Paint | ${m('first-contentful-paint')} |`,
        `| Largest Contentful Paint | ${m('largest-contentful-paint')} |`,
        `| Total Blocking Time | ${m('total-blocking-time')} |`,
        `| Cumulative Layout Shift | ${m('cumulative-layout-shift')} |`,
        `| JavaScript transferido (comprimido) | ${(js / 1024).toFixed(1)} KB |`,
        `| JavaScript em gzip (${scripts.length} arquivos) | ${(gzipDe(scripts.map((i) => i.url)) / 1024).toFixed(1)} KB |`,
        `| CSS transferido (comprimido) | ${(css / 1024).toFixed(1)} KB |`,
      ];
      const texto = linhas.join('\n') + '\n';
      console.log(texto);
      mkdirSync(path.join(aqui, 'results'), { recursive: true });
      writeFileSync(path.join(aqui, 'results', `${pagina.arquivo}.md`), texto);
      writeFileSync(path.join(aqui, 'results', `${pagina.arquivo}.json`), JSON.stringify(lhr));
    }
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
