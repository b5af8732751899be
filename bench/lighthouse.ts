/**
 * `npm run bench:lighthouse`: Lighthouse (mobile profile) on the public quotation page /home, with
 * Debian's Chromium, against the built product on a throw-away database with a year of prices.
 * Prints the scores and the JavaScript the page loads (compressed), and writes bench/results/lighthouse.md.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase } from '../apps/api/src/db/client';
import { gerarPrecos } from '../apps/api/src/db/seed/precos';
import { seedReference } from '../apps/api/src/db/seed/reference';

const aqui = path.dirname(fileURLToPath(import.meta.url));
const raiz = path.resolve(aqui, '..');
const PORT = Number(process.env.LH_PORT ?? 3299);

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'ceasa-lh-'));
const config = loadConfig({ ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' });
const database = await openDatabase(config);
await seedReference(database.db, config);
await gerarPrecos(database.db, { ate: new Date().toISOString().slice(0, 10), anos: 1 });
await database.close();

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  cwd: raiz,
  env: { ...process.env, DATABASE_URL: '', DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
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
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  try {
    const url = `http://127.0.0.1:${PORT}/home`;
    const r = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices'],
    });
    const lhr = r!.lhr;
    const itens = (lhr.audits['network-requests'].details as unknown as { items: { url: string; resourceType: string; transferSize: number }[] }).items ?? [];
    const js = itens.filter((i) => i.resourceType === 'Script').reduce((s, i) => s + i.transferSize, 0);
    const css = itens.filter((i) => i.resourceType === 'Stylesheet').reduce((s, i) => s + i.transferSize, 0);
    const pct = (c: string) => Math.round((lhr.categories[c]?.score ?? 0) * 100);
    const m = (a: string) => lhr.audits[a]?.displayValue ?? '';
    const linhas = [
      '# Lighthouse em /home (perfil móvel)',
      '',
      `${new Date().toISOString()} · Lighthouse ${lhr.lighthouseVersion} · ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? ''}`,
      '',
      '| medida | valor |',
      '|---|---:|',
      `| Performance | ${pct('performance')} |`,
      `| Acessibilidade | ${pct('accessibility')} |`,
      `| Boas práticas | ${pct('best-practices')} |`,
      `| First Contentful Paint | ${m('first-contentful-paint')} |`,
      `| Largest Contentful Paint | ${m('largest-contentful-paint')} |`,
      `| Total Blocking Time | ${m('total-blocking-time')} |`,
      `| Cumulative Layout Shift | ${m('cumulative-layout-shift')} |`,
      `| JavaScript transferido (comprimido) | ${(js / 1024).toFixed(1)} KB |`,
      `| CSS transferido (comprimido) | ${(css / 1024).toFixed(1)} KB |`,
    ];
    const texto = linhas.join('\n') + '\n';
    console.log(texto);
    mkdirSync(path.join(aqui, 'results'), { recursive: true });
    writeFileSync(path.join(aqui, 'results', 'lighthouse.md'), texto);
    writeFileSync(path.join(aqui, 'results', 'lighthouse.json'), JSON.stringify(lhr));
  } finally {
    await chrome.kill();
  }
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
