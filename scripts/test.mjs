#!/usr/bin/env node
// `npm test`: lint, unit, API (embedded PGlite) and browser end-to-end tests, obtaining what they need.
// Chromium comes from Debian (apt-get, when missing and we are root); no browser is ever downloaded.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { CHROMIUM as chromium } from './chromium.mjs';

const root = path.resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const only = args.includes('--only') ? args[args.indexOf('--only') + 1] : null;

function run(cmd, argv, env = {}) {
  console.log(`\n$ ${cmd} ${argv.join(' ')}`);
  const inicio = performance.now();
  const r = spawnSync(cmd, argv, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  // Each stage's time, so a slower CI says where (docs/testes.md, 'How long CI takes').
  console.log(`[${cmd} ${argv.slice(0, 3).join(' ')}: ${Math.round((performance.now() - inicio) / 1000)} s]`);
  return r.status ?? 1;
}

/** Debian packages the browser tests use: Chromium, and poppler-utils to read the printed PDFs. */
function garantirChromium() {
  const faltando = [];
  if (!existsSync(chromium)) faltando.push('chromium', 'fonts-dejavu-core');
  if (!existsSync('/usr/bin/pdftotext') || !existsSync('/usr/bin/pdftoppm')) faltando.push('poppler-utils');
  if (!faltando.length) return;
  const root = process.getuid?.() === 0;
  if (!root) {
    console.error(
      `Faltam pacotes Debian para os testes no navegador: ${faltando.join(' ')}. Instale com: sudo apt-get install ${faltando.join(' ')} (ou defina CHROMIUM_PATH).`,
    );
    process.exit(1);
  }
  console.log(`Instalando do Debian (apt-get): ${faltando.join(' ')}...`);
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
  execFileSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...faltando], {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

const falhas = [];
if (!only || only === 'lint') {
  // Guardrails first (seconds): ESLint (import cycles, feature boundaries, file names, hooks) and Prettier.
  if (run('npx', ['eslint', '.']) !== 0) falhas.push('eslint');
  if (run('npx', ['prettier', '--check', '.']) !== 0) falhas.push('prettier');
}
if (!only || only === 'unit' || only === 'api') {
  const projetos = only === 'api' ? ['--project', 'api'] : only === 'unit' ? ['--project', 'shared', '--project', 'web'] : [];
  if (run('npx', ['vitest', 'run', ...projetos]) !== 0) falhas.push('vitest');
}
if (!only || only === 'e2e') {
  garantirChromium();
  if (run('npm', ['run', 'build', '-w', 'apps/web']) !== 0) falhas.push('build');
  else if (run('npx', ['playwright', 'test', ...args.filter((a, i) => a !== '--only' && args[i - 1] !== '--only')], { DATABASE_URL: '' }) !== 0)
    falhas.push('e2e');
}
if (falhas.length) {
  console.error(`\nFalharam: ${falhas.join(', ')}`);
  process.exit(1);
}
console.log('\nTodos os testes passaram.');
