// @vitest-environment node
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Metafile } from 'esbuild';
import { empacotarEntrada } from '../lib/empacotar-entrada-de-teste';
import { describe, expect, it } from 'vitest';
import { PAGINAS_PUBLICAS } from './paginas';

/**
 * The public pages' budget (decision 0305): their entry (publico.html → main.tsx) bundled as the build minifies it,
 * split where the code imports on demand. What a page loads at once is the entry's chunk and every chunk it imports
 * statically: at most 100 KB of JavaScript gzipped, and no zod, PrimeReact, router, query cache, form library,
 * shared index or back office in it. The common-password list is in no chunk at all, not even one loaded on demand
 * (a form's schema, loaded at its first submission). The stylesheets are left out (they are not JavaScript).
 */
const ORCAMENTO_GZIP = 100 * 1024;

async function empacotar() {
  const r = await empacotarEntrada(path.join(import.meta.dirname, 'main.tsx'), true);
  return { arquivos: new Map(r.outputFiles.map((f) => [path.relative(process.cwd(), f.path), f.contents])), meta: r.metafile };
}

/** The chunks loaded at once from `saida`: it and what it imports statically, not what it imports on demand. */
function carregadosDe(meta: Metafile, saida: string, vistos = new Set<string>()) {
  if (vistos.has(saida)) return vistos;
  vistos.add(saida);
  for (const i of meta.outputs[saida].imports) if (i.kind === 'import-statement') carregadosDe(meta, i.path, vistos);
  return vistos;
}

const PESADO =
  /node_modules\/(zod|primereact|react-router|@tanstack|react-hook-form|@hookform)\/|packages\/shared\/src\/(index|z|zod-pt)\.ts|apps\/web\/src\/(app|components\/resource-list)\/|components\/form\/(calendario-da-entrada|entrada-data|form-page|fields)\.tsx/;

describe('the public pages entry (decision 0305)', () => {
  it('loads at most 100 KB of JavaScript gzipped at once, none of the back office, zod or PrimeReact, and the password list nowhere', async () => {
    const { arquivos, meta } = await empacotar();
    const entrada = Object.keys(meta.outputs).find((o) => meta.outputs[o].entryPoint?.endsWith('publico/main.tsx'))!;
    const iniciais = [...carregadosDe(meta, entrada)];
    const gzip = iniciais.reduce((s, o) => s + gzipSync(arquivos.get(o)!, { level: 9 }).length, 0);
    expect(gzip, `${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(ORCAMENTO_GZIP);
    const modulos = iniciais.flatMap((o) => Object.keys(meta.outputs[o].inputs));
    // It is the pages' code that was measured, every page of the entry.
    expect(Object.keys(PAGINAS_PUBLICAS).sort()).toEqual([
      '/assinar',
      '/dados-abertos',
      '/estatisticas',
      '/privacidade',
      '/privacidade/confirmar',
      '/privacidade/solicitar',
      '/referencia',
    ]);
    for (const pagina of ['assinar-page', 'dados-abertos-page', 'referencia-page', 'estatisticas-page', 'aviso-page', 'solicitar-page', 'confirmar-page'])
      expect(modulos.some((m) => m.endsWith(`${pagina}.tsx`))).toBe(true);
    expect(modulos.some((m) => m.includes('node_modules/react-dom/'))).toBe(true);
    expect(modulos.filter((m) => PESADO.test(m))).toEqual([]);
    // The forms' schemas come on demand, with zod, and without the password list.
    const todos = Object.values(meta.outputs).flatMap((o) => Object.keys(o.inputs));
    expect(todos.some((m) => m.includes('node_modules/zod/'))).toBe(true);
    expect(todos.filter((m) => /senhas-comuns|packages\/shared\/src\/index\.ts/.test(m))).toEqual([]);
  });
});
