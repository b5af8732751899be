import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { pathToFileURL } from 'node:url';
import { arquivosDeRotas as arquivosDoIndex } from '../src/modules/index';
import {
  arquivosDeRotas,
  CARIMBO,
  compilarServidorSeMudou,
  construirSeMudou,
  FONTES,
  FONTES_DO_SERVIDOR,
  hashDasFontes,
  SERVIDOR,
} from '../../../scripts/build-se-mudou.mjs';

/** `npm start` builds the web app only when its sources changed (scripts/build-se-mudou.mjs, the prestart). */
let raiz: string;
let dist: string;
let builds: number;
const escrever = (rel: string, texto: string) => {
  mkdirSync(path.dirname(path.join(raiz, rel)), { recursive: true });
  writeFileSync(path.join(raiz, rel), texto);
};
/** A build that takes a while (so two starts overlap) and writes a complete dist. */
const construir = async (pasta: string) => {
  builds++;
  await new Promise((r) => setTimeout(r, 150));
  mkdirSync(pasta, { recursive: true });
  writeFileSync(path.join(pasta, 'index.html'), `<html>build ${builds}</html>`);
};
const rodar = (o: Partial<Parameters<typeof construirSeMudou>[0]> = {}) => construirSeMudou({ raiz, dist, construir, log: () => undefined, ...o });

beforeEach(() => {
  raiz = mkdtempSync(path.join(os.tmpdir(), 'ceasa-build-'));
  dist = path.join(raiz, 'apps/web/dist');
  builds = 0;
  escrever('apps/web/src/main.tsx', 'app');
  escrever('apps/web/src/main.test.tsx', 'test');
  escrever('packages/shared/src/index.ts', 'shared');
  escrever('package-lock.json', '{}');
});
afterEach(() => rmSync(raiz, { recursive: true, force: true }));

describe('npm start builds the web app only when its sources changed', () => {
  it('is the prestart, and hashes the web and shared sources and the lockfile', () => {
    const pkg = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../../package.json'), 'utf8'));
    expect(pkg.scripts.prestart).toBe('node scripts/build-se-mudou.mjs');
    expect(FONTES).toEqual(expect.arrayContaining(['apps/web/src', 'packages/shared/src', 'package-lock.json']));
  });

  it('builds once, then skips until a web source, a shared source or the lockfile changes (tests do not count)', async () => {
    expect(await rodar()).toBe(true);
    expect(readFileSync(path.join(dist, CARIMBO), 'utf8').trim()).toBe(hashDasFontes(raiz));
    expect(await rodar()).toBe(false);
    escrever('apps/web/src/main.test.tsx', 'another test');
    expect(await rodar()).toBe(false);
    expect(builds).toBe(1);
    for (const [rel, texto] of [
      ['apps/web/src/main.tsx', 'app 2'],
      ['packages/shared/src/index.ts', 'shared 2'],
      ['package-lock.json', '{"v":2}'],
    ]) {
      escrever(rel, texto);
      expect(await rodar(), rel).toBe(true);
      expect(await rodar(), rel).toBe(false);
    }
    expect(builds).toBe(4);
    // A dist without its stamp (a plain `npm run build`) or without index.html is built again.
    rmSync(path.join(dist, CARIMBO));
    expect(await rodar()).toBe(true);
    expect(builds).toBe(5);
  });

  it('two starts at once build once, and leave one complete dist and no temporary folder', async () => {
    const [a, b] = await Promise.all([rodar(), rodar()]);
    expect([a, b].sort()).toEqual([false, true]);
    expect(builds).toBe(1);
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('<html>build 1</html>');
    expect(readdirSync(path.dirname(dist))).toEqual(['dist', 'src']);
  });

  it('a failed build keeps the previous dist as it was and no lock behind', async () => {
    await rodar();
    escrever('apps/web/src/main.tsx', 'broken');
    await expect(
      rodar({
        construir: async (pasta: string) => {
          mkdirSync(pasta, { recursive: true });
          writeFileSync(path.join(pasta, 'index.html'), 'half');
          throw new Error('vite falhou');
        },
      }),
    ).rejects.toThrow('vite falhou');
    expect(readFileSync(path.join(dist, 'index.html'), 'utf8')).toBe('<html>build 1</html>');
    expect(existsSync(`${dist}.lock`)).toBe(false);
    expect(readdirSync(path.dirname(dist))).toEqual(['dist', 'src']);
  });

  it('two `npm start` processes from one folder at the same moment: one builds, the other waits and uses that build', async () => {
    const script = path.resolve(import.meta.dirname, '../../../scripts/build-se-mudou.mjs');
    // Each process runs the prestart's function with a build that takes a while and writes what vite writes.
    const codigo = `
      import { mkdirSync, writeFileSync } from 'node:fs';
      import path from 'node:path';
      import { construirSeMudou } from ${JSON.stringify(script)};
      const construir = async (pasta) => {
        mkdirSync(path.join(pasta, 'assets'), { recursive: true });
        await new Promise((r) => setTimeout(r, 400));
        writeFileSync(path.join(pasta, 'assets', 'index-' + process.pid + '.js.br'), 'js');
        writeFileSync(path.join(pasta, 'index.html'), '<script src="/assets/index-' + process.pid + '.js"></script>');
      };
      const construiu = await construirSeMudou({ raiz: ${JSON.stringify(raiz)}, construir, log: () => undefined });
      console.log(construiu ? 'construiu' : 'pulou');`;
    const rodarProcesso = () =>
      new Promise<string>((resolve, reject) => {
        const p = spawn(process.execPath, ['--input-type=module', '-e', codigo], { stdio: ['ignore', 'pipe', 'pipe'] });
        let saida = '';
        p.stdout.on('data', (c: Buffer) => (saida += c.toString()));
        p.stderr.on('data', (c: Buffer) => (saida += c.toString()));
        p.on('error', reject);
        p.on('exit', (code) => (code === 0 ? resolve(saida.trim()) : reject(new Error(saida))));
      });
    const saidas = await Promise.all([rodarProcesso(), rodarProcesso()]);
    expect(saidas.sort()).toEqual(['construiu', 'pulou']);
    // One complete dist: the page names the one script that is there, and no temporary folder or lock is left.
    const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
    const [script1] = readdirSync(path.join(dist, 'assets'));
    expect(readdirSync(path.join(dist, 'assets'))).toHaveLength(1);
    expect(html).toContain(script1.replace(/\.br$/, ''));
    expect(readdirSync(path.dirname(dist))).toEqual(['dist', 'src']);
  }, 30_000);
});

describe('npm start runs the server compiled, without the tsx loader', () => {
  const raizReal = path.resolve(import.meta.dirname, '../../..');
  const pkg = JSON.parse(readFileSync(path.join(raizReal, 'package.json'), 'utf8'));

  it('runs apps/api/dist/server.mjs with plain Node, compiled by the prestart with the esbuild the root package names', () => {
    expect(pkg.scripts.start).toBe(`node apps/api/dist/${SERVIDOR}`);
    expect(FONTES_DO_SERVIDOR).toEqual(expect.arrayContaining(['apps/api/src', 'packages/shared/src', 'package-lock.json', 'scripts/build-se-mudou.mjs']));
    const instalado = JSON.parse(readFileSync(path.join(raizReal, 'node_modules/esbuild/package.json'), 'utf8')).version;
    expect({ ...pkg.dependencies, ...pkg.devDependencies }.esbuild).toBe(instalado);
  });

  it('writes into the bundle the routes and rules files modules/index.ts lists from its folders (a release has no sources)', () => {
    const lista = arquivosDeRotas(raizReal);
    expect(lista).toEqual(arquivosDoIndex());
    expect(lista).toEqual(expect.arrayContaining([{ pasta: 'usuarios', arquivo: 'usuarios.routes.ts' }]));
  });

  it('compiles again only when a server or shared source changes (tests do not count)', async () => {
    const distApi = path.join(raiz, 'apps/api/dist');
    let compilacoes = 0;
    const compilar = () =>
      construirSeMudou({
        raiz,
        dist: distApi,
        fontes: FONTES_DO_SERVIDOR,
        arquivo: SERVIDOR,
        log: () => undefined,
        construir: (pasta: string) => {
          compilacoes++;
          mkdirSync(pasta, { recursive: true });
          writeFileSync(path.join(pasta, SERVIDOR), `// ${compilacoes}`);
        },
      });
    escrever('apps/api/src/server.ts', 'server');
    escrever('apps/api/src/app.test.ts', 'test');
    expect(await compilar()).toBe(true);
    expect(await compilar()).toBe(false);
    escrever('apps/api/src/app.test.ts', 'another test');
    escrever('apps/web/src/main.tsx', 'web only');
    expect(await compilar()).toBe(false);
    for (const rel of ['apps/api/src/server.ts', 'packages/shared/src/index.ts', 'apps/api/package.json']) {
      escrever(rel, `changed ${rel}`);
      expect(await compilar(), rel).toBe(true);
      expect(await compilar(), rel).toBe(false);
    }
    expect(compilacoes).toBe(4);
    expect(readFileSync(path.join(distApi, SERVIDOR), 'utf8')).toBe('// 4');
  });

  it("keeps each source's import.meta.url its own file's, and refuses import.meta.dirname", async () => {
    escrever('apps/api/src/server.ts', "import { onde } from './db/client';\nconsole.log(JSON.stringify([onde, import.meta.url]));\n");
    escrever('apps/api/src/db/client.ts', "import { fileURLToPath } from 'node:url';\nexport const onde = fileURLToPath(import.meta.url);\n");
    const dist = path.join(raiz, 'apps/api/dist');
    expect(await compilarServidorSeMudou({ raiz, dist, log: () => undefined })).toBe(true);
    const saida = await new Promise<string>((resolve, reject) => {
      const p = spawn(process.execPath, [path.join(dist, SERVIDOR)], { stdio: ['ignore', 'pipe', 'inherit'] });
      let s = '';
      p.stdout.on('data', (c: Buffer) => (s += c.toString()));
      p.on('exit', (code) => (code === 0 ? resolve(s) : reject(new Error(`saiu com ${code}`))));
    });
    expect(JSON.parse(saida)).toEqual([path.join(raiz, 'apps/api/src/db/client.ts'), pathToFileURL(path.join(raiz, 'apps/api/src/server.ts')).href]);
    escrever('apps/api/src/db/client.ts', 'export const onde = import.meta.dirname;\n');
    await expect(compilarServidorSeMudou({ raiz, dist, log: () => undefined })).rejects.toThrow(/import\.meta\.dirname/);
    // The failed compilation left the previous bundle.
    expect(readFileSync(path.join(dist, SERVIDOR), 'utf8')).toContain('client.ts');
  });

  it('bundles the real server: the workspace code inside, packages imported from node_modules, paths still found from each source', async () => {
    const dist = path.join(raiz, 'dist');
    expect(await compilarServidorSeMudou({ dist, log: () => undefined })).toBe(true);
    expect(await compilarServidorSeMudou({ dist, log: () => undefined })).toBe(false);
    const js = readFileSync(path.join(dist, SERVIDOR), 'utf8');
    const importados = [...js.matchAll(/^import .*? from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(importados).toEqual(expect.arrayContaining(['fastify', '@electric-sql/pglite', 'drizzle-orm']));
    // No TypeScript left to load: nothing relative, nothing of the @ceasa workspaces.
    expect(importados.filter((i) => i.startsWith('.') || i.startsWith('@ceasa/') || i.endsWith('.ts'))).toEqual([]);
    expect(js).toContain('Recurso não encontrado');
    // Each source's own URL (the migrations folder, the web app's dist) is that source file, seen from the bundle.
    const origens = [...js.matchAll(/new URL\("([^"]+)", import\.meta\.url\)/g)].map((m) => new URL(m[1], pathToFileURL(path.join(dist, SERVIDOR))).pathname);
    expect(origens).toEqual(expect.arrayContaining([path.join(raizReal, 'apps/api/src/db/client.ts'), path.join(raizReal, 'apps/api/src/plugins/static.ts')]));
    for (const o of origens) expect(existsSync(o), o).toBe(true);
  }, 60_000);
});
