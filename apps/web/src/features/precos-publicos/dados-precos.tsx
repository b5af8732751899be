import type { Page, PrecoResumo } from '@ceasa/shared';
// Subpath imports on purpose: the package's index pulls zod (schemas), which /home does not need.
import { formatBRL } from '@ceasa/shared/format';
import { api } from '../../lib/api-client';

/* What the public price table and its printed report share (one module, so neither imports the other). */

export type CampoPrecos = 'produtoGrupoNome' | 'produtoGrupoUn' | 'valorMinimo' | 'valorMedio' | 'valorMaximo' | 'precoData';
export interface FiltrosPrecos {
  produtoGrupoNome?: string | null;
  precoData?: string | null;
}
export interface EstadoPrecos {
  page: number;
  sortField: CampoPrecos;
  sortOrder: 1 | -1;
  filtros: FiltrosPrecos;
}

/** POST precos/searchPrecosHome/{field}/{dir} (field first, then dir). */
export function buscarPrecos(e: Pick<EstadoPrecos, 'sortField' | 'sortOrder' | 'filtros'>, page: number, size: number) {
  const dir = e.sortOrder === -1 ? 'desc' : 'asc';
  const filtros = Object.fromEntries(Object.entries(e.filtros).filter(([, v]) => v !== null && v !== undefined && v !== ''));
  return api<Page<PrecoResumo>>(`precos/searchPrecosHome/${e.sortField}/${dir}`, { method: 'POST', body: filtros, query: { page, size } });
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
