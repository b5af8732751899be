import { createElement, lazy } from 'react';
import { RECURSOS, ROTAS, type Recurso } from '@ceasa/shared';
import { itemDeMenu, pagesOf, type ResourceDef } from '../lib/recursos';

/**
 * The pages a declaration's fields make (its `campos`, docs/adding-a-resource.md): the generic list and
 * form (`ListaDoRecurso`, `FormularioDoRecurso`), each loaded when first shown. The app gives them to every
 * declared resource with fields and no feature folder of its own (below).
 */
function pagesGeradas(recurso: Recurso): ResourceDef {
  const lista = lazy(() =>
    import('../components/resource-list/lista-do-recurso').then((m) => ({ default: () => createElement(m.ListaDoRecurso, { recurso }) })),
  );
  const form = lazy(() =>
    import('../components/form/formulario-do-recurso').then((m) => ({ default: () => createElement(m.FormularioDoRecurso, { recurso }) })),
  );
  return pagesOf(recurso, { lista, form });
}

/**
 * Every resource's screens: whatever a feature's index.ts exports made with `pagesOf` (one per
 * feature folder, found by Vite at build time: a new feature is listed by being there), and the
 * generated pages of every declared resource with screen fields (`campos`) and no feature of its own,
 * in the side menu's order, the order of the route names (ROTAS).
 */
const exportados = Object.values(import.meta.glob<Record<string, unknown>>('../features/*/index.ts', { eager: true })).flatMap((m) => Object.values(m));
const eRecurso = (v: unknown): v is ResourceDef => typeof v === 'object' && v !== null && 'recurso' in v && 'pages' in v;
const dasFeatures = exportados.filter(eRecurso);
const gerados = RECURSOS.filter((r) => r.campos && !dasFeatures.some((d) => d.recurso.rota === r.rota)).map(pagesGeradas);

export const resources: ResourceDef[] = [...dasFeatures, ...gerados].sort((a, b) => ROTAS.indexOf(a.recurso.rota) - ROTAS.indexOf(b.recurso.rota));

/** The side menu: one entry per resource, shown when the user may see its route. */
export const menu = resources.map((r) => itemDeMenu(r.recurso));
