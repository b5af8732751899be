import path from 'node:path';
import react from '@vitejs/plugin-react';
import postcss from 'postcss';
import { defineConfig, type Plugin } from 'vite';
import { LINHAS_PRECOS } from './src/features/precos-publicos/constantes.ts';
import { scriptDoPedidoInicial } from './src/features/precos-publicos/pedido-de-precos.ts';

/**
 * The PrimeReact classes the public quotation page (/home) and its on-demand dialogs render (decision 0111), which
 * the producers' portal (/portal, decision 0300) and the other public pages (decision 0305: /referencia's date
 * fields and their calendar) render too:
 * its copy of the theme (`theme.css?publico`) keeps only the rules whose PrimeReact classes are all of these,
 * about a tenth of the theme, so the page's stylesheet is small to download and quick to apply.
 */
const CLASSES_DA_HOME =
  /^p-(component|button|inputtext|datatable|paginator|sortable-column|column-title|highlight|link|disabled|inline-message|invalid|error|c$|icon|dialog|component-overlay|hidden-accessible|row-odd|overflow-hidden|unselectable-text|resizable-handle|focus|calendar|datepicker|overlaypanel|inputwrapper|monthpicker|yearpicker)/;

/** The public pages of publico.html (decision 0305), as the server answers them (apps/api/src/plugins/static.ts). */
const PAGINAS_PUBLICAS = /^\/(assinar|dados-abertos|referencia|estatisticas|privacidade(\/solicitar|\/confirmar)?)\/?$/;

function temaDaHome(css: string): string {
  const raiz = postcss.parse(css);
  raiz.walkRules((regra) => {
    if (regra.parent?.type === 'atrule' && /keyframes/i.test((regra.parent as postcss.AtRule).name)) return;
    const seletores = regra.selectors.filter((sel) => [...sel.matchAll(/\.(p-[\w-]+)/g)].every((m) => CLASSES_DA_HOME.test(m[1])));
    if (seletores.length === 0) regra.remove();
    else regra.selectors = seletores;
  });
  raiz.walkAtRules((r) => {
    if (r.nodes && r.nodes.length === 0) r.remove();
  });
  return raiz.toString();
}

/** /home's early request, served and written as `/precos-iniciais.js` (pedido-de-precos.ts says what it asks). */
function precosIniciais(): Plugin {
  const script = scriptDoPedidoInicial(LINHAS_PRECOS);
  return {
    name: 'precos-iniciais',
    configureServer(server) {
      server.middlewares.use('/precos-iniciais.js', (_req, res) => {
        res.setHeader('content-type', 'text/javascript; charset=utf-8');
        res.end(script);
      });
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'precos-iniciais.js', source: script });
    },
  };
}

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    precosIniciais(),
    {
      // `vite dev`: /lote/{lote}, /home, /portal[/...] and the other public pages are their own entries, as the server
      // serves them (plugins/static.ts).
      name: 'pagina-do-lote',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && /^\/lote\/[^/?]+\/?(\?.*)?$/.test(req.url)) req.url = '/lote.html';
          else if (req.url && /^\/home\/?(\?.*)?$/.test(req.url)) req.url = '/home.html';
          else if (req.url && /^\/portal(\/[^.?]*)?(\?.*)?$/.test(req.url)) req.url = '/portal.html';
          else if (req.url && PAGINAS_PUBLICAS.test(req.url.split('?')[0])) req.url = '/publico.html';
          next();
        });
      },
    },
    {
      // PrimeReact's green primary (#10b981) fails WCAG AA contrast with white text: darken it.
      name: 'tema-contraste',
      enforce: 'pre',
      transform(code, id) {
        if (!id.includes('lara-light-green/theme.css')) return;
        // Also drop the theme's 340 KB Inter web font: the system font renders at once and needs no download.
        return (id.includes('?publico') ? temaDaHome(code) : code)
          .replaceAll('#10b981', '#047857')
          .replaceAll('#059669', '#065f46')
          .replace(/@font-face\s*{[^}]*Inter[^}]*}/g, '')
          .replaceAll('"Inter var", sans-serif', "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif");
      },
    },
  ],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000', '/realms': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    // Five pages: the app (index.html), and the public quotation (home.html, /home), the lot page (lote.html,
    // /lote/{lote}), the producers' portal (portal.html, /portal and /portal/...) and the other public pages
    // (publico.html: /assinar, /dados-abertos, /referencia, /estatisticas, /privacidade...), each with its own small bundle.
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        home: path.resolve(import.meta.dirname, 'home.html'),
        lote: path.resolve(import.meta.dirname, 'lote.html'),
        portal: path.resolve(import.meta.dirname, 'portal.html'),
        publico: path.resolve(import.meta.dirname, 'publico.html'),
      },
    },
  },
});
