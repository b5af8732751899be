import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  root: import.meta.dirname,
  plugins: [
    react(),
    {
      // `vite dev`: /lote/{lote} and /home are their own entries, as the server serves them (plugins/static.ts).
      name: 'pagina-do-lote',
      configureServer(server) {
        server.middlewares.use((req, _res, next) => {
          if (req.url && /^\/lote\/[^/?]+\/?(\?.*)?$/.test(req.url)) req.url = '/lote.html';
          else if (req.url && /^\/home\/?(\?.*)?$/.test(req.url)) req.url = '/home.html';
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
        return code
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
    // Three pages: the app (index.html), and the public quotation (home.html, /home) and lot page (lote.html,
    // /lote/{lote}), each with its own small bundle.
    rolldownOptions: {
      input: {
        main: path.resolve(import.meta.dirname, 'index.html'),
        home: path.resolve(import.meta.dirname, 'home.html'),
        lote: path.resolve(import.meta.dirname, 'lote.html'),
      },
    },
  },
});
