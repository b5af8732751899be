import { useQuery } from '@tanstack/react-query';
import type { VeiculoTipo } from '@ceasa/shared';
import { api } from '../../lib/api-client';

/** GET veiculo_tipo: the vehicle types, and their dropdown options. */
export function useVeiculoTipoOpcoes() {
  const q = useQuery({ queryKey: ['veiculo_tipo'], queryFn: () => api<VeiculoTipo[]>('veiculo_tipo'), staleTime: 5 * 60_000 });
  return { ...q, opcoes: (q.data ?? []).map((t) => ({ label: t.nome, value: t.id })) };
}
