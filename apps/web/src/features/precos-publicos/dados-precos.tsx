import type { Page, PrecoResumo } from '@ceasa/shared';
// Subpath imports on purpose: the package's index pulls zod (schemas), which /home does not need.
import { formatBRL } from '@ceasa/shared/format';
import { api } from '../../lib/api-client';
import { pedidoDePrecos, type EstadoPrecos } from './pedido-de-precos';

/* What the public price table and its printed report share (one module, so neither imports the other). */

export type { CampoPrecos, EstadoPrecos, FiltrosPrecos } from './pedido-de-precos';

/** A page of the public quotation for a view (pedido-de-precos.ts says the request). */
export function buscarPrecos(e: Pick<EstadoPrecos, 'sortField' | 'sortOrder' | 'filtros'>, page: number, size: number) {
  const p = pedidoDePrecos(e, page, size);
  return api<Page<PrecoResumo>>(p.caminho, { method: 'POST', body: p.corpo, query: p.query });
}

/** Package price with the price per kg beside it. */
export function Valor({ valor, kg }: { valor: number; kg: number | null | undefined }) {
  return (
    <span className="valor">
      <span>{formatBRL(valor)}</span>
      {kg !== null && kg !== undefined && <small className="valor-kg">{formatBRL(kg)}/kg</small>}
    </span>
  );
}
