#!/usr/bin/env node
// `npm start`'s prestart: builds the web app only when its sources changed since the last build.
// The sources (apps/web and packages/shared, the lockfile) are hashed; the hash of what was built is kept
// in apps/web/dist/.fontes. A build goes to a temporary folder that replaces dist at once, under a lock
// folder, so two starts at the same moment build once and a server never sees half a dist.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as esperar } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';

const RAIZ = path.resolve(import.meta.dirname, '..');
/** What the web build reads, relative to the repository root (folders are walked). */
export const FONTES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/scripts',
  'apps/web/index.html',
  'apps/web/lote.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'package-lock.json',
];
/** The hash of the sources a dist was built from, inside that dist. */
export const CARIMBO = '.fontes';
/** A lock older than this is a start that died while building: it is taken over. */
const LOCK_VELHO_MS = 10 * 60_000;

const ehTeste = (f) => /\.test\.tsx?$/.test(f);

function arquivos(raiz, rel) {
  const abs = path.join(raiz, rel);
  if (!existsSync(abs)) return [];
  if (!statSync(abs).isDirectory()) return [rel];
  return readdirSync(abs)
    .sort()
    .flatMap((f) => arquivos(raiz, path.join(rel, f)));
}

/** sha256 over the sources' paths and contents (tests left out: they do not change the build). */
export function hashDasFontes(raiz = RAIZ, fontes = FONTES) {
  const h = createHash('sha256');
  for (const rel of fontes.flatMap((f) => arquivos(raiz, f)).filter((f) => !ehTeste(f))) {
    h.update(rel.split(path.sep).join('/'));
    h.update('\0');
    h.update(readFileSync(path.join(raiz, rel)));
    h.update('\0');
  }
  return h.digest('hex');
}

/** Whether `dist` holds a complete build of these sources. */
export function construida(dist, hash) {
  try {
    return existsSync(path.join(dist, 'index.html')) && readFileSync(path.join(dist, CARIMBO), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

/** Takes the lock folder (mkdir is atomic), waiting while another start holds it. */
async function travar(lock) {
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmSync(lock, { recursive: true, force: true });
    } catch (e) {
      if (e.code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > LOCK_VELHO_MS) rmSync(lock, { recursive: true, force: true });
      } catch {
        // released meanwhile
      }
      await esperar(200);
    }
  }
}

/**
 * Builds the web app into `dist` unless it already holds a build of the current sources.
 * `construir(pasta)` builds into a fresh folder; it is replaced into `dist` only when it succeeded.
 * Answers whether it built.
 */
export async function construirSeMudou({
  raiz = RAIZ,
  dist = path.join(raiz, 'apps/web/dist'),
  fontes = FONTES,
  construir = construirComVite,
  log = console.log,
} = {}) {
  const hash = hashDasFontes(raiz, fontes);
  if (construida(dist, hash)) {
    log('Aplicação web já construída para estas fontes: build pulado.');
    return false;
  }
  const liberar = await travar(`${dist}.lock`);
  try {
    // Another start may have built these very sources while this one waited.
    if (construida(dist, hash)) {
      log('Aplicação web construída por outro início: build pulado.');
      return false;
    }
    const tmp = `${dist}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    try {
      await construir(tmp);
      writeFileSync(path.join(tmp, CARIMBO), `${hash}\n`);
      const velho = `${dist}.old-${process.pid}`;
      if (existsSync(dist)) renameSync(dist, velho);
      renameSync(tmp, dist);
      rmSync(velho, { recursive: true, force: true });
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
    return true;
  } finally {
    liberar();
  }
}

/** `vite build` of apps/web into `pasta`, then its pre-compression (apps/web's own build script, another folder). */
function construirComVite(pasta) {
  const web = path.join(RAIZ, 'apps/web');
  const passos = [
    ['npx', ['vite', 'build', '--outDir', pasta, '--emptyOutDir']],
    [process.execPath, [path.join(web, 'scripts/compress.mjs'), pasta]],
  ];
  for (const [cmd, args] of passos) {
    const r = spawnSync(cmd, args, { cwd: web, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`Falhou: ${cmd} ${args.join(' ')}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  construirSeMudou().catch((e) => {
    console.error(`Não foi possível construir a aplicação web.\n${e.message}`);
    process.exit(1);
  });
}
