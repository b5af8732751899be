import { build } from 'esbuild';

/**
 * For the light entries' budget tests (portal/entrada.test.ts, publico/entrada.test.ts): an entry's `main.tsx`
 * bundled as the build minifies it, in memory, its stylesheets left out (they are not JavaScript; `?publico` is
 * Vite's own suffix). `dividir`: split where the code imports on demand, as the build does.
 */
export function empacotarEntrada(main: string, dividir = false) {
  return build({
    entryPoints: [main],
    bundle: true,
    ...(dividir ? { splitting: true, outdir: '/saida' } : {}),
    minify: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    jsx: 'automatic',
    metafile: true,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', 'import.meta.env': '{"PROD":true,"DEV":false,"MODE":"production"}' },
    plugins: [
      {
        name: 'sem-css',
        setup(b) {
          b.onResolve({ filter: /\.css(\?.*)?$/ }, (a) => ({ path: a.path, namespace: 'css' }));
          b.onLoad({ filter: /.*/, namespace: 'css' }, () => ({ contents: '', loader: 'js' }));
        },
      },
    ],
  });
}
