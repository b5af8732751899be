import { createElement, lazy } from 'react';
import type { Recurso } from '@ceasa/shared';
import { pagesOf, type PageComponent, type TelasDoRecurso } from '../lib/recursos';

/**
 * A declared resource's pages: the ones its feature folder writes (`proprias`) and, for the rest, the ones its
 * declaration's fields make (`campos`, docs/adding-a-resource.md): the generic list and, with an input, the form
 * (`ListaDoRecurso`, `FormularioDoRecurso`), each loaded when first shown.
 */
export function pagesGeradas(recurso: Recurso, proprias: { lista?: PageComponent; form?: PageComponent; detalhe?: PageComponent } = {}): TelasDoRecurso {
  const lista =
    proprias.lista ?? lazy(() => import('./resource-list/lista-do-recurso').then((m) => ({ default: () => createElement(m.ListaDoRecurso, { recurso }) })));
  const gerado = () => lazy(() => import('./form/formulario-do-recurso').then((m) => ({ default: () => createElement(m.FormularioDoRecurso, { recurso }) })));
  const form = proprias.form ?? (recurso.api?.entrada ? gerado() : undefined);
  return pagesOf(recurso, { lista, form, detalhe: proprias.detalhe });
}
