import { useQueries, useQuery } from '@tanstack/react-query';
import type { BoletimItemProduto, PedraLivre, Produto } from '@ceasa/shared';
import { api } from '../../lib/api-client';

/** POST pedras/livres: the stalls free on every chosen date (none asked while no date is chosen). */
export const usePedrasLivres = (datas: string[], enabled: boolean) =>
  useQuery({
    queryKey: ['pedras', 'livres', [...datas].sort()],
    queryFn: () => api<PedraLivre[]>('pedras/livres', { method: 'POST', body: datas }),
    enabled: enabled && datas.length > 0,
    staleTime: 0,
  });

/** GET boletimitens/produtos/{pessoaId}: the producer's bulletin items (harvest window and balance). */
export const useItensDoProdutor = (pessoaId: number | null | undefined, enabled: boolean) =>
  useQuery({
    queryKey: ['boletimitens', 'produtos', pessoaId],
    queryFn: () => api<BoletimItemProduto[]>(`boletimitens/produtos/${pessoaId}`),
    enabled: enabled && !!pessoaId,
    staleTime: 0,
  });

/** GET produto/{id} of each product shown: its `pesoEmKg` (a package's weight), for the quantities' kg. */
export function usePesosDosProdutos(ids: number[]): Map<number, number> {
  const unicos = [...new Set(ids)].sort((a, b) => a - b);
  const qs = useQueries({
    queries: unicos.map((id) => ({
      queryKey: ['registro', 'produto', id],
      queryFn: () => api<Produto>(`produto/${id}`),
      staleTime: 5 * 60_000,
      retry: false,
    })),
  });
  return new Map(unicos.flatMap((id, i) => (qs[i].data ? [[id, qs[i].data.pesoEmKg] as const] : [])));
}
