import { useQueries, useQuery } from '@tanstack/react-query';
import { COLHEITA_EM_MAX_DATAS, diasAntes, type BoletimItemProduto, type MunicipiosDoProdutor, type PedraLivre, type Produto } from '@ceasa/shared';
import { api } from '../../lib/api-client';
import { DIAS_DE_PRODUTOR_ATIVO } from '../../lib/opcoes-pessoa';

/** POST pedras/livres: the stalls free on every chosen date (none asked while no date is chosen). */
export const usePedrasLivres = (datas: string[], enabled: boolean) =>
  useQuery({
    queryKey: ['pedras', 'livres', [...datas].sort()],
    queryFn: () => api<PedraLivre[]>('pedras/livres', { method: 'POST', body: datas }),
    enabled: enabled && datas.length > 0,
    staleTime: 0,
  });

/**
 * GET boletimitens/produtos/{pessoaId}?colheitaEm=…: the producer's bulletin items (harvest window and balance)
 * harvestable on at least one of the chosen dates (decision 0125), so the answer is a season's items, not every
 * bulletin the producer ever had; with no date chosen, all of them.
 */
export const useItensDoProdutor = (pessoaId: number | null | undefined, datas: string[], enabled: boolean) => {
  const dias = [...new Set(datas)].sort().slice(0, COLHEITA_EM_MAX_DATAS);
  return useQuery({
    queryKey: ['boletimitens', 'produtos', pessoaId, dias],
    queryFn: () => api<BoletimItemProduto[]>(`boletimitens/produtos/${pessoaId}${dias.length ? `?colheitaEm=${dias.join(',')}` : ''}`),
    enabled: enabled && !!pessoaId,
    staleTime: 0,
  });
};

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

/** GET romaneio/produtores/municipios: the municipalities of the producers the gate lists (the same year back as `useProdutoresAtivos`), by id. */
export function useMunicipiosDosProdutores(dia: string, enabled: boolean): Map<number, string> {
  const ativosDesde = diasAntes(dia, DIAS_DE_PRODUTOR_ATIVO);
  const q = useQuery({
    queryKey: ['romaneio', 'produtores', 'municipios', ativosDesde],
    queryFn: () => api<MunicipiosDoProdutor[]>(`romaneio/produtores/municipios?ativosDesde=${ativosDesde}`),
    enabled,
    staleTime: 60_000,
  });
  return new Map((Array.isArray(q.data) ? q.data : []).map((m) => [m.id, m.municipios]));
}
