#!/usr/bin/env node
// `npm start`'s prestart: compiles the server and builds the web app, each only when its sources changed
// since its last build. The server (apps/api/src/server.ts and what it imports, @ceasa/shared included) is
// bundled by esbuild into apps/api/dist/server.mjs, which `npm start` runs with plain Node, without the tsx
// loader (docs/decisions/0122-servidor-pre-compilado.md). Each one's sources are hashed; the hash of what was
// built is kept in its dist's .fontes. A build goes to a temporary folder that replaces dist at once, under a
// lock folder, so two starts at the same moment build once and a server never sees half a dist.
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
/** What the server's bundle is made of, relative to the repository root (this script holds its options). */
export const FONTES_DO_SERVIDOR = [
  'apps/api/src',
  'apps/api/package.json',
  'apps/api/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-se-mudou.mjs',
];
/** The server's bundle, inside its dist (`npm start` runs apps/api/dist/server.mjs). */
export const SERVIDOR = 'server.mjs';
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

/** Whether `dist` holds a complete build of these sources (`arquivo`: what a build always writes). */
export function construida(dist, hash, arquivo = 'index.html') {
  try {
    return existsSync(path.join(dist, arquivo)) && readFileSync(path.join(dist, CARIMBO), 'utf8').trim() === hash;
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
 * Builds the web app into `dist` unless it already holds a build of the current sources (`arquivo` there
 * and the sources' hash). `construir(pasta)` builds into a fresh folder next to `dist` (the same depth);
 * it is replaced into `dist` only when it succeeded. Answers whether it built.
 */
export async function construirSeMudou({
  raiz = RAIZ,
  dist = path.join(raiz, 'apps/web/dist'),
  fontes = FONTES,
  construir = construirComVite,
  arquivo = 'index.html',
  nome = 'aplicação web',
  // Build lines go to stderr: a service's stdout carries only the server's JSON log lines.
  log = console.error,
} = {}) {
  const hash = hashDasFontes(raiz, fontes);
  if (construida(dist, hash, arquivo)) {
    log(`Build pulado (${nome}): já feito para estas fontes.`);
    return false;
  }
  const liberar = await travar(`${dist}.lock`);
  try {
    // Another start may have built these very sources while this one waited.
    if (construida(dist, hash, arquivo)) {
      log(`Build pulado (${nome}): feito por outro início.`);
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
    // Vite's report on stderr (fd 2 for its stdout too), for the same reason.
    const r = spawnSync(cmd, args, { cwd: web, stdio: ['inherit', 2, 2] });
    if (r.status !== 0) throw new Error(`Falhou: ${cmd} ${args.join(' ')}`);
  }
}

/** Compiles the server into `dist` (apps/api/dist) unless it holds a bundle of the current sources; answers whether it compiled. */
export function compilarServidorSeMudou({ raiz = RAIZ, dist = path.join(raiz, 'apps/api/dist'), log = console.error } = {}) {
  return construirSeMudou({
    raiz,
    dist,
    fontes: FONTES_DO_SERVIDOR,
    construir: (pasta) => compilarBundles({ raiz, pasta, lugar: dist, entradas: { [SERVIDOR.replace(/\.mjs$/, '')]: 'apps/api/src/server.ts' } }),
    arquivo: SERVIDOR,
    nome: 'servidor',
    log,
  });
}

/**
 * The routes and rules files apps/api/src/modules/index.ts finds by listing its folders (`arquivosDeRotas`), listed
 * here at build time and written into the bundle: a release carries no source folder to list. The same rule as
 * index.ts (apps/api/test/build-se-mudou.test.ts checks both lists are equal).
 */
export function arquivosDeRotas(raiz = RAIZ) {
  const modulos = path.join(raiz, 'apps/api/src/modules');
  if (!existsSync(modulos)) return [];
  const ARQUIVO = /^[a-z0-9-]+\.(routes|regras)\.ts$/;
  const da = (pasta) =>
    readdirSync(pasta)
      .filter((f) => ARQUIVO.test(f))
      .sort();
  const identidade = da(path.join(raiz, 'apps/api/src/identity'))
    .filter((f) => f.endsWith('.routes.ts'))
    .map((arquivo) => ({ pasta: '', arquivo }));
  const pastas = readdirSync(modulos, { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
  return [...identidade, ...pastas.flatMap((pasta) => da(path.join(modulos, pasta)).map((arquivo) => ({ pasta, arquivo })))];
}

/**
 * esbuild bundles each entry (`entradas`: output name → source, relative to the repository root) with what it
 * imports from the repository (the @ceasa/shared workspace's TypeScript included) into `pasta`/<name>.mjs; the
 * packages of node_modules stay imports (Node loads them as before: PGlite's WebAssembly, argon2's native module,
 * pino's worker files need their own folders). A source's `import.meta.url` (the migrations folder, the web app's
 * dist) is written as that source file's URL relative to `lugar`, where the bundles will be (a checkout's
 * apps/api/dist; the temporary folder is its sibling, and a release keeps the repository's folders around its
 * apps/api/dist), so every path a module finds from its own place stays what it was. The entries of `urlPropria`
 * keep their own `import.meta.url` (a command line checks it is the file Node was asked to run). `import.meta.dirname` and `import.meta.filename` are refused (they would name the
 * bundle's folder). With several entries (the release: the server and the command-line tools) the code they
 * share is split into chunks beside them. Answers esbuild's metafile (the release lists the packages imported).
 */
export async function compilarBundles({ raiz = RAIZ, pasta, lugar = pasta, entradas, urlPropria = [] }) {
  const { build } = await import('esbuild');
  const porOrigem = (arquivo) => `new URL(${JSON.stringify(path.relative(lugar, arquivo).split(path.sep).join('/'))}, import.meta.url).href`;
  const proprias = new Set(urlPropria.map((f) => path.join(raiz, f)));
  const varias = Object.keys(entradas).length > 1;
  const r = await build({
    absWorkingDir: raiz,
    entryPoints: Object.entries(entradas).map(([out, entrada]) => ({ out, in: path.join(raiz, entrada) })),
    outdir: pasta,
    outExtension: { '.js': '.mjs' },
    splitting: varias,
    chunkNames: 'comum-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    logLevel: 'warning',
    legalComments: 'none',
    charset: 'utf8',
    metafile: true,
    define: { CEASA_ARQUIVOS_DE_ROTAS: JSON.stringify(JSON.stringify(arquivosDeRotas(raiz))) },
    plugins: [
      {
        name: 'ceasa-servidor',
        setup(b) {
          // A package name (not a relative or absolute path): node_modules, except this repository's workspaces.
          b.onResolve({ filter: /^[^./]/ }, (a) => (a.path.startsWith('@ceasa/') ? undefined : { external: true }));
          b.onLoad({ filter: /\.ts$/ }, (a) => {
            const texto = readFileSync(a.path, 'utf8');
            // Only import.meta.url is rewritten: a source must find its files from it.
            if (/import\.meta\.(dirname|filename)/.test(texto))
              return { errors: [{ text: 'use path.dirname(fileURLToPath(import.meta.url)) em vez de import.meta.dirname/filename (servidor compilado)' }] };
            const reescrever = texto.includes('import.meta.url') && !proprias.has(a.path);
            return { contents: reescrever ? texto.replaceAll('import.meta.url', porOrigem(a.path)) : texto, loader: 'ts' };
          });
        },
      },
    ],
  });
  return r.metafile;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  try {
    await compilarServidorSeMudou();
  } catch (e) {
    console.error(`Não foi possível compilar o servidor.\n${e.message}`);
    process.exit(1);
  }
  try {
    await construirSeMudou();
  } catch (e) {
    console.error(`Não foi possível construir a aplicação web.\n${e.message}`);
    process.exit(1);
  }
}
