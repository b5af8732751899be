// @vitest-environment node
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { empacotarEntrada } from '../lib/empacotar-entrada-de-teste';
import { describe, expect, it } from 'vitest';

/**
 * The portal's budget (decision 0300): its entry (portal.html → main.tsx) bundled as the build minifies it, every
 * static and dynamic import followed, its JavaScript at most 100 KB gzipped; and what it must never pull in. The
 * stylesheets are left out (they are not JavaScript; `?publico` is Vite's own suffix).
 */
const ORCAMENTO_GZIP = 100 * 1024;

async function empacotar() {
  const r = await empacotarEntrada(path.join(import.meta.dirname, 'main.tsx'));
  return { bytes: r.outputFiles[0].contents, modulos: Object.keys(r.metafile.inputs) };
}

describe('/portal entry (decision 0300)', () => {
  it('is at most 100 KB of JavaScript gzipped, and loads no PrimeReact component, zod, router, query cache, password list or back office', async () => {
    const { bytes, modulos } = await empacotar();
    const gzip = gzipSync(bytes, { level: 9 }).length;
    expect(gzip, `${(gzip / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(ORCAMENTO_GZIP);
    // It is the portal's code that was measured.
    expect(modulos.some((m) => m.endsWith('portal/chegada-form.tsx'))).toBe(true);
    expect(modulos.some((m) => m.includes('node_modules/react-dom/'))).toBe(true);
    const proibidos = modulos.filter(
      (m) =>
        /node_modules\/(zod|primereact|react-router|@tanstack|react-hook-form|@hookform)\//.test(m) ||
        /senhas-comuns|packages\/shared\/src\/(index|z|zod-pt)\.ts|packages\/shared\/src\/resources\/portal\.ts/.test(m) ||
        /apps\/web\/src\/(app|features)\//.test(m),
    );
    expect(proibidos).toEqual([]);
  });
});
