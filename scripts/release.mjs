#!/usr/bin/env node
// `npm run release`: builds (without running the tests) release/ceasa-regional-<version>.tar.gz, one folder a
// server installs with `npm ci --omit=dev && npm start` and no toolchain: the server and the command-line tools
// bundled to plain JavaScript, the built web app (the manual's pictures in it), the migrations, a package.json and a
// lock file listing only the packages those bundles import, the server files (deploy/) and the documentation (docs/).
// The folders keep the repository's layout (apps/api/dist, apps/api/src/db/migrations, apps/web/dist): the bundles
// find the migrations and the web app from their own place, as from a checkout (scripts/build-se-mudou.mjs).
// docs/decisions/0269-release-sem-ferramentas.md.
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { compilarBundles, construirSeMudou } from './build-se-mudou.mjs';

const RAIZ = path.resolve(import.meta.dirname, '..');
const inicio = performance.now();
const raizPkg = JSON.parse(readFileSync(path.join(RAIZ, 'package.json'), 'utf8'));
export const NOME = `ceasa-regional-${raizPkg.version}`;
const saida = path.join(RAIZ, 'release');
const pasta = path.join(saida, NOME);

/** The bundles: the server and each command a server's operator runs (output name → source). */
const ENTRADAS = {
  server: 'apps/api/src/server.ts',
  'backup-cli': 'apps/api/src/db/backup-cli.ts',
  'seed-demo': 'apps/api/src/db/seed/demo.ts',
  'criar-admin': 'apps/api/src/identity/criar-admin.ts',
  'importar-dividas': 'apps/api/src/modules/divida/import-csv.ts',
};

/** The release's commands: the checkout's names, run with plain Node; NODE_ENV is production unless set. */
const PRODUCAO = 'NODE_ENV=${NODE_ENV:-production} node';
const SCRIPTS = {
  start: `${PRODUCAO} apps/api/dist/server.mjs`,
  backup: `${PRODUCAO} apps/api/dist/backup-cli.mjs backup`,
  restore: `${PRODUCAO} apps/api/dist/backup-cli.mjs restaurar`,
  'seed:demo': `${PRODUCAO} apps/api/dist/seed-demo.mjs`,
  'admin:criar': `${PRODUCAO} apps/api/dist/criar-admin.mjs`,
  'dividas:import': `${PRODUCAO} apps/api/dist/importar-dividas.mjs`,
};

const passo = (texto) => console.error(`[release ${Math.round((performance.now() - inicio) / 1000)} s] ${texto}`);

function rodar(cmd, args, cwd) {
  const r = spawnSync(cmd, args, { cwd, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`Falhou: ${cmd} ${args.join(' ')}`);
}

/** A package's name from an import specifier ('pg', '@fastify/static/x' → '@fastify/static'); null for Node's own. */
function pacoteDe(especificador) {
  if (especificador.startsWith('node:') || builtinModules.includes(especificador.split('/')[0])) return null;
  const partes = especificador.split('/');
  return especificador.startsWith('@') ? partes.slice(0, 2).join('/') : partes[0];
}

/** The installed version of a package, as the workspace that imports it resolves it (its own node_modules first). */
function versaoInstalada(nome) {
  for (const onde of ['apps/api', 'packages/shared', '.']) {
    const arquivo = path.join(RAIZ, onde, 'node_modules', nome, 'package.json');
    if (existsSync(arquivo)) return JSON.parse(readFileSync(arquivo, 'utf8')).version;
  }
  throw new Error(`Pacote ${nome} importado pelo servidor, mas não instalado: rode npm install.`);
}

async function main() {
  rmSync(pasta, { recursive: true, force: true });
  mkdirSync(pasta, { recursive: true });

  passo('aplicação web (vite build, só quando as fontes mudaram)');
  await construirSeMudou({ log: passo });
  cpSync(path.join(RAIZ, 'apps/web/dist'), path.join(pasta, 'apps/web/dist'), { recursive: true, filter: (f) => !f.endsWith('.fontes') });

  passo('servidor e comandos (esbuild)');
  const meta = await compilarBundles({
    raiz: RAIZ,
    pasta: path.join(pasta, 'apps/api/dist'),
    // The release keeps the checkout's folders: a source's path seen from apps/api/dist is the same in both.
    lugar: path.join(RAIZ, 'apps/api/dist'),
    entradas: ENTRADAS,
    urlPropria: Object.values(ENTRADAS).filter((f) => f !== ENTRADAS.server),
  });
  cpSync(path.join(RAIZ, 'apps/api/src/db/migrations'), path.join(pasta, 'apps/api/src/db/migrations'), { recursive: true });
  passo('banco embutido inicial (as migrações aplicadas, sem linhas: o primeiro início o copia em vez de criá-lo)');
  rodar(process.execPath, ['--import', 'tsx', 'apps/api/src/db/banco-inicial.ts', path.join(pasta, 'apps/api/src/db/banco-inicial')], RAIZ);

  // Only what the bundles import, at the version installed in this checkout (and tested with it).
  const pacotes = new Set();
  for (const saidaJs of Object.values(meta.outputs)) for (const imp of saidaJs.imports) if (imp.external && pacoteDe(imp.path)) pacotes.add(pacoteDe(imp.path));
  const dependencies = Object.fromEntries([...pacotes].sort().map((p) => [p, versaoInstalada(p)]));
  const pkg = {
    name: 'ceasa-regional',
    version: raizPkg.version,
    private: true,
    type: 'module',
    description: 'CEASA Regional: o servidor pronto para instalar (npm ci --omit=dev && npm start).',
    engines: raizPkg.engines,
    scripts: SCRIPTS,
    allowScripts: { '@node-rs/argon2': true },
    dependencies,
  };
  writeFileSync(path.join(pasta, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);

  passo(`lock file (${Object.keys(dependencies).length} pacotes diretos: ${Object.keys(dependencies).join(', ')})`);
  // The checkout's lock file is the starting point, so every package keeps the version the tests ran with; npm drops
  // what the release does not use (the development tools, the web app's packages, the workspaces).
  cpSync(path.join(RAIZ, 'package-lock.json'), path.join(pasta, 'package-lock.json'));
  rodar('npm', ['install', '--package-lock-only', '--ignore-scripts', '--no-audit', '--no-fund', '--loglevel=error'], pasta);

  for (const arquivo of ['deploy']) if (existsSync(path.join(RAIZ, arquivo))) cpSync(path.join(RAIZ, arquivo), path.join(pasta, arquivo), { recursive: true });
  // The documentation whole (1 MB): docs/operacao.md, how to install and run it, links to the rest.
  cpSync(path.join(RAIZ, 'docs'), path.join(pasta, 'docs'), { recursive: true });

  passo('tar.gz');
  const tar = path.join(saida, `${NOME}.tar.gz`);
  rmSync(tar, { force: true });
  rodar('tar', ['-czf', tar, '-C', saida, NOME], RAIZ);
  passo(`pronto: ${path.relative(process.cwd(), tar) || tar}`);
  console.log(tar);
}

try {
  await main();
} catch (e) {
  console.error(`Não foi possível gerar a release.\n${e.message}`);
  process.exit(1);
}
