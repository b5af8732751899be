import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * What /home's own entry (home.html → main.tsx) loads at once: every static import, followed through the
 * project's files (imports inside `lazy(() => import(...))` are loaded on demand and not followed).
 */
function importsEstaticos(inicio: string) {
  const vistos = new Set<string>();
  const pacotes = new Set<string>();
  const fila = [inicio];
  while (fila.length) {
    const arquivo = fila.pop()!;
    if (vistos.has(arquivo)) continue;
    vistos.add(arquivo);
    const fonte = readFileSync(arquivo, 'utf8');
    for (const m of fonte.matchAll(/^\s*import\s+(?:type\s)?[^'"]*?['"]([^'"]+)['"]/gm)) {
      if (/^\s*import\s+type\s/.test(m[0])) continue;
      const alvo = m[1];
      if (!alvo.startsWith('.')) {
        pacotes.add(alvo);
        continue;
      }
      const base = path.resolve(path.dirname(arquivo), alvo);
      const achado = ['.tsx', '.ts', '/index.tsx', '/index.ts', ''].map((e) => base + e).find((f) => existsSync(f) && !f.endsWith('.css') && /\.tsx?$/.test(f));
      if (achado) fila.push(achado);
    }
  }
  return { arquivos: [...vistos], pacotes: [...pacotes] };
}

describe('/home entry (decision 0111)', () => {
  it('loads no router, no PrimeReact code and no TanStack Query up front (only their CSS)', () => {
    const { arquivos, pacotes } = importsEstaticos(path.join(import.meta.dirname, 'main.tsx'));
    expect(arquivos.some((f) => f.endsWith('home-page.tsx'))).toBe(true);
    expect(arquivos.some((f) => f.endsWith('tabela-precos.tsx'))).toBe(true);
    const pesados = pacotes.filter((p) => /^(react-router|@tanstack\/|primereact\/(?!resources\/))/.test(p) || p === 'zod' || p === '@ceasa/shared');
    expect(pesados).toEqual([]);
  });
});
