import { useQuery } from '@tanstack/react-query';
import { formatKg, type ChegadaRegistro } from '@ceasa/shared';
import { api } from './api-client';

/**
 * GET portal/chegadas?data=…[&pessoaId=…]: the loads producers announced in the portal for a day (decision 0298), of
 * every producer or of one: for the gate's 'Usar a chegada' and /admin's day. Read while `enabled` and a day is given.
 */
export function useChegadasDoDia(data: string | null | undefined, pessoaId?: number | null, enabled = true) {
  const busca = new URLSearchParams({ ...(data ? { data } : {}), ...(pessoaId ? { pessoaId: String(pessoaId) } : {}) }).toString();
  return useQuery({
    queryKey: ['portal', 'chegadas', data, pessoaId ?? null],
    queryFn: () => api<ChegadaRegistro[]>(`portal/chegadas?${busca}`),
    enabled: enabled && !!data,
    staleTime: 0,
  });
}

/** An announced load's products as the desk reads them: 'Tomate 100 kg, Alface 30,5 kg'. */
export const produtosDaChegada = (c: Pick<ChegadaRegistro, 'itens'>) => c.itens.map((i) => `${i.produtoNome} ${formatKg(i.quantidade)}`).join(', ');

/** An announced load's situation, in pt-BR. */
export const SITUACAO_DA_CHEGADA: Record<ChegadaRegistro['situacao'], string> = { anunciada: 'Anunciada', recebida: 'Recebida' };
