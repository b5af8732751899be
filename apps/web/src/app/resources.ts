import { lazy, type ComponentType } from 'react';
import { RECURSOS, ROTAS } from '@ceasa/shared';
import { pagesGeradas } from '../components/paginas-geradas';
import { itemDeMenu, pagesOf, type TelasDoRecurso } from '../lib/recursos';

/**
 * Every resource's screens, in the side menu's order (the order of the route names, ROTAS):
 * - what a feature's index.ts exports made with `pagesOf` or `pagesGeradas` (a resource with more than its three
 *   pages: extra paths, other permissions);
 * - for every other declared resource, its feature folder's pages found by their file names, `features/<folder>/<folder>-list-page.tsx`,
 *   `-form.tsx`, `-detail-page.tsx` (the folder is the route name in kebab-case, 'produtoGrupo' → produto-grupo; the
 *   page is the file's default export), and for a resource with screen fields (`campos`) the generated list and form
 *   where it writes none (`pagesGeradas`).
 * Vite finds both at build time: a new feature or page is listed by being there. Each page is loaded when first shown.
 */
const exportados = Object.values(import.meta.glob<Record<string, unknown>>('../features/*/index.ts', { eager: true })).flatMap((m) => Object.values(m));
const eRecurso = (v: unknown): v is TelasDoRecurso => typeof v === 'object' && v !== null && 'recurso' in v && 'pages' in v;
const dasFeatures = exportados.filter(eRecurso);

const arquivos = import.meta.glob<{ default: ComponentType }>(['../features/*/*-list-page.tsx', '../features/*/*-form.tsx', '../features/*/*-detail-page.tsx']);
const pasta = (rota: string) => rota.replace(/[A-Z]/g, (l) => `-${l.toLowerCase()}`);
const pagina = (rota: string, sufixo: string) => {
  const carregar = arquivos[`../features/${pasta(rota)}/${pasta(rota)}-${sufixo}.tsx`];
  return carregar && lazy(carregar);
};
const daPasta = RECURSOS.filter((r) => !dasFeatures.some((d) => d.recurso.rota === r.rota)).flatMap((r) => {
  const proprias = { lista: pagina(r.rota, 'list-page'), form: pagina(r.rota, 'form'), detalhe: pagina(r.rota, 'detail-page') };
  if (r.campos) return [pagesGeradas(r, proprias)];
  return proprias.lista ? [pagesOf(r, { ...proprias, lista: proprias.lista })] : [];
});

export const resources: TelasDoRecurso[] = [...dasFeatures, ...daPasta].sort((a, b) => ROTAS.indexOf(a.recurso.rota) - ROTAS.indexOf(b.recurso.rota));

/** The side menu: one entry per resource, shown when the user may see its route. */
export const menu = resources.map((r) => itemDeMenu(r.recurso));
