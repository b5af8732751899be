import { RECURSOS, ROTAS } from '@ceasa/shared';
import { pagesGeradas } from '../components/paginas-geradas';
import { itemDeMenu, type TelasDoRecurso } from '../lib/recursos';

/**
 * Every resource's screens: whatever a feature's index.ts exports made with `pagesOf` or `pagesGeradas`
 * (one per feature folder, found by Vite at build time: a new feature is listed by being there), and the
 * generated pages (`pagesGeradas`) of every declared resource with screen fields (`campos`) and no feature of its own,
 * in the side menu's order, the order of the route names (ROTAS).
 */
const exportados = Object.values(import.meta.glob<Record<string, unknown>>('../features/*/index.ts', { eager: true })).flatMap((m) => Object.values(m));
const eRecurso = (v: unknown): v is TelasDoRecurso => typeof v === 'object' && v !== null && 'recurso' in v && 'pages' in v;
const dasFeatures = exportados.filter(eRecurso);
const gerados = RECURSOS.filter((r) => r.campos && !dasFeatures.some((d) => d.recurso.rota === r.rota)).map((r) => pagesGeradas(r));

export const resources: TelasDoRecurso[] = [...dasFeatures, ...gerados].sort((a, b) => ROTAS.indexOf(a.recurso.rota) - ROTAS.indexOf(b.recurso.rota));

/** The side menu: one entry per resource, shown when the user may see its route. */
export const menu = resources.map((r) => itemDeMenu(r.recurso));
