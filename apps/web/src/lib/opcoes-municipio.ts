import { useQuery } from '@tanstack/react-query';
import type { Municipio } from '@ceasa/shared';
import { api } from './api-client';

/** Options of a municipality dropdown (GET municipio/findAllBasic), 'nome - sigla'. Always fresh on mount. */
export function useMunicipioOpcoes() {
  const q = useQuery({ queryKey: ['municipio', 'findAllBasic'], queryFn: () => api<Municipio[]>('municipio/findAllBasic'), staleTime: 0 });
  return { ...q, opcoes: (q.data ?? []).map((m) => ({ label: m.sigla ? `${m.nome} - ${m.sigla}` : m.nome, value: m.id })) };
}
